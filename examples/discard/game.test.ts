import { createGame } from 'turnchart';
import { expectChartAgrees } from '../../test/support/invariants';
import { Discard } from './game';

describe('discard example (seeds 001/003)', () => {
  test('playCard sends every other player into discard; each discards once; the set then empties to null', () => {
    const match = createGame(Discard, { numPlayers: 4, seed: 'readme' });
    expect(match.move('playCard', [], '0')).toEqual({ ok: true });
    expect(match.getState().ctx.activePlayers).toEqual({ 1: 'discard', 2: 'discard', 3: 'discard' });
    expect(match.getStateValue()).toEqual({
      phases: {
        '(no phase)': { turn: { player0: 'idle', player1: 'discard', player2: 'discard', player3: 'discard' } },
      },
    });
    // The current player is locked out until the others have discarded (bgio-quirks 10).
    expect(match.move('playCard', [], '0')).toMatchObject({ ok: false, error: { code: 'PLAYER_NOT_ACTIVE' } });
    expect(match.move('discard', [], '2')).toEqual({ ok: true });
    expect(match.getState().ctx.activePlayers).toEqual({ 1: 'discard', 3: 'discard' });
    expect(match.getStateValue()).toMatchObject({ phases: { '(no phase)': { turn: { player2: 'idle' } } } });
    // maxMoves 1: a second discard is not possible.
    expect(match.move('discard', [], '2')).toMatchObject({ ok: false });
    match.move('discard', [], '1');
    match.move('discard', [], '3');
    expect(match.getState().ctx.activePlayers).toBeNull();
    expect(match.getStateValue()).toEqual({
      phases: { '(no phase)': { turn: { player0: 'active', player1: 'idle', player2: 'idle', player3: 'idle' } } },
    });
    expect(match.getState().G).toMatchObject({ table: 1, discards: 3, hands: { 0: 4, 1: 4, 2: 4, 3: 4 } });
    expectChartAgrees(Discard, match);
  });

  test('the game ends when a hand is empty', () => {
    const match = createGame(Discard, { numPlayers: 2, seed: 'readme' });
    for (let round = 0; round < 10 && match.getState().ctx.gameover === undefined; round++) {
      const current = match.getState().ctx.currentPlayer;
      match.move('playCard', [], current);
      if (match.getState().ctx.gameover !== undefined) break;
      match.move('discard', [], current === '0' ? '1' : '0');
      match.event('endTurn', undefined, current);
      expectChartAgrees(Discard, match);
    }
    expect(match.getState().ctx.gameover).toEqual({ winner: '0' });
    expect(match.getStateValue()).toBe('gameover');
  });
});
