/**
 * Seed 002's card game in today's API: draw cards until the deck is empty,
 * then play them until the hand is empty, and around again.
 */
import type { Game } from 'turnchart';

export interface CardState {
  deck: number;
  hand: number;
}

export const CardPhases: Game<CardState> = {
  name: 'card-phases',
  setup: () => ({ deck: 5, hand: 0 }),
  phases: {
    draw: {
      start: true,
      moves: {
        drawCard: ({ G }) => {
          G.deck--;
          G.hand++;
        },
      },
      endIf: ({ G }) => G.deck <= 0,
      next: 'play',
    },
    play: {
      moves: {
        playCard: ({ G }) => {
          G.deck++;
          G.hand--;
        },
      },
      endIf: ({ G }) => G.hand <= 0,
      next: 'draw',
    },
  },
};

export default CardPhases;
