/**
 * turnchart/legacy's API: `fromLegacyGame` with and without `api`, the
 * generation it detects, the LegacyGameError a mixed or broken config raises
 * (naming the key at fault), caching, the untouched input, the translated game
 * on turnchart's own createGame and on turnchart/boardgameio's Client, and the
 * `ai.enumerate` bot hook.
 */
import { createGame, GameConfigError } from 'turnchart';
import { Client as BoardgameClient } from 'turnchart/boardgameio';
import * as legacy from 'turnchart/legacy';
import {
  detectLegacyApi,
  enumerateActions,
  fromLegacyGame,
  Game,
  InitializeGame,
  legacyApiOf,
  LegacyGameError,
  TurnOrder,
} from 'turnchart/legacy';
import * as seed002 from './fixtures/phases-02x';
import { trickTaking } from './fixtures/trick-taking';

const noop = (G: any) => G;

/** The LegacyGameError a config raises (strict: a mistake play may never reach is one too). */
function errorOf(game: object, api?: legacy.LegacyApi): LegacyGameError {
  try {
    fromLegacyGame({ ...game }, { api, strict: true });
  } catch (error) {
    if (error instanceof LegacyGameError) return error;
    throw error;
  }
  throw new Error('no LegacyGameError');
}

describe('detecting the API generation', () => {
  test.each([
    ['a flow section', { flow: {} }, '0.2x'],
    ['turn.moveLimit', { turn: { moveLimit: 1 } }, '0.3x'],
    ['activePlayers all: true', { turn: { activePlayers: { all: true } } }, '0.3x'],
    [
      'a per-player moveLimit in a phase',
      { phases: { A: { turn: { activePlayers: { value: { 0: { stage: 's', moveLimit: 1 } } } } } } },
      '0.3x',
    ],
    ['minMoves', { turn: { minMoves: 1 } }, '0.4x'],
    ['moveLimit with maxMoves', { turn: { moveLimit: 1, activePlayers: { all: null, maxMoves: 2 } } }, '0.4x'],
    [
      '(G, ctx) functions and nothing else',
      { moves: { a: (G: any, ctx: any) => ctx && G }, turn: { endIf: (G: any) => G.done } },
      '0.4x',
    ],
  ])('%s → %s', (_what, game, api) => {
    expect(detectLegacyApi(game)).toBe(api);
    expect(legacyApiOf(fromLegacyGame(game))).toBe(api);
  });

  test('a current-API game (destructured context) is refused rather than guessed at', () => {
    const error = errorOf({ moves: { play: ({ G }: any) => G } });
    expect(error.location).toBe('moves.play');
    expect(error.message).toMatch(/current API/);
    expect(errorOf({ turn: { onBegin: ({ G }: any) => G } }).location).toBe('turn.onBegin');
    // With an explicit api, the caller decides.
    expect(() => fromLegacyGame({ moves: { play: ({ G }: any) => G } }, { api: '0.4x' })).not.toThrow();
  });
});

