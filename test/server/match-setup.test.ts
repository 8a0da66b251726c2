import { bindGame } from '../../src/adapters/boardgameio/taped-game';
import { createMatch } from '../../src/adapters/boardgameio/master/match-setup';
import type { ServerGame } from '../../src/adapters/boardgameio/master/types';

const bound = (game: object) => bindGame(game as never) as ReturnType<typeof bindGame> & { game: ServerGame };

describe('createMatch', () => {
  test('a setup that throws is one error, said once', () => {
    const game = {
      name: 'broken',
      setup: () => {
        throw new Error('no deck');
      },
      moves: {},
    };
    const result = createMatch(bound(game), { numPlayers: 2 });
    expect(result).toEqual({ error: expect.stringContaining('no deck') });
    const { error } = result as { error: string };
    expect(error.match(/could not start/g)).toHaveLength(1);
  });

  test('a game that starts gives its metadata and first state', () => {
    const result = createMatch(bound({ name: 'fine', setup: () => ({ n: 0 }), moves: {} }), { numPlayers: 3 });
    expect(result).toMatchObject({ initialState: { G: { n: 0 }, ctx: { numPlayers: 3 } } });
  });
});
