/**
 * turnchart extensions beyond boardgame.io (docs/semantics.md): stage hooks,
 * per-stage limits and the opt-in ordering of queued events and endIf checks.
 */
import { createGame, type Game } from 'turnchart';
import { expectChartAgrees } from '../support/invariants';

interface Log {
  log: string[];
  cards: Record<string, number>;
}

const hooked = (): Game<Log> => ({
  setup: () => ({ log: [], cards: { 0: 3, 1: 3, 2: 3 } }),
  moves: {
    attack: ({ events }) => events.setActivePlayers({ others: 'discard' }),
  },
  turn: {
    stages: {
      discard: {
        minMoves: 1,
        maxMoves: 1,
        onBegin: ({ G, playerID }) => {
          G.log.push(`discard.onBegin:${playerID}`);
        },
        onEnd: ({ G, playerID }) => {
          G.log.push(`discard.onEnd:${playerID}`);
        },
        moves: {
          discard: ({ G, playerID }) => {
            G.cards[playerID!]--;
          },
        },
      },
      counter: {
        endIf: ({ G, playerID }) => G.cards[playerID] <= 1,
        next: 'discard',
        moves: {
          spend: ({ G, playerID }) => {
            G.cards[playerID!]--;
          },
        },
      },
    },
  },
});

describe('stage hooks (turn.stages.<name>.onBegin / onEnd)', () => {
  test('onBegin runs for each player entering the stage, onEnd for each leaving it, with that playerID', () => {
    const game = hooked();
    const match = createGame(game, { numPlayers: 3 });
    match.move('attack', [], '0');
    expect(match.getState().G.log).toEqual(['discard.onBegin:1', 'discard.onBegin:2']);
    match.move('discard', [], '2');
    expect(match.getState().G.log).toEqual(['discard.onBegin:1', 'discard.onBegin:2', 'discard.onEnd:2']);
    expectChartAgrees(game, match);
  });

  test('a turn that ends with players in a stage runs their onEnd, in seat order', () => {
    const game = hooked();
    const match = createGame(game, { numPlayers: 3 });
    match.event('setActivePlayers', { all: 'discard' }, '0');
    expect(match.getState().G.log).toEqual(['discard.onBegin:0', 'discard.onBegin:1', 'discard.onBegin:2']);
    expect(match.event('endTurn', undefined, '0')).toEqual({ ok: true });
    expect(match.getState().G.log.slice(3)).toEqual(['discard.onEnd:0', 'discard.onEnd:1', 'discard.onEnd:2']);
    expect(match.getState().ctx).toMatchObject({ activePlayers: null, currentPlayer: '1' });
    expectChartAgrees(game, match);
  });

  test('a stage hook may not call stage events', () => {
    const game: Game = {
      moves: { go: ({ events }) => events.setStage('s') },
      turn: { stages: { s: { onBegin: ({ events }) => events.endStage() } } },
    };
    const match = createGame(game, { numPlayers: 2 });
    expect(match.move('go', [], '0')).toMatchObject({
      ok: false,
      error: { code: 'EVENT_NOT_ALLOWED_HERE', location: 'turn.stages.s.onBegin' },
    });
  });
});

describe('per-stage limits (turn.stages.<name>.minMoves / maxMoves)', () => {
  test('a player entering the stage gets its limits: maxMoves ends the stage, minMoves holds endStage', () => {
    const game = hooked();
    const match = createGame(game, { numPlayers: 3 });
    match.move('attack', [], '0');
    expect(match.getState().ctx._activePlayersMaxMoves).toEqual({ 1: 1, 2: 1 });
    expect(match.event('endStage', undefined, '1')).toMatchObject({ ok: false, error: { code: 'MIN_MOVES_STAGE' } });
    match.move('discard', [], '1');
    expect(match.getState().ctx.activePlayers).toEqual({ 2: 'discard' });
  });

  test('limits given by setActivePlayers win over the stage config', () => {
    const game: Game = {
      moves: { go: ({ events }) => events.setActivePlayers({ others: 'discard', maxMoves: 2 }) },
      turn: { stages: { discard: { maxMoves: 1, moves: { d: () => undefined } } } },
    };
    const match = createGame(game, { numPlayers: 2 });
    match.move('go', [], '0');
    expect(match.getState().ctx._activePlayersMaxMoves).toEqual({ 1: 2 });
    match.move('d', [], '1');
    expect(match.getState().ctx.activePlayers).toEqual({ 1: 'discard' });
  });
});

