/**
 * boardgame.io 0.2x's Phases guide in the 0.50 API (see phases.test.ts):
 * automatic setup and cleanup (onPhaseBegin / onPhaseEnd -> phases.<name>.
 * onBegin / onEnd), and the triggers and hooks (endTurnIf, endGameIf,
 * onTurnBegin, onTurnEnd, onMove -> turn.endIf, endIf, turn.onBegin / onEnd /
 * onMove).
 */
import { type Game } from 'turnchart';
import { startMatch } from './scenario-match';
import { cardGame, drawCard, record, repeat, type Cards, type Log } from './card-games';

describe('automatic setup and cleanup (onPhaseBegin / onPhaseEnd)', () => {
  test('onPhaseBegin (onBegin) runs when a phase begins and onPhaseEnd (onEnd) when it ends, in order', () => {
    const game: Game<Log> = {
      setup: () => ({ log: [] }),
      phases: {
        phaseA: { start: true, next: 'phaseB', onBegin: record('A begins'), onEnd: record('A ends') },
        phaseB: { onBegin: record('B begins'), onEnd: record('B ends') },
      },
    };
    const m = startMatch(game, 2);
    expect(m.G().log).toEqual(['A begins']);
    m.event('endPhase', '0');
    expect(m.G().log).toEqual(['A begins', 'A ends', 'B begins']);
    m.expectCtx({ phase: 'phaseB', turn: 2 });
    m.event('endPhase', '1');
    expect(m.G().log).toEqual(['A begins', 'A ends', 'B begins', 'B ends']);
    m.expectCtx({ phase: null, turn: 3 });
  });

  test('"specified just like normal moves": a phase hook may also return a new G instead of mutating it', () => {
    const game: Game<Cards> = {
      setup: () => ({ deck: 0, hand: 0 }),
      moves: { drawCard },
      phases: { deal: { start: true, onBegin: ({ G }) => ({ ...G, deck: 5 }), onEnd: ({ G }) => ({ ...G, hand: 0 }) } },
    };
    const m = startMatch(game, 1);
    expect(m.G()).toEqual({ deck: 5, hand: 0 });
    m.move('drawCard', '0');
    m.move('drawCard', '0');
    expect(m.G()).toEqual({ deck: 3, hand: 2 });
    m.event('endPhase', '0');
    expect(m.G()).toEqual({ deck: 3, hand: 0 });
    m.expectCtx({ phase: null, turn: 2 });
  });

  test("a phase change runs turn.onEnd, then the old phase's onEnd, then the new phase's onBegin, then turn.onBegin", () => {
    const game: Game<Log> = {
      setup: () => ({ log: [] }),
      turn: { onBegin: record('turn begins'), onEnd: record('turn ends') },
      phases: {
        A: { start: true, next: 'B', onBegin: record('A begins'), onEnd: record('A ends') },
        B: { onBegin: record('B begins') },
      },
    };
    const m = startMatch(game, 2);
    expect(m.G().log).toEqual(['A begins', 'turn begins']);
    m.event('endPhase', '0');
    expect(m.G().log).toEqual(['A begins', 'turn begins', 'turn ends', 'A ends', 'B begins', 'turn begins']);
    m.expectCtx({ phase: 'B', turn: 2, currentPlayer: '1' });
  });
});

