import { CELLS, seatBoard, type SeatBoardShape, type SeatBoardState } from '../games/seat-board';
import { event, int, move, type Action, type Rand, type RealisticGame } from './driver';

/**
 * Seat board: placements on free cells, some on taken ones (refused), some
 * out of turn; in the discard shape the other seats discard now and then,
 * and the current player ends the turn after placing.
 */
function chooser(shape: SeatBoardShape) {
  return ({ G, ctx }: { G: SeatBoardState; ctx: any }, rand: Rand): Action => {
    const player: string = ctx.currentPlayer;
    const free = G.cells.flatMap((cell, i) => (cell === null ? [i] : []));
    const placedThisTurn = (ctx.numMoves ?? 0) > 0;
    const r = rand();
    if (shape === 'discard' && placedThisTurn) {
      if (r < 0.6) return event('endTurn', player);
      const other = String((Number(player) + 1 + int(rand, ctx.numPlayers - 1)) % ctx.numPlayers);
      return move('discard', other);
    }
    if (r < 0.8) return move('place', player, free[int(rand, free.length)]);
    if (r < 0.9) return move('place', player, int(rand, CELLS));
    const other = String((Number(player) + 1) % ctx.numPlayers);
    return move('place', other, free[int(rand, free.length)]);
  };
}

export function seatBoardWorkload(shape: SeatBoardShape, numPlayers: number): RealisticGame {
  return {
    name: `seat-board-${shape}-${numPlayers}`,
    label: `seat board (${shape}), ${numPlayers} seats`,
    numPlayers,
    api: '0.50',
    make: seatBoard(shape),
    choose: chooser(shape) as RealisticGame['choose'],
    maxActions: 1000,
  };
}
