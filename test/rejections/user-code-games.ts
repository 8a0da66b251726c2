/** The games and helpers of the user-code rejection tests: a G, a base game, code that throws after changing things. */
import { createGame, type ActionRejection, type Game } from 'turnchart';
import { accept, move, start } from './expect-rejection';

export interface G {
  n: number;
  roll?: number;
  armed?: boolean;
  [key: string]: unknown;
}

export const boom = new Error('boom');
/** Changes G and the random state, then throws: nothing of it may remain. */
export const explode = ({ G, random }: { G: G; random: { D6(): number } }) => {
  G.n += 100;
  G.roll = random.D6();
  throw boom;
};

export const base = (): Game<G> => ({
  setup: () => ({ n: 0 }),
  moves: {
    step: ({ G, random }) => {
      G.n++;
      G.roll = random.D6();
    },
    arm: ({ G }) => {
      G.armed = true;
    },
  },
});

/** Starts the game and plays a move, so the match has history and used its PRNG. */
export function played(game: Game<G>, numPlayers = 2) {
  const match = start(game, numPlayers);
  accept(match, move('step'));
  return match;
}

export function startError(game: Game<G>): { name: string; message: string; rejection: ActionRejection } {
  try {
    createGame(game, { numPlayers: 2 });
  } catch (error) {
    return error as any;
  }
  throw new Error('the game started');
}
