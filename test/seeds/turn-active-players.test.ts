/**
 * boardgame.io 0.3x–0.4x's Turn Orders guide, in the 0.50 API (see
 * turn-orders.test.ts): turn.activePlayers (the seed's `moveLimit`
 * becomes `maxMoves`, `all: true` becomes `all: Stage.NULL`),
 * `endTurn({ next })` and `turn.endIf` returning `{ next }`.
 */
import { Stage, type ActivePlayersConfig, type Game } from 'turnchart';
import { startMatch } from './scenario-match';
import { act, passTurns, simpleGame, type Log } from './turn-order-games';

describe('turn.activePlayers (moveLimit is now maxMoves, `true` is now Stage.NULL)', () => {
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

describe('endTurn({ next }) and turn.endIf returning { next }', () => {
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
