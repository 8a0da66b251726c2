/**
 * boardgame.io's Stages guide: the discard example, stage moves, setStage
 * / endStage and `next`. setActivePlayers and move limits:
 * set-active-players.test.ts; Stage.NULL, the array form,
 * turn.activePlayers and the presets:
 * active-players-presets.test.ts.
 */
import { ActivePlayers, type Game } from 'turnchart';
import { note, startMatch, type Log } from './scenario-match';
import { MOVE_OF, stagedGame } from './staged-game';

describe('the discard example', () => {
  interface Table {
    played: string[];
    discarded: string[];
  }
  // The Stages guide: function playCard({ events }) { events.setActivePlayers({ others: 'discard', minMoves: 1, maxMoves: 1 }); }
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

describe('defining, entering and exiting stages', () => {
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
