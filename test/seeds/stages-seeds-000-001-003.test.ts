/**
 * Seeds 000, 001 and 003 (Stages): the discard example, stage moves, setStage
 * / endStage, `next`, setActivePlayers (currentPlayer / others / all / value,
 * minMoves / maxMoves short and long form, revert, nested next), Stage.NULL,
 * the array form, turn.activePlayers and the ActivePlayers presets.
 */
import { ActivePlayers, Stage, type ActivePlayersConfig, type Game } from 'turnchart';
import { note, startMatch, type Log, type SeedMatch } from './seed-match';

/** Stages A -> B -> C -> A (seed: `A: { next: 'B' }, ...`), each with its own move; `free` has no moves section. */
const stagedGame = (extra: Partial<Game<Log>> = {}): Game<Log> => ({
  setup: () => ({ log: [] }),
  moves: { act: note('act') },
  ...extra,
  turn: {
    stages: {
      A: { moves: { inA: note('inA') }, next: 'B' },
      B: { moves: { inB: note('inB') }, next: 'C' },
      C: { moves: { inC: note('inC') }, next: 'A' },
      free: {},
    },
    ...extra.turn,
  },
});

/** The stage moves of stagedGame, by stage. */
const MOVE_OF: Record<string, string> = { A: 'inA', B: 'inB', C: 'inC' };

function times(m: SeedMatch<Log>, count: number, name: string, playerID: string): void {
  for (let i = 0; i < count; i++) m.move(name, playerID);
}

describe('seeds 000/001/003 · the discard example', () => {
  interface Table {
    played: string[];
    discarded: string[];
  }
  // Seed 001: function playCard({ events }) { events.setActivePlayers({ others: 'discard', minMoves: 1, maxMoves: 1 }); }
  const discardGame = (): Game<Table> => ({
    setup: () => ({ played: [], discarded: [] }),
    moves: {
      playCard: ({ G, playerID, events }) => {
        G.played.push(playerID!);
        events.setActivePlayers({ others: 'discard', minMoves: 1, maxMoves: 1 });
      },
    },
    turn: { stages: { discard: { moves: { discard: ({ G, playerID }) => void G.discarded.push(playerID!) } } } },
  });

  test('playCard puts every other player into the discard stage, each with minMoves 1 and maxMoves 1', () => {
    const m = startMatch(discardGame(), 4);
    m.move('playCard', '0');
    expect(m.G()).toEqual({ played: ['0'], discarded: [] });
    m.expectCtx({
      currentPlayer: '0',
      numMoves: 1,
      activePlayers: { 1: 'discard', 2: 'discard', 3: 'discard' },
      _activePlayersMinMoves: { 1: 1, 2: 1, 3: 1 },
      _activePlayersMaxMoves: { 1: 1, 2: 1, 3: 1 },
      _activePlayersNumMoves: { 1: 0, 2: 0, 3: 0 },
    });
    expect(m.seats()).toEqual(['idle', 'discard', 'discard', 'discard']);
  });

  test('"these discards don\'t have to happen in any particular order"; each player discards once and then the set becomes null', () => {
    const m = startMatch(discardGame(), 4);
    m.move('playCard', '0');
    m.move('discard', '2');
    m.expectCtx({ activePlayers: { 1: 'discard', 3: 'discard' }, _activePlayersMaxMoves: { 1: 1, 3: 1 } });
    expect(m.seats()).toEqual(['idle', 'discard', 'idle', 'discard']);
    m.rejectMove('MOVE_NOT_ALLOWED', 'discard', '2');
    m.rejectMove('PLAYER_NOT_ACTIVE', 'playCard', '2');
    m.move('discard', '3');
    m.move('discard', '1');
    expect(m.G()).toEqual({ played: ['0'], discarded: ['2', '3', '1'] });
    m.expectCtx({
      activePlayers: null,
      _activePlayersMinMoves: null,
      _activePlayersMaxMoves: null,
      currentPlayer: '0',
      numMoves: 1,
      turn: 1,
    });
    expect(m.seats()).toEqual(['active', 'idle', 'idle', 'idle']);
  });

  test('minMoves: 1 — a discarding player cannot endStage before discarding', () => {
    const m = startMatch(discardGame(), 4);
    m.move('playCard', '0');
    m.rejectEvent('MIN_MOVES_STAGE', 'endStage', '1');
    m.move('discard', '1');
    m.expectCtx({ activePlayers: { 2: 'discard', 3: 'discard' } });
  });

  test("the stage's moves replace the global moves: a player in discard cannot playCard, and discard is no global move", () => {
    const m = startMatch(discardGame(), 4);
    m.rejectMove('MOVE_NOT_ALLOWED', 'discard', '0');
    m.move('playCard', '0');
    m.rejectMove('MOVE_NOT_ALLOWED', 'playCard', '1');
    m.expectCtx({ numMoves: 1, activePlayers: { 1: 'discard', 2: 'discard', 3: 'discard' } });
  });

  test('while the others discard, the current player is not in activePlayers and cannot move or end the turn (quirk 10)', () => {
    const m = startMatch(discardGame(), 4);
    m.move('playCard', '0');
    m.rejectMove('PLAYER_NOT_ACTIVE', 'playCard', '0');
    m.rejectEvent('PLAYER_NOT_ACTIVE', 'endTurn', '0');
    m.expectCtx({ currentPlayer: '0', turn: 1 });
  });

  test('"the currentPlayer can still play other cards before the turn finally ends"', () => {
    const m = startMatch(discardGame(), 4);
    m.move('playCard', '0');
    for (const p of ['1', '2', '3']) m.move('discard', p);
    m.move('playCard', '0');
    m.expectCtx({ numMoves: 2, activePlayers: { 1: 'discard', 2: 'discard', 3: 'discard' } });
    for (const p of ['3', '2', '1']) m.move('discard', p);
    m.event('endTurn', '0');
    expect(m.G()).toEqual({ played: ['0', '0'], discarded: ['1', '2', '3', '3', '2', '1'] });
    m.expectCtx({ currentPlayer: '1', playOrderPos: 1, turn: 2, numMoves: 0, activePlayers: null });
  });
});

