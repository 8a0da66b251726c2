/**
 * Games for the diagram tests: phases with spaces, dashes and parentheses in
 * their names, declared stages, a static `next`, and three seats.
 */
import { ActivePlayers, type Game } from 'turnchart';

const noop = () => {};

/** Two named phases (`draw cards` → `main-phase`), stages, moves per stage. */
export const cardGame: Game = {
  name: 'card game',
  setup: () => ({ deck: 30 }),
  moves: { play: noop },
  phases: {
    'draw cards': {
      start: true,
      next: 'main-phase',
      moves: { draw: noop },
      turn: {
        activePlayers: ActivePlayers.ALL,
        stages: {
          'discard (optional)': { moves: { discard: noop }, next: 'wait' },
          wait: {},
        },
      },
    },
    'main-phase': {
      moves: { play: noop, 'trade "gold"': noop },
      turn: { stages: { 'respond; quickly': { moves: { respond: noop } } } },
    },
  },
  endIf: () => undefined,
};

/** No phases at all: the chart has only the null phase. */
export const flatGame: Game = {
  moves: { roll: noop },
};