describe('triggers and hooks (endTurnIf, endGameIf, onTurnBegin, onTurnEnd, onMove)', () => {
  test('endTurnIf (turn.endIf) "ends the turn if this returns a truthy value"', () => {
    const game: Game<Cards> = { ...cardGame, turn: { endIf: ({ ctx }) => (ctx.numMoves ?? 0) >= 2 } };
    const m = startMatch(game, 3);
    m.move('drawCard', '0');
    m.expectCtx({ currentPlayer: '0', turn: 1, numMoves: 1 });
    m.move('drawCard', '0');
    m.expectCtx({ currentPlayer: '1', playOrderPos: 1, turn: 2, numMoves: 0 });
    m.rejectMove('PLAYER_NOT_ACTIVE', 'drawCard', '0');
    m.move('playCard', '1');
    m.move('playCard', '1');
    m.expectCtx({ currentPlayer: '2', playOrderPos: 2, turn: 3 });
    expect(m.G()).toEqual({ deck: 5, hand: 0 });
  });

  test('endGameIf (game endIf) "ends the game if this returns anything other than undefined"; the value becomes ctx.gameover', () => {
    const game: Game<Cards> = { ...cardGame, endIf: ({ G }) => (G.hand >= 3 ? { winner: '0' } : undefined) };
    const m = startMatch(game, 1);
    m.move('drawCard', '0');
    m.move('drawCard', '0');
    m.expectCtx({ gameover: undefined, phase: null, turn: 1 });
    m.move('drawCard', '0');
    expect(m.G()).toEqual({ deck: 2, hand: 3 });
    m.expectCtx({ gameover: { winner: '0' }, turn: 1, numMoves: 3 });
    expect(m.match.getStateValue()).toBe('gameover');
    m.rejectMove('GAME_OVER', 'playCard', '0');
    m.rejectEvent('GAME_OVER', 'endTurn', '0');
  });

  test('ending the game from a phase ends that phase too: its onEnd runs (turn.onEnd does not, as in 0.50.2) and ctx.phase becomes null', () => {
    const game: Game<Cards & Log> = {
      setup: () => ({ deck: 5, hand: 0, log: [] }),
      endIf: ({ G }) => (G.deck === 0 ? 'deck empty' : undefined),
      phases: { draw: { start: true, moves: { drawCard }, onEnd: record('draw ends') } },
      turn: { onEnd: record('turn ends') },
    };
    const m = startMatch(game, 1);
    repeat(5, () => m.move('drawCard', '0'));
    expect(m.G()).toEqual({ deck: 0, hand: 5, log: ['draw ends'] });
    m.expectCtx({ gameover: 'deck empty', phase: null, turn: 1 });
  });

  test('onTurnBegin, onMove and onTurnEnd (turn.onBegin / onMove / onEnd) run at the start of a turn, after each move and at its end', () => {
    const game: Game<Log> = {
      setup: () => ({ log: [] }),
      moves: { act: record('move') },
      turn: {
        onBegin: ({ G, ctx }) => void G.log.push(`begin ${ctx.currentPlayer}`),
        onMove: ({ G, playerID }) => void G.log.push(`onMove ${playerID}`),
        onEnd: ({ G, ctx }) => void G.log.push(`end ${ctx.currentPlayer}`),
      },
    };
    const m = startMatch(game, 2);
    expect(m.G().log).toEqual(['begin 0']);
    m.move('act', '0');
    expect(m.G().log).toEqual(['begin 0', 'move', 'onMove 0']);
    m.event('endTurn', '0');
    expect(m.G().log).toEqual(['begin 0', 'move', 'onMove 0', 'end 0', 'begin 1']);
    m.expectCtx({ currentPlayer: '1', turn: 2, numMoves: 0 });
  });

  test('"These can also be overridden at the phase level": a phase\'s turn config replaces the game\'s turn config', () => {
    const game: Game<Log> = {
      setup: () => ({ log: [] }),
      moves: { act: () => undefined },
      turn: { onBegin: record('game turn begins') },
      phases: {
        A: { start: true, next: 'B' },
        B: { turn: { onBegin: record('B turn begins'), endIf: ({ ctx }) => (ctx.numMoves ?? 0) >= 1 } },
      },
    };
    const m = startMatch(game, 2);
    expect(m.G().log).toEqual(['game turn begins']);
    m.move('act', '0');
    m.expectCtx({ phase: 'A', currentPlayer: '0', numMoves: 1 });
    m.event('endPhase', '0');
    expect(m.G().log).toEqual(['game turn begins', 'B turn begins']);
    m.expectCtx({ phase: 'B', currentPlayer: '1', turn: 2 });
    m.move('act', '1');
    expect(m.G().log).toEqual(['game turn begins', 'B turn begins', 'B turn begins']);
    m.expectCtx({ phase: 'B', currentPlayer: '0', playOrderPos: 0, turn: 3, numMoves: 0 });
  });
});
