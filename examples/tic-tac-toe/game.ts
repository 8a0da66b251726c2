/**
 * Tic-tac-toe: the smallest complete game. Teaches a move that refuses bad
 * input with `INVALID_MOVE` (an occupied or missing cell; the match does not
 * change), a turn of exactly one move (`minMoves`/`maxMoves: 1` pass the
 * turn automatically), and the end of the game through the game's `endIf`:
 * `ctx.gameover` is `{ winner }` or `{ draw: true }` and the chart is in its
 * final `gameover` state.
 */
import { INVALID_MOVE, type Game } from 'turnchart';

/** Nine cells, row by row; each holds the seat that marked it, or null. */
export interface TicTacToeState {
  cells: (string | null)[];
}

export type TicTacToeResult = { winner: string } | { draw: true };

/** The eight lines of three cells. */
export const LINES: readonly (readonly [number, number, number])[] = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];

/** The seat holding a whole line, if any. */
export function lineOwner(cells: readonly (string | null)[]): string | undefined {
  const line = LINES.find(([a, b, c]) => cells[a] !== null && cells[a] === cells[b] && cells[a] === cells[c]);
  return line ? cells[line[0]]! : undefined;
}

export const TicTacToe: Game<TicTacToeState> = {
  name: 'tic-tac-toe',
  minPlayers: 2,
  maxPlayers: 2,
  setup: () => ({ cells: Array<string | null>(9).fill(null) }),
  moves: {
    clickCell: ({ G, playerID }, id: number) => {
      if (!Number.isInteger(id) || id < 0 || id > 8 || G.cells[id] !== null) return INVALID_MOVE;
      G.cells[id] = playerID!;
    },
  },
  turn: { minMoves: 1, maxMoves: 1 },
  endIf: ({ G }): TicTacToeResult | undefined => {
    const winner = lineOwner(G.cells);
    if (winner !== undefined) return { winner };
    if (G.cells.every((cell) => cell !== null)) return { draw: true };
    return undefined;
  },
};

export default TicTacToe;
