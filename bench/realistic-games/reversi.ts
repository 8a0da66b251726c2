import { legalCells, reversi, type ReversiState } from '../games/reversi';
import { int, move, pick, type Action, type Rand, type RealisticGame } from './driver';

/** Reversi at one screen: the player to move clicks a legal cell about two times in three, a wrong one otherwise. */
function chooseReversi({ G, ctx }: { G: ReversiState; ctx: any }, rand: Rand): Action {
  const player = ctx.currentPlayer;
  const legal = legalCells(G.cells, player);
  return rand() < 0.65 && legal.length > 0
    ? move('place', player, pick(rand, legal))
    : move('place', player, int(rand, 64));
}

export const reversiWorkload: RealisticGame = {
  name: 'reversi',
  label: 'reversi: hot-seat, updatePlayerID',
  numPlayers: 2,
  api: '0.50',
  make: reversi,
  choose: chooseReversi as RealisticGame['choose'],
  maxActions: 600,
  hotSeat: true,
};
