/** The 0.2x Phases guide's card games and helpers (see phases.test.ts): the deck and hand, the draw and play phases, a log. */
import type { Game } from 'turnchart';

export interface Cards {
  deck: number;
  hand: number;
}

export const drawCard = ({ G }: { G: Cards }) => {
  G.deck--;
  G.hand++;
};
export const playCard = ({ G }: { G: Cards }) => {
  G.deck++;
  G.hand--;
};

/** The seed's first game: one player, two moves, no phases. */
export const cardGame: Game<Cards> = {
  setup: () => ({ deck: 5, hand: 0 }),
  moves: { drawCard, playCard },
};

/** The seed's phased game: draw until the deck is empty, then play until the hand is empty. */
export const phasedCardGame = (): Game<Cards> => ({
  setup: () => ({ deck: 5, hand: 0 }),
  moves: { drawCard, playCard },
  phases: {
    draw: { start: true, moves: { drawCard }, endIf: ({ G }) => G.deck <= 0, next: 'play' },
    play: { moves: { playCard }, endIf: ({ G }) => G.hand <= 0, next: 'draw' },
  },
});

export interface Log {
  log: string[];
}

/** A hook (or move) that appends `label` to G.log. */
export const record =
  (label: string) =>
  ({ G }: { G: Log }): void => {
    G.log.push(label);
  };

export function repeat(times: number, step: () => void): void {
  for (let i = 0; i < times; i++) step();
}
