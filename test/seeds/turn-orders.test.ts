/**
 * boardgame.io 0.3x–0.4x's Turn Orders guide, in the 0.50 API: the ctx turn-order
 * fields, TurnOrder presets across phases and a custom `order`.
 * turn.activePlayers and `endTurn({ next })`: turn-active-players.test.ts.
 * Hooks take `{ G, ctx }` instead of `(G, ctx)`.
 */
import { ActivePlayers, TurnOrder, type Game } from 'turnchart';
import { startMatch } from './scenario-match';
import { act, passTurns, simpleGame, twoPhases, type Log } from './turn-order-games';

describe('the turn-order state in ctx', () => {
  test('a match starts with currentPlayer "0", playOrder ["0", "1", ...], playOrderPos 0 and no activePlayers', () => {
    const m = startMatch(simpleGame(), 4);
    m.expectCtx({
      currentPlayer: '0',
      playOrder: ['0', '1', '2', '3'],
      playOrderPos: 0,
      activePlayers: null,
      turn: 1,
      numPlayers: 4,
    });
    expect(m.seats()).toEqual(['active', 'idle', 'idle', 'idle']);
  });

  test('currentPlayer "is the owner of the current turn, and the only player that can call events"', () => {
    const m = startMatch(simpleGame(), 3);
    m.rejectEvent('PLAYER_NOT_ACTIVE', 'endTurn', '1');
    m.rejectEvent('PLAYER_NOT_ACTIVE', 'endPhase', '2');
    m.rejectMove('PLAYER_NOT_ACTIVE', 'act', '1');
    m.event('endTurn', '0');
    m.expectCtx({ currentPlayer: '1', turn: 2 });
  });

  test('"currentPlayer is just playOrder[playOrderPos]"; the default policy increments playOrderPos round-robin', () => {
    const m = startMatch(simpleGame(), 4);
    for (const [pos, turn] of [
      [1, 2],
      [2, 3],
      [3, 4],
      [0, 5],
      [1, 6],
    ]) {
      m.event('endTurn', m.ctx().currentPlayer);
      m.expectCtx({ playOrderPos: pos, currentPlayer: String(pos), turn, numMoves: 0 });
      expect(m.ctx().currentPlayer).toBe(m.ctx().playOrder[m.ctx().playOrderPos]);
    }
  });

  test('"if activePlayers contains multiple players, they can make a move in any order"', () => {
    const m = startMatch(simpleGame({ activePlayers: ActivePlayers.ALL }), 3);
    for (const p of ['2', '0', '2', '1']) m.move('act', p);
    expect(m.G().log).toEqual(['act by 2', 'act by 0', 'act by 2', 'act by 1']);
    m.expectCtx({ numMoves: 1, _activePlayersNumMoves: { 0: 1, 1: 1, 2: 2 } });
  });

  test('"The player that just made a move" is the playerID a move receives (0.50 keeps no ctx.playerID)', () => {
    const m = startMatch(simpleGame({ activePlayers: ActivePlayers.OTHERS }), 3);
    m.move('act', '2');
    expect(m.G().log).toEqual(['act by 2']);
    expect(m.ctx()).not.toHaveProperty('playerID');
  });
});

