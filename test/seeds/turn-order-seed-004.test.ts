/**
 * Seed 004 (Turn orders, 0.3x–0.4x), in the 0.50 API: the ctx turn-order
 * fields, TurnOrder presets across phases, a custom `order`, turn.activePlayers
 * (the seed's `moveLimit` becomes `maxMoves`, `all: true` becomes
 * `all: Stage.NULL`), `endTurn({ next })` and `turn.endIf` returning `{ next }`.
 * Hooks take `{ G, ctx }` instead of `(G, ctx)`.
 */
import { ActivePlayers, Stage, TurnOrder, type ActivePlayersConfig, type Game, type TurnConfig } from 'turnchart';
import { note, startMatch, type Log as Moves, type SeedMatch } from './seed-match';

interface Log extends Moves {
  order?: string[];
}

const act = note('act');

const simpleGame = (turn?: TurnConfig<Log>): Game<Log> => ({
  setup: () => ({ log: [] }),
  moves: { act },
  turn: { ...turn, stages: { myStage: {} } },
});

/** Phase A (the game's default turn order) then phase B with `order`. */
const twoPhases = (order: TurnConfig<Log>['order']): Game<Log> => ({
  setup: () => ({ log: [], order: ['3', '1'] }),
  moves: { act, setOrder: ({ G }, order: string[]) => void (G.order = order) },
  phases: { A: { start: true, next: 'B' }, B: { turn: { order } } },
});

/** endTurn by whoever is current, `count` times; returns who played, in order. */
function passTurns(m: SeedMatch<Log>, count: number): string[] {
  const players: string[] = [];
  for (let i = 0; i < count; i++) {
    m.event('endTurn', m.ctx().currentPlayer);
    players.push(m.ctx().currentPlayer);
  }
  return players;
}

