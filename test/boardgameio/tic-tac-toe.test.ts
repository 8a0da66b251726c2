/**
 * boardgame.io's tutorial game on both clients: the same game file and the
 * same actions give the same G, ctx, isActive, _stateID, log, undo stacks and
 * printed lines after every step.
 */
import { ticTacToe } from './games/tic-tac-toe';
import { expectSame, pick, playBoth, prng, scriptOn, type Act } from './support';

const cell = (id: number): Act => ({ move: 'clickCell', args: [id] });

test('a won game: moves, an occupied cell (INVALID_MOVE), the winner via endIf, moves after the end', () => {
  const script: Act[] = [cell(0), cell(0), cell(3), cell(1), cell(4), cell(2), cell(5), { event: 'endTurn' }];
  const traces = playBoth(ticTacToe, script);
  expectSame(traces, script);
  const last = traces.turnchart.states.at(-1);
  expect(last.ctx.gameover).toEqual({ winner: '0' });
  expect(last.isActive).toBe(false);
  expect(traces.turnchart.output[1]).toEqual(['error ERROR: invalid move: clickCell args: 0']);
  expect(traces.turnchart.output[7]).toEqual(['error ERROR: cannot call event after game end']);
});

test('a drawn game ends with { draw: true }', () => {
  const script: Act[] = [0, 1, 2, 4, 3, 5, 7, 6, 8].map(cell);
  const traces = playBoth(ticTacToe, script);
  expectSame(traces, script);
  expect(traces.turnchart.states.at(-1).ctx.gameover).toEqual({ draw: true });
});

test('ending a turn before its minMoves is accepted as a no-op with an INFO line, as boardgame.io does', () => {
  const script: Act[] = [{ event: 'endTurn' }, cell(4), { event: 'endTurn' }, { event: 'pass' }];
  const traces = playBoth(ticTacToe, script);
  expectSame(traces, script);
  expect(traces.turnchart.output[0]).toEqual(['log INFO: cannot end turn before making 1 moves']);
  expect(traces.turnchart.states[1]._stateID).toBe(1);
  expect(traces.turnchart.states[1].ctx).toEqual(traces.turnchart.states[0].ctx);
});

test('a client bound to a player: the other player is refused and the client is inactive off-turn', () => {
  const script: Act[] = [
    { as: '1', move: 'clickCell', args: [0] },
    { as: '0', move: 'clickCell', args: [0] },
    { as: '0', move: 'clickCell', args: [1] },
    { as: '1', event: 'endTurn' },
  ];
  const traces = playBoth(ticTacToe, script, { playerID: '1' });
  expectSame(traces, script);
  expect(traces.turnchart.output[0]).toEqual(['error ERROR: disallowed move: clickCell']);
  expect(traces.turnchart.states[0].isActive).toBe(false);
});

/** A playout chosen on boardgame.io's state (random cells, some taken), replayed on both. */
function randomScript(seed: number): Act[] {
  const rand = prng(seed);
  return scriptOn(ticTacToe, {}, 30, (state) => {
    if (state.ctx.gameover !== undefined) return undefined;
    return rand() < 0.1 ? { event: pick(rand, ['endTurn', 'pass']) } : cell(Math.floor(rand() * 9));
  });
}

test.each([1, 2, 3, 4, 5, 6, 7, 8])('a random playout (seed %i) is the same on both clients', (seed) => {
  const script = randomScript(seed);
  const traces = playBoth(ticTacToe, script);
  expectSame(traces, script);
  expect(traces.turnchart.states.at(-1)._stateID).toBeGreaterThan(0);
});