describe('seeds 000/001/003 · defining, entering and exiting stages', () => {
  test('"You can check playerID inside a move to figure out which player made it"', () => {
    const m = startMatch(stagedGame({ turn: { activePlayers: ActivePlayers.ALL } }), 3);
    m.move('act', '2');
    m.move('act', '0');
    m.move('act', '1');
    expect(m.G().log).toEqual(['act by 2', 'act by 0', 'act by 1']);
    m.expectCtx({ numMoves: 1, _activePlayersNumMoves: { 0: 1, 1: 1, 2: 1 } });
  });

  test('setStage("A") "takes the player that called the event into the specified stage", and only that player', () => {
    const m = startMatch(stagedGame(), 3);
    m.expectCtx({ activePlayers: null });
    m.event('setStage', '0', 'A');
    m.expectCtx({ activePlayers: { 0: 'A' }, _activePlayersNumMoves: { 0: 0 } });
    expect(m.seats()).toEqual(['A', 'idle', 'idle']);
    m.rejectMove('PLAYER_NOT_ACTIVE', 'act', '1');
  });

  test('with several active players, setStage moves only the caller into the stage', () => {
    const m = startMatch(stagedGame({ turn: { activePlayers: ActivePlayers.ALL } }), 3);
    m.event('setStage', '2', 'B');
    m.expectCtx({ activePlayers: { 0: null, 1: null, 2: 'B' } });
    expect(m.seats()).toEqual(['active', 'active', 'B']);
  });

  test('"This moves section completely overrides the global moves section for players in that stage"', () => {
    const m = startMatch(stagedGame(), 2);
    m.event('setStage', '0', 'A');
    m.rejectMove('MOVE_NOT_ALLOWED', 'act', '0');
    m.rejectMove('MOVE_NOT_ALLOWED', 'inB', '0');
    m.move('inA', '0');
    expect(m.G().log).toEqual(['inA by 0']);
    m.expectCtx({ activePlayers: { 0: 'A' }, numMoves: 1, _activePlayersNumMoves: { 0: 1 } });
  });

  test('"if a stage does not contain a moves section, then players can make moves from the global moves"', () => {
    const m = startMatch(stagedGame(), 2);
    m.event('setStage', '0', 'free');
    m.move('act', '0');
    m.rejectMove('MOVE_NOT_ALLOWED', 'inA', '0');
    expect(m.G().log).toEqual(['act by 0']);
    m.expectCtx({ activePlayers: { 0: 'free' }, numMoves: 1 });
    expect(m.seats()).toEqual(['free', 'idle']);
  });

  test('"A move defined in a stage can have the same name as a global move, but it isn\'t related to the global equivalent"', () => {
    const game: Game<Log> = {
      setup: () => ({ log: [] }),
      moves: { playCard: note('global playCard') },
      turn: { stages: { special: { moves: { playCard: note('special playCard') } } } },
    };
    const m = startMatch(game, 2);
    m.move('playCard', '0');
    m.event('setStage', '0', 'special');
    m.move('playCard', '0');
    expect(m.G().log).toEqual(['global playCard by 0', 'special playCard by 0']);
  });

  test('endStage() "removes the player from the stage": the emptied set becomes null and the current player moves freely again', () => {
    const m = startMatch(stagedGame(), 2);
    m.event('setStage', '0', 'free');
    m.event('endStage', '0');
    m.expectCtx({
      activePlayers: null,
      _activePlayersMinMoves: null,
      _activePlayersMaxMoves: null,
      currentPlayer: '0',
    });
    expect(m.seats()).toEqual(['active', 'idle']);
    m.move('act', '0');
    expect(m.G().log).toEqual(['act by 0']);
  });

  test('endStage among several active players removes only the caller from activePlayers', () => {
    const m = startMatch(stagedGame({ turn: { activePlayers: { all: 'free' } } }), 3);
    m.event('endStage', '1');
    m.expectCtx({ activePlayers: { 0: 'free', 2: 'free' } });
    expect(m.seats()).toEqual(['free', 'idle', 'free']);
    m.rejectMove('PLAYER_NOT_ACTIVE', 'act', '1');
  });

  test('stages A: { next: "B" }, B: { next: "C" }, C: { next: "A" }: "endStage will cycle between the three stages"', () => {
    const m = startMatch(stagedGame(), 2);
    m.event('setStage', '0', 'A');
    for (const stage of ['B', 'C', 'A', 'B']) {
      m.event('endStage', '0');
      m.expectCtx({ activePlayers: { 0: stage }, _activePlayersNumMoves: { 0: 0 } });
      expect(m.seats()).toEqual([stage, 'idle']);
      m.move(MOVE_OF[stage], '0');
    }
    expect(m.G().log).toEqual(['inB by 0', 'inC by 0', 'inA by 0', 'inB by 0']);
    m.expectCtx({ numMoves: 4, turn: 1 });
  });
});

