/**
 * boardgame.io's Stages guide: setActivePlayers (currentPlayer / others / all /
 * value, minMoves / maxMoves short and long form, revert, nested next) and the
 * advanced move limits of setStage and the long form.
 */
import { type ActivePlayersConfig } from 'turnchart';
import { note, startMatch } from './scenario-match';
import { MOVE_OF, stagedGame, times } from './staged-game';

describe('setActivePlayers', () => {
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

describe('advanced move limits (long-form arguments)', () => {
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
