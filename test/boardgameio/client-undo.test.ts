/**
 * Undo and redo on boardgame.io's own client and on turnchart's, compared:
 * whose moves, which moves (`undoable`), the winning move, disableUndo, the
 * end of a turn, and the intended difference in stage move counts.
 */
import { counterGame } from './games/counter';
import { discardDuel } from './games/discard-duel';
import { ticTacToe } from './games/tic-tac-toe';
import { compareTraces, expectSame, playBoth, type Act } from './support';

const add = (as: string, move = 'add', args: unknown[] = [1]): Act => ({ as, move, args });

describe('undo and redo follow boardgame.io rules', () => {
  test('a player undoes and redoes their own moves, one at a time, in order', () => {
    const script: Act[] = [
      add('0'),
      add('0', 'add', [2]),
      { as: '0', undo: true },
      { as: '0', undo: true },
      { as: '0', undo: true },
      { as: '0', redo: true },
      { as: '0', redo: true },
      { as: '0', redo: true },
    ];
    const traces = playBoth(counterGame(), script);
    expectSame(traces, script);
    const totals = traces.turnchart.states.map((s) => s.G.total);
    expect(totals).toEqual([0, 1, 3, 1, 0, 0, 1, 3, 3]);
    expect(traces.turnchart.output[4]).toEqual(['error ERROR: No moves to undo']);
    expect(traces.turnchart.output[7]).toEqual(['error ERROR: No moves to redo']);
    expect(traces.turnchart.states[3].log.at(-1).action.type).toBe('UNDO');
  });

  test("only one's own moves: another player can neither undo nor redo them", () => {
    const script: Act[] = [
      add('0'),
      { as: '1', undo: true },
      { as: '0', undo: true },
      { as: '1', redo: true },
      { as: '0', redo: true },
      add('1'),
    ];
    const traces = playBoth(counterGame(), script);
    expectSame(traces, script);
    expect(traces.turnchart.output[1]).toEqual(["error ERROR: Cannot undo other players' moves"]);
    expect(traces.turnchart.output[3]).toEqual(["error ERROR: Cannot redo other players' moves"]);
    expect(traces.turnchart.output[5]).toEqual(['error ERROR: disallowed move: add']);
  });

  test('long-form moves: `undoable: false`, and an `undoable` function of the current G', () => {
    const script: Act[] = [
      add('0', 'addForGood'),
      { as: '0', undo: true },
      add('0', 'addWhileSmall', [2]),
      { as: '0', undo: true },
      add('0', 'addWhileSmall', [4]),
      add('0', 'addWhileSmall'),
      { as: '0', undo: true },
    ];
    const traces = playBoth(counterGame(), script);
    expectSame(traces, script);
    expect(traces.turnchart.output[1]).toEqual(['error ERROR: Move cannot be undone']);
    expect(traces.turnchart.output[3]).toEqual([]);
    expect(traces.turnchart.output[6]).toEqual(['error ERROR: Move cannot be undone']);
  });

  test('the winning move can be undone and redone; the chart leaves and re-enters gameover', () => {
    const script: Act[] = [0, 3, 1, 4, 2].map((id): Act => ({ move: 'clickCell', args: [id] }));
    script.push({ undo: true }, { redo: true }, { undo: true }, { move: 'clickCell', args: [8] });
    const traces = playBoth(ticTacToe, script);
    expectSame(traces, script);
    expect(traces.turnchart.states.map((s) => s.ctx.gameover?.winner ?? null).slice(5)).toEqual([
      '0',
      null,
      '0',
      null,
      null,
    ]);
  });

  test('disableUndo refuses both', () => {
    const script: Act[] = [add('0'), { as: '0', undo: true }, { as: '0', redo: true }];
    const traces = playBoth(counterGame({ disableUndo: true }), script);
    expectSame(traces, script);
    expect(traces.turnchart.output.slice(1)).toEqual([
      ['error ERROR: Undo is not enabled'],
      ['error ERROR: Redo is not enabled'],
    ]);
    expect(traces.turnchart.states.at(-1)._undo).toEqual([]);
  });

  test('ending the turn clears the history; the dice come back with an undo', () => {
    const script: Act[] = [
      { as: '0', move: 'drawCard' },
      { as: '0', undo: true },
      { as: '0', move: 'drawCard' },
      { as: '0', move: 'drawCard' },
      { as: '1', undo: true },
    ];
    const traces = playBoth((lib) => discardDuel(lib), script);
    expectSame(traces, script);
    expect(traces.turnchart.states[2].G).toEqual(traces.turnchart.states[0].G);
    expect(traces.turnchart.states[4]._undo).toHaveLength(1);
  });

  test('intended difference: an undo restores stage move counts as they were (boardgame.io restores counts later moves changed in place)', () => {
    const script: Act[] = [add('1'), { as: '1', undo: true }, { as: '1', event: 'endStage' }];
    const traces = playBoth(counterGame({ minMoves: 1 }), script);
    expect(compareTraces(traces, script)).toEqual({
      kind: 'expected',
      difference: 'undo-restores-move-counts',
      step: 2,
    });
    expect(traces.bgio.states[2].ctx._activePlayersNumMoves).toEqual({ 0: 0, 1: 1 });
    expect(traces.turnchart.states[2].ctx._activePlayersNumMoves).toEqual({ 0: 0, 1: 0 });
    // So boardgame.io lets player 1 leave without the move their minMoves asks for; turnchart does not.
    expect(traces.bgio.states[3].ctx.activePlayers).toEqual({ 0: null });
    expect(traces.turnchart.states[3].ctx.activePlayers).toEqual({ 0: null, 1: null });
    expect(traces.turnchart.output[2]).toEqual(['log INFO: cannot end stage before making 1 moves']);
  });
});