describe('LegacyGameError names the key at fault', () => {
  test.each([
    ['flow with a top-level turn', { flow: {}, turn: {} }, undefined, 'turn'],
    ['flow with a top-level endIf', { flow: {}, endIf: noop }, undefined, 'endIf'],
    ['a 0.3x key in a 0.2x phase', { flow: { phases: { A: { endIf: noop } } } }, undefined, 'flow.phases.A.endIf'],
    ['a 0.2x key in a 0.3x phases object', { phases: { A: { endPhaseIf: noop } } }, undefined, 'phases.A.endPhaseIf'],
    ['flow in a game read as 0.4x', { flow: {} }, '0.4x', 'flow'],
    [
      'allowedMoves naming no move',
      { moves: { a: noop }, flow: { phases: { A: { allowedMoves: ['b'] } } } },
      undefined,
      'flow.phases.A.allowedMoves',
    ],
    [
      'a startingPhase that does not exist',
      { flow: { startingPhase: 'X', phases: { A: {} } } },
      undefined,
      'flow.startingPhase',
    ],
    [
      'a next that does not exist (strict)',
      { flow: { phases: { A: { next: 'X' } } } },
      undefined,
      'flow.phases.A.next',
    ],
    ['a declared default phase', { flow: { phases: { default: {} } } }, undefined, 'flow.phases.default'],
    [
      'startingPhase with array phases',
      { flow: { startingPhase: 'A', phases: [{ name: 'A' }] } },
      undefined,
      'flow.startingPhase',
    ],
    ['an array phase without a name', { flow: { phases: [{}] } }, undefined, 'flow.phases.0.name'],
    ['array phases outside flow', { phases: [{ name: 'A' }] }, undefined, 'phases'],
    ['a 0.2x turn order in a 0.4x game', { turn: { order: TurnOrder.ANY } }, '0.4x', 'turn.order.actionPlayers'],
    ['a hook that is not a function', { flow: { onTurnBegin: 3 } }, undefined, 'flow.onTurnBegin'],
    ['a long-form move in 0.2x', { moves: { a: { move: noop } } }, '0.2x', 'moves.a'],
    ['custom plugins', { plugins: [{ name: 'p' }] }, '0.4x', 'plugins'],
    ['a movesPerTurn that is not a number', { flow: { movesPerTurn: 'two' } }, undefined, 'flow.movesPerTurn'],
    ['an unknown api', {}, '0.5x', 'api'],
    ['a Flow() reducer as flow', { flow: { processGameEvent: noop } }, undefined, 'flow'],
  ])('%s', (_what, game, api, location) => {
    const error = errorOf(game, api as legacy.LegacyApi | undefined);
    expect(error.location).toBe(location);
    expect(error.message.startsWith(`${location}: `)).toBe(true);
  });

  test('a 0.2x game with phases whose setup returns no object cannot start, and says why', () => {
    const game = Game({ setup: () => [1, 2], flow: { phases: { A: {} } } });
    expect(() => createGame(game, { numPlayers: 2 })).toThrow(/setup: must return an object/);
  });

  test('what the translation leaves to the engine is still a located GameConfigError', () => {
    expect(() =>
      createGame(fromLegacyGame({ phases: { A: { next: 'nowhere' } } }, { api: '0.4x' }), { numPlayers: 2 }),
    ).toThrow(GameConfigError);
  });
});

describe('the translated game', () => {
  test('is cached per config and API, passes through fromLegacyGame again, and the input is left as it was', () => {
    const config = seed002.cardGamePhases({ Game: (c: object) => c });
    const frozen = JSON.stringify(config, (_key, value) => (typeof value === 'function' ? String(value) : value));
    const game = fromLegacyGame(config);
    expect(fromLegacyGame(config)).toBe(game);
    expect(fromLegacyGame(game)).toBe(game);
    expect(fromLegacyGame(config, { api: '0.2x' })).toBe(game);
    expect(Game(config)).toBe(game);
    const match = createGame(game, { numPlayers: 1 });
    for (let i = 0; i < 5; i++) match.move('drawCard', [], '0');
    expect(match.getState().ctx.phase).toBe('play');
    expect(JSON.stringify(config, (_key, value) => (typeof value === 'function' ? String(value) : value))).toBe(frozen);
  });

  test("runs on turnchart's createGame: endPhase({ next }) from a move is the seed's", () => {
    const match = createGame(seed002.endPhaseNext(legacy), { numPlayers: 2 });
    expect(match.move('goToB', [], '0')).toEqual({ ok: true });
    expect(match.getState().ctx.phase).toBe('B');
  });

  test("runs on turnchart/boardgameio's Client as it is (events there are today's: endPhase ignores { next })", () => {
    const client = BoardgameClient({
      game: fromLegacyGame(seed002.endPhaseNext({ Game: (c: object) => c })),
      numPlayers: 2,
    });
    client.moves.goToB();
    expect(client.getState()!.ctx.phase).toBe('B');
    expect(client.getState()!.G).toEqual({ visits: [] });
  });

  test('0.2x ctx: ctx.prevPhase for game code; moves and hooks see ctx.events and ctx.random', () => {
    const game = Game({
      seed: 's',
      setup: (ctx: any) => ({ die: ctx.random.D6(), seen: [] }),
      moves: {
        look: (G: any, ctx: any) => {
          G.seen.push([ctx.phase, ctx.prevPhase, typeof ctx.events.endPhase, typeof ctx.random.D6, ctx.playerID]);
        },
      },
      flow: {
        startingPhase: 'A',
        phases: {
          A: { next: 'B' },
          B: {
            onPhaseBegin: (G: any, ctx: any) => ({
              ...G,
              seen: [...G.seen, ['begin', ctx.prevPhase, typeof ctx.random.D6]],
            }),
          },
        },
      },
    });
    const match = createGame(game, { numPlayers: 2, seed: 's' });
    match.move('look', [], '0');
    match.event('endPhase', undefined, '0');
    match.move('look', [], '0');
    const { G } = match.getState();
    expect(G.seen).toEqual([
      ['A', 'default', 'function', 'function', '0'],
      ['begin', 'A', 'function'],
      ['B', 'A', 'function', 'function', '0'],
    ]);
    expect(G.die).toEqual(expect.any(Number));
  });
});

