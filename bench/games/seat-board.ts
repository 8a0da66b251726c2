/**
 * A 64-cell board game for any number of seats, in two turn shapes, to see
 * how an engine's cost grows with seats: `plain` (one placement a turn, the
 * turn ends on `maxMoves`), and `discard` (while one seat places, every other
 * seat is in a `discard` stage and may discard a card; the current player
 * ends the turn). The game ends when the board is full.
 */
import type { BenchLib } from './lib';

export interface SeatBoardState {
  cells: (string | null)[];
  hands: Record<string, number>;
  placed: Record<string, number>;
}

export type SeatBoardShape = 'plain' | 'discard';

export const CELLS = 64;

export function seatBoard(shape: SeatBoardShape) {
  return ({ INVALID_MOVE, Stage }: BenchLib) => {
    const place = ({ G, playerID }: { G: SeatBoardState; playerID: string }, cell: number) => {
      if (!Number.isInteger(cell) || cell < 0 || cell >= CELLS || G.cells[cell] !== null) return INVALID_MOVE;
      G.cells[cell] = playerID;
      G.placed[playerID] = (G.placed[playerID] ?? 0) + 1;
    };
    const discard = ({ G, playerID }: { G: SeatBoardState; playerID: string }) => {
      if (G.hands[playerID] <= 0) return INVALID_MOVE;
      G.hands[playerID] -= 1;
    };
    const turn =
      shape === 'plain'
        ? { minMoves: 1, maxMoves: 1 }
        : {
            minMoves: 1,
            activePlayers: { currentPlayer: Stage.NULL, others: 'discard' },
            stages: { discard: { moves: { discard } } },
          };
    return {
      name: `seat-board-${shape}`,
      setup: ({ ctx }: { ctx: { numPlayers: number } }): SeatBoardState => {
        const hands: Record<string, number> = {};
        for (let i = 0; i < ctx.numPlayers; i++) hands[String(i)] = 20;
        return { cells: new Array(CELLS).fill(null), hands, placed: {} };
      },
      moves: { place },
      turn,
      endIf: ({ G }: { G: SeatBoardState }) => (G.cells.every((cell) => cell !== null) ? { draw: true } : undefined),
    };
  };
}
