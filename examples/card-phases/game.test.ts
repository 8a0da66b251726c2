import { createGame } from 'turnchart';
import { expectChartAgrees } from '../../test/support/invariants';
import { CardPhases } from './game';

describe('card-phases example (seed 002 in the current API)', () => {
  test('draw until the deck is empty, then play until the hand is empty', () => {
    const match = createGame(CardPhases, { numPlayers: 2, seed: 'readme' });
    expect(match.getState().ctx.phase).toBe('draw');
    expect(match.move('playCard', [], '0')).toMatchObject({ ok: false, error: { code: 'MOVE_NOT_ALLOWED' } });
    for (let i = 0; i < 5; i++) {
      expect(match.move('drawCard', [], match.getState().ctx.currentPlayer)).toEqual({ ok: true });
      expectChartAgrees(CardPhases, match);
      if (i < 4) match.event('endTurn', undefined, match.getState().ctx.currentPlayer);
    }
    expect(match.getState().G).toEqual({ deck: 0, hand: 5 });
    expect(match.getState().ctx.phase).toBe('play');
    expect(match.getStateValue()).toMatchObject({ phases: { play: { turn: expect.any(Object) } } });
    for (let i = 0; i < 5; i++) match.move('playCard', [], match.getState().ctx.currentPlayer);
    expect(match.getState().G).toEqual({ deck: 5, hand: 0 });
    expect(match.getState().ctx.phase).toBe('draw');
    expectChartAgrees(CardPhases, match);
  });
});