describe('seeds 001/003 · setActivePlayers', () => {
  const cases: [string, ActivePlayersConfig, Record<string, string | null>][] = [
    ['currentPlayer: "Move the current player to a stage"', { currentPlayer: 'A' }, { 1: 'A' }],
    ['others: "Move every other player to a stage"', { others: 'B' }, { 0: 'B', 2: 'B', 3: 'B' }],
    ['all: "Move all players to a stage"', { all: 'C' }, { 0: 'C', 1: 'C', 2: 'C', 3: 'C' }],
    [
      'value: "Enumerate the set of players and the stages that they are in"',
      { value: { 0: 'A', 3: 'B' } },
      { 0: 'A', 3: 'B' },
    ],
    [
      '"each player can be in their own stage": currentPlayer and others together',
      { currentPlayer: 'A', others: 'free' },
      { 0: 'free', 1: 'A', 2: 'free', 3: 'free' },
    ],
  ];

  test.each(cases)('%s', (_title, arg, expected) => {
    const m = startMatch(stagedGame(), 4);
    m.event('endTurn', '0');
    m.event('setActivePlayers', '1', arg);
    m.expectCtx({
      currentPlayer: '1',
      turn: 2,
      activePlayers: expected,
      _activePlayersMinMoves: null,
      _activePlayersMaxMoves: null,
    });
    const numMoves = Object.fromEntries(Object.keys(expected).map((p) => [p, 0]));
    m.expectCtx({ _activePlayersNumMoves: numMoves });
    for (const [player, stage] of Object.entries(expected)) {
      m.move(stage === 'free' ? 'act' : MOVE_OF[stage!], player);
    }
    m.expectCtx({ activePlayers: expected });
  });

  test('"Whenever one or more players enters a stage ... the framework only allows moves from those players (rather than currentPlayer)"', () => {
    const m = startMatch(stagedGame(), 3);
    m.event('setActivePlayers', '0', { value: { 1: 'A' } });
    m.rejectMove('PLAYER_NOT_ACTIVE', 'act', '0');
    m.rejectMove('PLAYER_NOT_ACTIVE', 'act', '2');
    m.move('inA', '1');
    expect(m.G().log).toEqual(['inA by 1']);
    m.expectCtx({ currentPlayer: '0', numMoves: 0, activePlayers: { 1: 'A' }, _activePlayersNumMoves: { 1: 1 } });
  });

  test('setActivePlayers replaces the whole set (quirk 11)', () => {
    const m = startMatch(stagedGame(), 3);
    m.event('setActivePlayers', '0', { all: 'A' });
    m.event('setActivePlayers', '1', { value: { 2: 'B' } });
    m.expectCtx({ activePlayers: { 2: 'B' }, _activePlayersNumMoves: { 2: 0 } });
    expect(m.seats()).toEqual(['idle', 'idle', 'B']);
  });

  test('minMoves: "Prevents manual endStage before the player has made the specified number of moves"', () => {
    const m = startMatch(stagedGame(), 3);
    m.event('setActivePlayers', '0', { all: 'free', minMoves: 2 });
    m.expectCtx({ _activePlayersMinMoves: { 0: 2, 1: 2, 2: 2 }, _activePlayersMaxMoves: null });
    m.move('act', '1');
    m.rejectEvent('MIN_MOVES_STAGE', 'endStage', '1');
    m.move('act', '1');
    m.event('endStage', '1');
    m.expectCtx({
      activePlayers: { 0: 'free', 2: 'free' },
      _activePlayersMinMoves: { 0: 2, 2: 2 },
      _activePlayersNumMoves: { 0: 0, 1: 2, 2: 0 },
    });
  });

  test('maxMoves: "Calls endStage automatically after the player has made the specified number of moves"', () => {
    const m = startMatch(stagedGame(), 3);
    m.event('setActivePlayers', '0', { currentPlayer: 'A', others: 'B', maxMoves: 2 });
    m.expectCtx({ _activePlayersMaxMoves: { 0: 2, 1: 2, 2: 2 } });
    times(m, 2, 'inB', '2');
    m.expectCtx({ activePlayers: { 0: 'A', 1: 'B' }, _activePlayersMaxMoves: { 0: 2, 1: 2 } });
    times(m, 2, 'inA', '0');
    times(m, 1, 'inB', '1');
    m.expectCtx({ activePlayers: { 1: 'B' }, numMoves: 2 });
    m.move('inB', '1');
    m.expectCtx({ activePlayers: null, _activePlayersMaxMoves: null, currentPlayer: '0', turn: 1 });
    expect(m.seats()).toEqual(['active', 'idle', 'idle']);
  });

  test('revert: true "takes the stage configuration to the value prior to this setActivePlayers call once the set of active players becomes empty"', () => {
    const game = stagedGame({
      moves: {
        act: note('act'),
        ask: ({ events }) => events.setActivePlayers({ others: 'B', maxMoves: 1, revert: true }),
      },
      turn: { activePlayers: { currentPlayer: 'free' } },
    });
    const m = startMatch(game, 3);
    m.expectCtx({ activePlayers: { 0: 'free' }, _prevActivePlayers: [] });
    m.move('ask', '0');
    m.expectCtx({
      activePlayers: { 1: 'B', 2: 'B' },
      _prevActivePlayers: [
        {
          activePlayers: { 0: 'free' },
          _activePlayersMinMoves: null,
          _activePlayersMaxMoves: null,
          _activePlayersNumMoves: { 0: 1 },
        },
      ],
    });
    m.move('inB', '2');
    m.expectCtx({ activePlayers: { 1: 'B' } });
    m.move('inB', '1');
    m.expectCtx({
      activePlayers: { 0: 'free' },
      _activePlayersNumMoves: { 0: 1 },
      _activePlayersMaxMoves: null,
      _prevActivePlayers: [],
    });
    expect(m.seats()).toEqual(['free', 'idle', 'idle']);
    m.move('act', '0');
    expect(m.G().log).toEqual(['inB by 2', 'inB by 1', 'act by 0']);
  });

  test('next: "A next option will be used once the set of active players becomes empty", and next may nest', () => {
    const m = startMatch(stagedGame(), 3);
    const innermost = { others: 'free' };
    const inner = { others: 'B', maxMoves: 1, next: innermost };
    m.event('setActivePlayers', '0', { currentPlayer: 'A', maxMoves: 1, next: inner });
    m.expectCtx({ activePlayers: { 0: 'A' }, _nextActivePlayers: inner });
    m.move('inA', '0');
    m.expectCtx({
      activePlayers: { 1: 'B', 2: 'B' },
      _activePlayersMaxMoves: { 1: 1, 2: 1 },
      _nextActivePlayers: innermost,
    });
    m.move('inB', '1');
    m.move('inB', '2');
    m.expectCtx({ activePlayers: { 1: 'free', 2: 'free' }, _activePlayersMaxMoves: null, _nextActivePlayers: null });
    expect(m.seats()).toEqual(['idle', 'free', 'free']);
    m.move('act', '1');
    m.event('endStage', '1');
    m.event('endStage', '2');
    m.expectCtx({ activePlayers: null, currentPlayer: '0', numMoves: 1 });
  });
});

