/**
 * boardgame.io's Stages and Turn Orders guides: Stage.NULL, the array form
 * of setActivePlayers, turn.activePlayers and the ActivePlayers presets.
 */
import { ActivePlayers, Stage, type ActivePlayersConfig } from 'turnchart';
import { startMatch } from './scenario-match';
import { stagedGame, times } from './staged-game';

describe('Stage.NULL, the array form and turn.activePlayers', () => {
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

describe('ActivePlayers presets', () => {
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