describe('seed 004 · the turn-order state in ctx', () => {
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

describe('seed 004 · TurnOrder presets across phases', () => {
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

describe('seed 004 · a custom turn order { playOrder, first, next }', () => {
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

describe('seed 004 · turn.activePlayers (moveLimit is now maxMoves, `true` is now Stage.NULL)', () => {
  test('value: { "0": "myStage", "1": Stage.NULL } "sets activePlayers to the provided map" at each turn', () => {
    const m = startMatch(simpleGame({ activePlayers: { value: { 0: 'myStage', 1: Stage.NULL } } }), 3);
    m.expectCtx({ activePlayers: { 0: 'myStage', 1: null } });
    expect(m.seats()).toEqual(['myStage', 'active', 'idle']);
    m.move('act', '1');
    m.event('endTurn', '0');
    m.expectCtx({
      currentPlayer: '1',
      turn: 2,
      activePlayers: { 0: 'myStage', 1: null },
      _activePlayersNumMoves: { 0: 0, 1: 0 },
    });
  });

  const shorthand: [string, ActivePlayersConfig, Record<string, null>][] = [
    ['all: true -> all: Stage.NULL "Makes all players active"', { all: Stage.NULL }, { 0: null, 1: null, 2: null }],
    [
      'others: true -> others: Stage.NULL "Makes all players except currentPlayer active"',
      { others: Stage.NULL },
      { 0: null, 2: null },
    ],
    [
      'currentPlayer: true -> currentPlayer: Stage.NULL "Makes the current player active"',
      { currentPlayer: Stage.NULL },
      { 1: null },
    ],
  ];
  test.each(shorthand)('%s', (_title, activePlayers, inTurnTwo) => {
    const m = startMatch(simpleGame({ activePlayers }), 3);
    // In 0.50 any active player may call events; with `others`, player 0 is not one of them.
    m.event('endTurn', Object.keys(m.ctx().activePlayers!)[0]);
    m.expectCtx({ currentPlayer: '1', turn: 2, activePlayers: inTurnTwo });
    for (const p of Object.keys(inTurnTwo)) m.move('act', p);
    m.expectCtx({ activePlayers: inTurnTwo });
  });

  test('moveLimit: 2 (maxMoves: 2): at the limit a player "is removed from activePlayers"; once all reached it, activePlayers is null', () => {
    const m = startMatch(simpleGame({ activePlayers: { all: Stage.NULL, maxMoves: 2 } }), 3);
    m.expectCtx({ _activePlayersMaxMoves: { 0: 2, 1: 2, 2: 2 }, _activePlayersMinMoves: null });
    m.move('act', '1');
    m.move('act', '1');
    m.expectCtx({ activePlayers: { 0: null, 2: null } });
    m.rejectMove('PLAYER_NOT_ACTIVE', 'act', '1');
    for (const p of ['2', '0', '2']) m.move('act', p);
    m.expectCtx({ activePlayers: { 0: null } });
    m.move('act', '0');
    m.expectCtx({ activePlayers: null, _activePlayersMaxMoves: null, numMoves: 2, currentPlayer: '0', turn: 1 });
  });

  test('0.50 still reads the deprecated moveLimit of turn.activePlayers, as maxMoves only', () => {
    const m = startMatch(simpleGame({ activePlayers: { others: Stage.NULL, moveLimit: 1 } }), 3);
    m.expectCtx({
      activePlayers: { 1: null, 2: null },
      _activePlayersMaxMoves: { 1: 1, 2: 1 },
      _activePlayersMinMoves: null,
    });
    m.event('endStage', '2');
    m.move('act', '1');
    m.expectCtx({ activePlayers: null });
  });

  test('next: { currentPlayer: true } "will be used once activePlayers becomes empty"', () => {
    const m = startMatch(
      simpleGame({ activePlayers: { others: Stage.NULL, maxMoves: 2, next: { currentPlayer: 'myStage' } } }),
      3,
    );
    m.expectCtx({ activePlayers: { 1: null, 2: null }, _nextActivePlayers: { currentPlayer: 'myStage' } });
    for (const p of ['1', '2', '2']) m.move('act', p);
    m.expectCtx({ activePlayers: { 1: null } });
    m.move('act', '1');
    m.expectCtx({ activePlayers: { 0: 'myStage' }, _activePlayersMaxMoves: null, _nextActivePlayers: null });
    expect(m.seats()).toEqual(['myStage', 'idle', 'idle']);
    m.move('act', '0');
    m.event('endTurn', '0');
    m.expectCtx({
      currentPlayer: '1',
      turn: 2,
      activePlayers: { 0: null, 2: null },
      _nextActivePlayers: { currentPlayer: 'myStage' },
    });
  });
});

describe('seed 004 · endTurn({ next }) and turn.endIf returning { next }', () => {
  test('endTurn({ next: "3" }): "Player 3 is made the new player"; the round-robin continues from there', () => {
    const m = startMatch(simpleGame(), 4);
    m.event('endTurn', '0', { next: '3' });
    m.expectCtx({ currentPlayer: '3', playOrderPos: 3, turn: 2 });
    expect(passTurns(m, 2)).toEqual(['0', '1']);
  });

  test('a move may call events.endTurn({ next: "3" }) too', () => {
    const game: Game<Log> = { ...simpleGame(), moves: { act, handTo3: ({ events }) => events.endTurn({ next: '3' }) } };
    const m = startMatch(game, 4);
    m.move('handTo3', '0');
    m.expectCtx({ currentPlayer: '3', playOrderPos: 3, turn: 2, numMoves: 0 });
  });

  test('turn.endIf: () => ({ next: "3" }) "works the same way": after every move the turn passes to player 3', () => {
    const m = startMatch(simpleGame({ endIf: () => ({ next: '3' }) }), 4);
    m.expectCtx({ currentPlayer: '0', turn: 1 });
    m.move('act', '0');
    m.expectCtx({ currentPlayer: '3', playOrderPos: 3, turn: 2, numMoves: 0 });
    m.move('act', '3');
    m.expectCtx({ currentPlayer: '3', playOrderPos: 3, turn: 3 });
    m.event('endTurn', '3');
    m.expectCtx({ currentPlayer: '0', playOrderPos: 0, turn: 4 });
    expect(m.G().log).toEqual(['act by 0', 'act by 3']);
  });
});
