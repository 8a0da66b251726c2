/**
 * Checkers in the style of published boardgame.io 0.50 games: an 8×8 board
 * of piece objects, forced captures, multi-jumps that keep the turn, kings,
 * a move history in G, `turn.minMoves: 1`, and an `endIf` that looks for a
 * player with no piece or no move.
 *
 * The game file takes its library (`boardgame.io/core` or
 * `turnchart/boardgameio`) as a parameter: the one import a migration
 * changes.
 */
import type { BenchLib } from './lib';

export interface Piece {
  id: number;
  player: string;
  king: boolean;
}

export interface CheckersState {
  board: (Piece | null)[];
  /** The square of a piece in the middle of a multi-jump; it must jump again. */
  jumping: number | null;
  captured: Record<string, number>;
  history: { player: string; from: number; to: number; took: number | null }[];
}

export type Step = { from: number; to: number; over: number | null };

const other = (player: string) => (player === '0' ? '1' : '0');
const row = (square: number) => square >> 3;
const col = (square: number) => square & 7;
const at = (r: number, c: number) => (r < 0 || r > 7 || c < 0 || c > 7 ? -1 : r * 8 + c);

function directions(piece: Piece): [number, number][] {
  const forward = piece.player === '0' ? 1 : -1;
  return piece.king
    ? [
        [1, -1],
        [1, 1],
        [-1, -1],
        [-1, 1],
      ]
    : [
        [forward, -1],
        [forward, 1],
      ];
}

/** The jumps of the piece on `from`. */
function jumpsFrom(board: (Piece | null)[], from: number): Step[] {
  const piece = board[from];
  if (!piece) return [];
  const out: Step[] = [];
  for (const [dr, dc] of directions(piece)) {
    const over = at(row(from) + dr, col(from) + dc);
    const to = at(row(from) + 2 * dr, col(from) + 2 * dc);
    if (over < 0 || to < 0) continue;
    const victim = board[over];
    if (victim && victim.player !== piece.player && board[to] === null) out.push({ from, to, over });
  }
  return out;
}

/** Every move `player` may make now: jumps only, when there is one (forced capture). */
export function legalSteps(G: CheckersState, player: string): Step[] {
  if (G.jumping !== null) return jumpsFrom(G.board, G.jumping);
  const jumps: Step[] = [];
  const steps: Step[] = [];
  G.board.forEach((piece, from) => {
    if (!piece || piece.player !== player) return;
    jumps.push(...jumpsFrom(G.board, from));
    for (const [dr, dc] of directions(piece)) {
      const to = at(row(from) + dr, col(from) + dc);
      if (to >= 0 && G.board[to] === null) steps.push({ from, to, over: null });
    }
  });
  return jumps.length > 0 ? jumps : steps;
}

export function checkers({ INVALID_MOVE }: BenchLib) {
  return {
    name: 'checkers',
    setup: (): CheckersState => {
      const board: (Piece | null)[] = Array(64).fill(null);
      let id = 0;
      for (let square = 0; square < 64; square++) {
        if ((row(square) + col(square)) % 2 === 0) continue;
        if (row(square) < 3) board[square] = { id: id++, player: '0', king: false };
        else if (row(square) > 4) board[square] = { id: id++, player: '1', king: false };
      }
      return { board, jumping: null, captured: { 0: 0, 1: 0 }, history: [] };
    },

    moves: {
      movePiece: ({ G, playerID, events }: any, from: number, to: number) => {
        const step = legalSteps(G, playerID).find((s) => s.from === from && s.to === to);
        if (!step) return INVALID_MOVE;
        const piece = G.board[from];
        G.board[to] = piece;
        G.board[from] = null;
        if (step.over !== null) {
          G.board[step.over] = null;
          G.captured[playerID] += 1;
        }
        if (!piece.king && (row(to) === 0 || row(to) === 7)) piece.king = true;
        G.history.push({ player: playerID, from, to, took: step.over });
        if (step.over !== null && jumpsFrom(G.board, to).length > 0) {
          G.jumping = to;
        } else {
          G.jumping = null;
          events.endTurn();
        }
      },
    },

    turn: {
      minMoves: 1,
      onBegin: ({ G }: any) => {
        G.jumping = null;
      },
    },

    // The player to move next loses when they cannot move (no piece left, or all blocked).
    endIf: ({ G }: any) => {
      if (G.history.length >= 150) return { draw: true };
      const last = G.history[G.history.length - 1];
      const next = last === undefined ? '0' : G.jumping !== null ? last.player : other(last.player);
      if (legalSteps(G, next).length === 0) return { winner: other(next) };
      return undefined;
    },
  };
}