describe('seeds 001/003 · advanced move limits (long-form arguments)', () => {
  test('setStage({ stage, minMoves: 3 }): the caller cannot end the stage before three moves', () => {
    const m = startMatch(stagedGame(), 2);
    m.event('setStage', '0', { stage: 'free', minMoves: 3 });
    m.expectCtx({ activePlayers: { 0: 'free' }, _activePlayersMinMoves: { 0: 3 }, _activePlayersMaxMoves: null });
    times(m, 2, 'act', '0');
    m.rejectEvent('MIN_MOVES_STAGE', 'endStage', '0');
    m.move('act', '0');
    m.event('endStage', '0');
    m.expectCtx({ activePlayers: null, numMoves: 3 });
  });

  test('setStage({ stage, maxMoves: 3 }): the stage ends by itself after three moves', () => {
    const m = startMatch(stagedGame(), 2);
    m.event('setStage', '0', { stage: 'C', maxMoves: 3 });
    m.expectCtx({ activePlayers: { 0: 'C' }, _activePlayersMinMoves: null, _activePlayersMaxMoves: { 0: 3 } });
    times(m, 2, 'inC', '0');
    m.expectCtx({ activePlayers: { 0: 'C' }, _activePlayersNumMoves: { 0: 2 } });
    m.move('inC', '0');
    m.expectCtx({ activePlayers: null, _activePlayersMaxMoves: null, numMoves: 3 });
    m.move('act', '0');
  });

  const longForm = (limit: 'minMoves' | 'maxMoves'): ActivePlayersConfig => ({
    currentPlayer: { stage: 'free', [limit]: 2 },
    others: { stage: 'free', [limit]: 1 },
    value: { 0: { stage: 'free', [limit]: 4 } },
  });

  test('long-form minMoves per player: currentPlayer 2, others 1, value["0"] 4 (value applies last)', () => {
    const m = startMatch(stagedGame(), 4);
    m.event('endTurn', '0');
    m.event('setActivePlayers', '1', longForm('minMoves'));
    m.expectCtx({
      currentPlayer: '1',
      activePlayers: { 0: 'free', 1: 'free', 2: 'free', 3: 'free' },
      _activePlayersMinMoves: { 0: 4, 1: 2, 2: 1, 3: 1 },
    });
    m.rejectEvent('MIN_MOVES_STAGE', 'endStage', '2');
    m.move('act', '2');
    m.event('endStage', '2');
    m.move('act', '1');
    m.rejectEvent('MIN_MOVES_STAGE', 'endStage', '1');
    m.move('act', '1');
    m.event('endStage', '1');
    times(m, 3, 'act', '0');
    m.rejectEvent('MIN_MOVES_STAGE', 'endStage', '0');
    m.move('act', '0');
    m.event('endStage', '0');
    m.expectCtx({
      activePlayers: { 3: 'free' },
      _activePlayersMinMoves: { 3: 1 },
      _activePlayersNumMoves: { 0: 4, 1: 2, 2: 1, 3: 0 },
    });
  });

  test('long-form maxMoves per player: currentPlayer 2, others 1, value["0"] 4; each leaves the set at its own limit', () => {
    const m = startMatch(stagedGame(), 4);
    m.event('endTurn', '0');
    m.event('setActivePlayers', '1', longForm('maxMoves'));
    m.expectCtx({ _activePlayersMaxMoves: { 0: 4, 1: 2, 2: 1, 3: 1 }, _activePlayersMinMoves: null });
    m.move('act', '3');
    m.expectCtx({ activePlayers: { 0: 'free', 1: 'free', 2: 'free' } });
    times(m, 2, 'act', '1');
    m.expectCtx({ activePlayers: { 0: 'free', 2: 'free' }, numMoves: 2 });
    times(m, 3, 'act', '0');
    m.move('act', '2');
    m.expectCtx({ activePlayers: { 0: 'free' }, _activePlayersMaxMoves: { 0: 4 } });
    m.move('act', '0');
    m.expectCtx({
      activePlayers: null,
      _activePlayersMaxMoves: null,
      _activePlayersNumMoves: { 0: 4, 1: 2, 2: 1, 3: 1 },
    });
  });
});

