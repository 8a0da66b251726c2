/**
 * Tic-tac-toe as the React example plays it: the game of examples/tic-tac-toe
 * with boardgame.io's bot hook, `ai.enumerate` (a click on each empty cell),
 * so the debug panel's AI tab can play it.
 */
import { TicTacToe as Rules, type TicTacToeState } from '../tic-tac-toe/game';

export const TicTacToe = {
  ...Rules,
  ai: {
    enumerate: ({ cells }: TicTacToeState) =>
      cells.flatMap((cell, id) => (cell === null ? [{ move: 'clickCell', args: [id] }] : [])),
  },
};
