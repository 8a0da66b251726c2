/**
 * Reversi for two at one screen, as published pass-and-play games are
 * written: the app calls `client.updatePlayerID(ctx.currentPlayer)` before
 * every click. An 8×8 board of cell objects; a move flips the discs it
 * outflanks; `turn.order.next` scans the board and gives the turn back to
 * the mover when the other player has no move; `endIf` scans it for a move
 * of either player.
 */
import type { BenchLib } from './lib';

export interface Cell {
  row: number;
  col: number;
  disc: string | null;
  flips: number;
}

export interface ReversiState {
  cells: Cell[];
  counts: Record<string, number>;
  history: { player: string; cell: number; flipped: number[] }[];
}

const DIRECTIONS = [
  [-1, -1],
  [-1, 0],
  [-1, 1],
  [0, -1],
  [0, 1],
  [1, -1],
  [1, 0],
  [1, 1],
];

/** The cells `player` would flip by playing on `index` (none: not a legal move). */
export function flipsFor(cells: Cell[], player: string, index: number): number[] {
  const cell = cells[index];
  if (!cell || cell.disc !== null) return [];
  const flipped: number[] = [];
  for (const [dr, dc] of DIRECTIONS) {
    const line: number[] = [];
    let r = cell.row + dr;
    let c = cell.col + dc;
    while (r >= 0 && r < 8 && c >= 0 && c < 8) {
      const disc = cells[r * 8 + c].disc;
      if (disc === null) break;
      if (disc === player) {
        flipped.push(...line);
        break;
      }
      line.push(r * 8 + c);
      r += dr;
      c += dc;
    }
  }
  return flipped;
}

/** Every cell `player` may play on now. */
export const legalCells = (cells: Cell[], player: string): number[] =>
  cells.flatMap((_, index) => (flipsFor(cells, player, index).length > 0 ? [index] : []));

export function reversi({ INVALID_MOVE }: BenchLib) {
  return {
    name: 'reversi',
    setup: (): ReversiState => {
      const cells = Array.from({ length: 64 }, (_, i): Cell => ({ row: i >> 3, col: i & 7, disc: null, flips: 0 }));
      cells[27].disc = cells[36].disc = '1';
      cells[28].disc = cells[35].disc = '0';
      return { cells, counts: { 0: 2, 1: 2 }, history: [] };
    },

    moves: {
      place: ({ G, playerID }: any, index: number) => {
        const flipped = Number.isInteger(index) ? flipsFor(G.cells, playerID, index) : [];
        if (flipped.length === 0) return INVALID_MOVE;
        G.cells[index].disc = playerID;
        for (const i of flipped) {
          G.cells[i].disc = playerID;
          G.cells[i].flips += 1;
        }
        const other = playerID === '0' ? '1' : '0';
        G.counts[playerID] += flipped.length + 1;
        G.counts[other] -= flipped.length;
        G.history.push({ player: playerID, cell: index, flipped });
      },
    },

    turn: {
      minMoves: 1,
      maxMoves: 1,
      order: {
        first: () => 0,
        next: ({ G, ctx }: any) => {
          const other = (ctx.playOrderPos + 1) % ctx.numPlayers;
          return legalCells(G.cells, ctx.playOrder[other]).length > 0 ? other : ctx.playOrderPos;
        },
      },
    },

    endIf: ({ G }: any) => {
      if (legalCells(G.cells, '0').length > 0 || legalCells(G.cells, '1').length > 0) return undefined;
      const { 0: zero, 1: one } = G.counts;
      return zero === one ? { draw: true } : { winner: zero > one ? '0' : '1' };
    },
  };
}
