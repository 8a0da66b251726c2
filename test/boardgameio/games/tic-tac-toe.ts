/**
 * Tic-tac-toe as in boardgame.io's tutorial: one move per turn, an occupied
 * cell is INVALID_MOVE, the game ends with a winner or a draw via `endIf`.
 */
import type { BoardgameLib } from './lib';

export interface TicTacToeState {
  cells: (string | null)[];
}

const LINES = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];

function isVictory(cells: (string | null)[]): boolean {
  return LINES.some(([a, b, c]) => cells[a] !== null && cells[a] === cells[b] && cells[a] === cells[c]);
}

export function ticTacToe({ INVALID_MOVE }: BoardgameLib) {
  return {
    name: 'tic-tac-toe',
    seed: 'tic-tac-toe',
    setup: (): TicTacToeState => ({ cells: Array(9).fill(null) }),
    turn: { minMoves: 1, maxMoves: 1 },
    moves: {
      clickCell: ({ G, playerID }: { G: TicTacToeState; playerID: string }, id: number) => {
        if (G.cells[id] !== null) return INVALID_MOVE;
        G.cells[id] = playerID;
      },
    },
    endIf: ({ G, ctx }: { G: TicTacToeState; ctx: { currentPlayer: string } }) => {
      if (isVictory(G.cells)) return { winner: ctx.currentPlayer };
      if (G.cells.every((cell) => cell !== null)) return { draw: true };
    },
  };
}