describe('TurnOrder presets across phases', () => {
  test('DEFAULT "goes on indefinitely until you end the phase"; a next phase also using DEFAULT continues the round-robin seamlessly', () => {
    const m = startMatch(twoPhases(TurnOrder.DEFAULT), 3);
    expect(passTurns(m, 4)).toEqual(['1', '2', '0', '1']);
    m.expectCtx({ phase: 'A', turn: 5, playOrderPos: 1 });
    m.event('endPhase', '1');
    m.expectCtx({ phase: 'B', turn: 6, currentPlayer: '2', playOrderPos: 2, playOrder: ['0', '1', '2'] });
    expect(passTurns(m, 2)).toEqual(['0', '1']);
  });

  test('RESET: "instead of continuing from the previous position at the beginning of a phase, it will always start from 0"', () => {
    const m = startMatch(twoPhases(TurnOrder.RESET), 3);
    passTurns(m, 1);
    m.event('endPhase', '1');
    m.expectCtx({ phase: 'B', turn: 3, currentPlayer: '0', playOrderPos: 0 });
    expect(passTurns(m, 3)).toEqual(['1', '2', '0']);
  });

  test('CONTINUE: the next phase begins with the player who ended the last one', () => {
    const m = startMatch(twoPhases(TurnOrder.CONTINUE), 3);
    passTurns(m, 1);
    m.event('endPhase', '1');
    m.expectCtx({ phase: 'B', turn: 3, currentPlayer: '1', playOrderPos: 1 });
    expect(passTurns(m, 2)).toEqual(['2', '0']);
  });

  test('ONCE: "a round-robin, but it goes around only once. After this, the phase ends automatically"', () => {
    const game: Game<Log> = {
      setup: () => ({ log: [] }),
      moves: { act },
      phases: { A: { start: true, next: 'B', turn: { order: TurnOrder.ONCE } }, B: {} },
    };
    const m = startMatch(game, 3);
    m.expectCtx({ phase: 'A', currentPlayer: '0', playOrderPos: 0 });
    expect(passTurns(m, 2)).toEqual(['1', '2']);
    m.expectCtx({ phase: 'A', turn: 3 });
    m.event('endTurn', '2');
    m.expectCtx({ phase: 'B', turn: 4, currentPlayer: '0', playOrderPos: 0 });
  });

  test('CUSTOM: "Round-robin like DEFAULT, but sets playOrder to the provided value"', () => {
    const m = startMatch(twoPhases(TurnOrder.CUSTOM(['2', '0', '3'])), 4);
    m.event('endPhase', '0');
    m.expectCtx({ phase: 'B', playOrder: ['2', '0', '3'], playOrderPos: 0, currentPlayer: '2', turn: 2 });
    m.rejectMove('PLAYER_NOT_ACTIVE', 'act', '1');
    expect(passTurns(m, 4)).toEqual(['0', '3', '2', '0']);
    m.expectCtx({ playOrderPos: 1, turn: 6 });
  });

  test('CUSTOM_FROM: "sets playOrder to the value in a specified field in G", read when the phase begins', () => {
    const m = startMatch(twoPhases(TurnOrder.CUSTOM_FROM('order')), 4);
    m.move('setOrder', '0', ['1', '3']);
    m.event('endPhase', '0');
    m.expectCtx({ phase: 'B', playOrder: ['1', '3'], playOrderPos: 0, currentPlayer: '1', turn: 2 });
    expect(passTurns(m, 3)).toEqual(['3', '1', '3']);
    expect(m.G().order).toEqual(['1', '3']);
  });

  test("the seed's per-phase example: A has turn.activePlayers ALL, B has turn.order ONCE", () => {
    const game: Game<Log> = {
      setup: () => ({ log: [] }),
      moves: { act },
      phases: {
        A: { start: true, next: 'B', turn: { activePlayers: ActivePlayers.ALL } },
        B: { turn: { order: TurnOrder.ONCE } },
      },
    };
    const m = startMatch(game, 3);
    m.expectCtx({ phase: 'A', activePlayers: { 0: null, 1: null, 2: null } });
    m.move('act', '2');
    m.event('endPhase', '0');
    m.expectCtx({ phase: 'B', turn: 2, currentPlayer: '0', playOrderPos: 0, activePlayers: null });
    expect(passTurns(m, 2)).toEqual(['1', '2']);
    m.event('endTurn', '2');
    // B has no next: once round, then no phase, with the game's default round-robin.
    m.expectCtx({ phase: null, turn: 5, currentPlayer: '0', playOrderPos: 0 });
  });
});

describe('a custom turn order { playOrder, first, next }', () => {
  const reverseOnce = (): Game<Log> => ({
    setup: () => ({ log: [] }),
    moves: { act },
    phases: {
      reverse: {
        start: true,
        next: 'after',
        turn: {
          order: {
            playOrder: ({ ctx }) => [...ctx.playOrder].reverse(),
            first: () => 1,
            next: ({ ctx }) => (ctx.playOrderPos + 1 < ctx.playOrder.length ? ctx.playOrderPos + 1 : undefined),
          },
        },
      },
      after: {},
    },
  });

  test('playOrder and first are "called at the beginning of the phase"', () => {
    const m = startMatch(reverseOnce(), 4);
    m.expectCtx({ phase: 'reverse', playOrder: ['3', '2', '1', '0'], playOrderPos: 1, currentPlayer: '2', turn: 1 });
    m.rejectMove('PLAYER_NOT_ACTIVE', 'act', '3');
    m.move('act', '2');
  });

  test('next is "called at the end of each turn"; "The phase ends if this returns undefined"', () => {
    const m = startMatch(reverseOnce(), 4);
    expect(passTurns(m, 2)).toEqual(['1', '0']);
    m.expectCtx({ phase: 'reverse', playOrderPos: 3, turn: 3 });
    m.event('endTurn', '0');
    m.expectCtx({ phase: 'after', turn: 4, playOrder: ['0', '1', '2', '3'], playOrderPos: 0, currentPlayer: '0' });
  });

  test("the seed's own next, (ctx.playOrderPos + 1) % ctx.numPlayers, with first 0, is a plain round-robin", () => {
    const m = startMatch(
      simpleGame({ order: { first: () => 0, next: ({ ctx }) => (ctx.playOrderPos + 1) % ctx.numPlayers } }),
      3,
    );
    expect(passTurns(m, 4)).toEqual(['1', '2', '0', '1']);
    m.expectCtx({ playOrderPos: 1, turn: 5, phase: null });
  });
});