test("0.4x ctx.events: boardgame.io's eight events in its order, in moves and triggers alike, each call translated", () => {
  const keys: string[][] = [];
  const game = {
    setup: () => ({ stage: null }),
    moves: {
      rally: (G: any, ctx: any) => {
        keys.push(Object.keys(ctx.events));
        ctx.events.setActivePlayers({ others: 'rally', moveLimit: 1 });
      },
    },
    turn: { stages: { rally: { moves: { rally: () => undefined } } } },
    endIf: (_G: any, ctx: any) => void keys.push(Object.keys(ctx.events)),
  };
  const client = legacy.Client({ game, api: '0.4x', numPlayers: 3 });
  client.moves.rally();
  const ctx = client.getState()!.ctx;
  expect(ctx.activePlayers).toEqual({ 1: 'rally', 2: 'rally' });
  expect(ctx._activePlayersMaxMoves).toEqual({ 1: 1, 2: 1 });
  const order = ['endStage', 'setStage', 'endTurn', 'pass', 'endPhase', 'setPhase', 'endGame', 'setActivePlayers'];
  expect(keys.length).toBeGreaterThan(1);
  for (const seen of keys) expect(seen).toEqual(order);
});

test('PlayerView.STRIP_SECRETS in the legacy signature hides G.secret and the other players', () => {
  const game = {
    setup: () => ({ secret: 42, players: { 0: 'a', 1: 'b' }, open: true }),
    moves: { a: noop },
    playerView: legacy.PlayerView.STRIP_SECRETS,
  };
  const client = legacy.Client({ game, numPlayers: 2, playerID: '1', api: '0.4x' });
  expect(client.getState()!.G).toEqual({ players: { 1: 'b' }, open: true });
  client.updatePlayerID(null);
  expect(client.getState()!.G).toEqual({ players: {}, open: true });
});

describe('the ai.enumerate bot hook', () => {
  const game = trickTaking(legacy);

  test('lists boardgame.io actions for a player; { legal: true } keeps those the engine accepts', () => {
    const state = InitializeGame({ game, numPlayers: 4 });
    const all = enumerateActions(game, state, '1');
    expect(all).toHaveLength(5);
    expect(all[0]).toEqual({
      type: 'MAKE_MOVE',
      payload: { type: 'bid', args: [0], playerID: '1', credentials: undefined },
    });
    // Player 1 may not bid before player 0 (TurnOrder.ONCE).
    expect(enumerateActions(game, state, '1', { legal: true })).toEqual([]);
    expect(enumerateActions(game, state, '0', { legal: true })).toHaveLength(5);
  });

  test('a game without ai.enumerate raises a LegacyGameError', () => {
    const plain = fromLegacyGame({ moves: { a: noop } }, { api: '0.4x' });
    expect(() => enumerateActions(plain, InitializeGame({ game: plain, numPlayers: 2 }), '0')).toThrow(LegacyGameError);
  });
});
