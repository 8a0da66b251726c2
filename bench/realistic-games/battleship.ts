import { battleship, opponentOf, SIZE, type BattleshipState } from '../games/battleship';
import { event, int, move, pick, type Action, type Rand, type RealisticGame } from './driver';

/** Battleship: clicks anywhere on the opponent's grid (later, often on cells already fired at), and some out of turn. */
function chooseBattleship({ G, ctx }: { G: BattleshipState; ctx: any }, rand: Rand): Action {
  const player = ctx.currentPlayer;
  const r = rand();
  if (r < 0.4) return move('fire', player, int(rand, SIZE * SIZE));
  if (r < 0.85) {
    const grid = G.grids[opponentOf(player)];
    const open = grid.flatMap((cell, i) => (cell.shot ? [] : [i]));
    return move('fire', player, pick(rand, open));
  }
  if (r < 0.93) return move('fire', opponentOf(player), int(rand, SIZE * SIZE));
  return event('endTurn', player);
}

export const battleshipWorkload: RealisticGame = {
  name: 'battleship',
  label: 'battleship: clicks on wrong cells',
  numPlayers: 2,
  api: '0.50',
  make: battleship,
  choose: chooseBattleship as RealisticGame['choose'],
  maxActions: 800,
};