describe('stage endIf', () => {
  test("a truthy endIf ends that player's stage after a move, following the stage's next", () => {
    const game = hooked();
    const match = createGame(game, { numPlayers: 3 });
    match.event('setActivePlayers', { value: { 1: 'counter' } }, '0');
    match.move('spend', [], '1');
    expect(match.getState().ctx.activePlayers).toEqual({ 1: 'counter' });
    match.move('spend', [], '1');
    // cards[1] is now 1: endIf ends `counter`, and `next` takes the player to `discard` (whose onBegin runs).
    expect(match.getState().ctx.activePlayers).toEqual({ 1: 'discard' });
    expect(match.getState().G.log).toEqual(['discard.onBegin:1']);
    expect(match.getStateValue()).toMatchObject({ phases: { '(no phase)': { turn: { player1: 'discard' } } } });
    expectChartAgrees(game, match);
  });
});

describe("ordering: 'events-first' (boardgame.io issues #769 / #899)", () => {
  const game = (ordering?: 'events-first'): Game => ({
    ...(ordering ? { ordering } : {}),
    moves: { ask: ({ events }) => events.setActivePlayers({ others: 'answer', maxMoves: 1 }), answer: () => undefined },
    turn: {
      endIf: ({ ctx }) => ctx.activePlayers === null && (ctx.numMoves ?? 0) > 0,
      stages: { answer: { moves: { answer: () => undefined } } },
    },
  });

  test('by default (boardgame.io): turn.endIf runs before the queued setActivePlayers, so the turn ends at once', () => {
    const match = createGame(game(), { numPlayers: 3 });
    match.move('ask', [], '0');
    expect(match.getState().ctx).toMatchObject({ turn: 2, currentPlayer: '1', activePlayers: null });
  });

  test('with events-first: the queued setActivePlayers runs first, endIf sees the others answering', () => {
    const match = createGame(game('events-first'), { numPlayers: 3 });
    match.move('ask', [], '0');
    expect(match.getState().ctx).toMatchObject({ turn: 1, activePlayers: { 1: 'answer', 2: 'answer' } });
    match.move('answer', [], '1');
    match.move('answer', [], '2');
    // The set emptied: endIf now ends the turn.
    expect(match.getState().ctx).toMatchObject({ turn: 2, currentPlayer: '1', activePlayers: null });
  });
});

describe('a move that calls endStage and thereby ends the turn (docs/semantics.md)', () => {
  const game = (ordering?: 'events-first'): Game<{ seen: unknown[] }> => ({
    ...(ordering ? { ordering } : {}),
    setup: () => ({ seen: [] }),
    moves: {
      open: ({ events }) => events.setActivePlayers({ currentPlayer: 'work' }),
      finish: ({ events }) => events.endStage(),
    },
    turn: {
      stages: {
        work: {
          moves: { finish: ({ events }) => events.endStage() },
          onEnd: ({ G, ctx }) => {
            G.seen.push(['work.onEnd', ctx.turn, ctx.activePlayers]);
          },
        },
      },
      endIf: ({ ctx }) => (ctx.numMoves ?? 0) >= 2,
      onEnd: ({ G, ctx }) => {
        G.seen.push(['turn.onEnd', ctx.turn, ctx.activePlayers]);
      },
    },
  });

  test("boardgame.io's order: endIf first; turn.onEnd sees the player still in the stage, the queued endStage is dropped", () => {
    const match = createGame(game(), { numPlayers: 2 });
    match.move('open', [], '0');
    match.move('finish', [], '0');
    expect(match.getState().G.seen).toEqual([
      ['turn.onEnd', 1, { 0: 'work' }],
      ['work.onEnd', 1, null],
    ]);
    expect(match.getState().ctx).toMatchObject({ turn: 2, currentPlayer: '1', activePlayers: null });
  });

  test("ordering 'events-first': the stage ends first, then endIf ends the turn; turn.onEnd sees no active players", () => {
    const match = createGame(game('events-first'), { numPlayers: 2 });
    match.move('open', [], '0');
    match.move('finish', [], '0');
    expect(match.getState().G.seen).toEqual([
      ['work.onEnd', 1, null],
      ['turn.onEnd', 1, null],
    ]);
    expect(match.getState().ctx).toMatchObject({ turn: 2, currentPlayer: '1', activePlayers: null });
  });
});

test("a stage's endIf ends the stage even before the player's minMoves (it would otherwise fire forever)", () => {
  const game: Game = {
    setup: () => ({ out: { 1: true } }),
    moves: { go: ({ events }) => events.setActivePlayers({ others: 'hold', minMoves: 1 }) },
    turn: {
      stages: { hold: { endIf: ({ G, playerID }) => G.out[playerID] === true, moves: { wait: () => undefined } } },
    },
  };
  const match = createGame(game, { numPlayers: 3 });
  expect(match.move('go', [], '0')).toEqual({ ok: true });
  expect(match.getState().ctx.activePlayers).toEqual({ 2: 'hold' });
});
