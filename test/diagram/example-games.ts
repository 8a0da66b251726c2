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

/**
 * Moves that call the flow across boxes, each with a literal argument: `skip`
 * jumps from `draw` to `score` (`setPhase`), `pickNext` ends the turn naming
 * the next player (`endTurn({ next })`), `concede` ends the game (`endGame`).
 */
export const shortcutGame: Game<{ cards: number }> = {
  name: 'shortcut',
  setup: () => ({ cards: 0 }),
  phases: {
    draw: {
      start: true,
      next: 'play',
      endIf: ({ G }) => G.cards >= 3,
      moves: {
        draw: ({ G }) => {
          G.cards++;
        },
        skip: ({ events }) => events.setPhase('score'),
      },
    },
    play: {
      next: 'score',
      moves: {
        play: ({ G }) => {
          G.cards--;
        },
        pickNext: ({ events }) => events.endTurn({ next: '0' }),
      },
    },
    score: {
      moves: { concede: ({ events }) => events.endGame({ winner: '1' }) },
    },
  },
};