describe('seeds 001/003 · Stage.NULL, the array form and turn.activePlayers', () => {
  test('setActivePlayers({ all: Stage.NULL }) "allows any player to make a move, but doesn\'t restrict them to a particular stage"', () => {
    const m = startMatch(stagedGame(), 3);
    m.event('setActivePlayers', '0', { all: Stage.NULL });
    m.expectCtx({ activePlayers: { 0: null, 1: null, 2: null } });
    expect(m.seats()).toEqual(['active', 'active', 'active']);
    m.move('act', '2');
    m.move('act', '1');
    m.rejectMove('MOVE_NOT_ALLOWED', 'inA', '1');
    expect(m.G().log).toEqual(['act by 2', 'act by 1']);
    m.expectCtx({ numMoves: 0, _activePlayersNumMoves: { 0: 0, 1: 1, 2: 1 } });
  });

  test('setActivePlayers(["0", "3"]): "Players 0 and 3 are added to the set of active players, and neither is placed in a stage"', () => {
    const m = startMatch(stagedGame(), 4);
    m.event('endTurn', '0');
    m.event('setActivePlayers', '1', ['0', '3']);
    m.expectCtx({ currentPlayer: '1', activePlayers: { 0: null, 3: null }, _activePlayersNumMoves: { 0: 0, 3: 0 } });
    expect(m.seats()).toEqual(['active', 'idle', 'idle', 'active']);
    m.move('act', '3');
    m.rejectMove('PLAYER_NOT_ACTIVE', 'act', '1');
  });

  test('turn: { activePlayers: { all: Stage.NULL } } calls setActivePlayers "automatically at the beginning of the turn"', () => {
    const m = startMatch(stagedGame({ turn: { activePlayers: { all: Stage.NULL } } }), 3);
    m.expectCtx({ turn: 1, currentPlayer: '0', activePlayers: { 0: null, 1: null, 2: null } });
    m.event('setStage', '0', 'A');
    m.expectCtx({ activePlayers: { 0: 'A', 1: null, 2: null } });
    m.event('endTurn', '0');
    m.expectCtx({
      turn: 2,
      currentPlayer: '1',
      activePlayers: { 0: null, 1: null, 2: null },
      _activePlayersNumMoves: { 0: 0, 1: 0, 2: 0 },
    });
    expect(m.seats()).toEqual(['active', 'active', 'active']);
  });
});

describe('seeds 001/003/004 · ActivePlayers presets', () => {
  const withPreset = (preset: ActivePlayersConfig, numPlayers = 3) =>
    startMatch(stagedGame({ turn: { activePlayers: preset } }), numPlayers);

  test('ALL is { all: Stage.NULL }: "Any player can play, and they aren\'t restricted to any particular stage"', () => {
    expect(ActivePlayers.ALL).toEqual({ all: Stage.NULL });
    const m = withPreset(ActivePlayers.ALL);
    m.expectCtx({ activePlayers: { 0: null, 1: null, 2: null }, _activePlayersMaxMoves: null });
    times(m, 2, 'act', '2');
    m.move('act', '0');
    m.expectCtx({
      activePlayers: { 0: null, 1: null, 2: null },
      numMoves: 1,
      _activePlayersNumMoves: { 0: 1, 1: 0, 2: 2 },
    });
  });

  test('ALL_ONCE is { all: Stage.NULL, minMoves: 1, maxMoves: 1 }: "Any player can make exactly one move before they are removed"', () => {
    expect(ActivePlayers.ALL_ONCE).toEqual({ all: Stage.NULL, minMoves: 1, maxMoves: 1 });
    const m = withPreset(ActivePlayers.ALL_ONCE);
    m.expectCtx({ _activePlayersMinMoves: { 0: 1, 1: 1, 2: 1 }, _activePlayersMaxMoves: { 0: 1, 1: 1, 2: 1 } });
    m.rejectEvent('MIN_MOVES_STAGE', 'endStage', '1');
    m.move('act', '1');
    m.rejectMove('PLAYER_NOT_ACTIVE', 'act', '1');
    m.move('act', '2');
    m.expectCtx({ activePlayers: { 0: null } });
    m.move('act', '0');
    // "Once all players have made their move, the turn will return to the current player."
    m.expectCtx({ activePlayers: null, currentPlayer: '0', turn: 1 });
    m.move('act', '0');
    m.expectCtx({ numMoves: 2 });
  });

  test('OTHERS: "Similar to ALL, but excludes the current player from the set of active players"', () => {
    expect(ActivePlayers.OTHERS).toEqual({ others: Stage.NULL });
    const m = withPreset(ActivePlayers.OTHERS);
    m.expectCtx({ activePlayers: { 1: null, 2: null } });
    expect(m.seats()).toEqual(['idle', 'active', 'active']);
    m.rejectMove('PLAYER_NOT_ACTIVE', 'act', '0');
    times(m, 3, 'act', '1');
    m.expectCtx({ activePlayers: { 1: null, 2: null }, numMoves: 0, _activePlayersNumMoves: { 1: 3, 2: 0 } });
  });

  test('OTHERS_ONCE: each other player moves exactly once; "When all (other) players have made their move, the current player can move again"', () => {
    expect(ActivePlayers.OTHERS_ONCE).toEqual({ others: Stage.NULL, minMoves: 1, maxMoves: 1 });
    const m = withPreset(ActivePlayers.OTHERS_ONCE, 4);
    m.rejectMove('PLAYER_NOT_ACTIVE', 'act', '0');
    m.move('act', '3');
    m.move('act', '1');
    m.rejectMove('PLAYER_NOT_ACTIVE', 'act', '1');
    m.expectCtx({ activePlayers: { 2: null } });
    m.move('act', '2');
    m.expectCtx({ activePlayers: null, currentPlayer: '0', numMoves: 0 });
    m.move('act', '0');
    expect(m.G().log).toEqual(['act by 3', 'act by 1', 'act by 2', 'act by 0']);
    m.event('endTurn', '0');
    m.expectCtx({ currentPlayer: '1', turn: 2, activePlayers: { 0: null, 2: null, 3: null } });
  });
});
