import { playableCards, tricks, type TricksState } from '../games/tricks';
import { event, int, move, pick, type Action, type Rand, type RealisticGame } from './driver';

/** Tricks: bids and cards, with bids out of range, cards that do not follow suit, bids while playing, endTurn before moving, plays out of turn. */
function chooseTricks({ G, ctx }: { G: TricksState; ctx: any }, rand: Rand): Action {
  const player = ctx.currentPlayer;
  const someoneElse = String((Number(player) + 1 + int(rand, 3)) % 4);
  const r = rand();
  if (ctx.phase === 'bidding') {
    if (r < 0.7) return move('bid', player, int(rand, 6));
    if (r < 0.8) return move('bid', player, 14 + int(rand, 3));
    if (r < 0.9) return event('endTurn', player);
    return move('bid', someoneElse, 2);
  }
  const hand = G.hands[player];
  if (r < 0.6) return move('playCard', player, pick(rand, playableCards(G, player)).id);
  if (r < 0.8) return move('playCard', player, pick(rand, hand).id);
  if (r < 0.86) return move('bid', player, 3);
  if (r < 0.93) return event('endTurn', player);
  return move('playCard', someoneElse, pick(rand, G.hands[someoneElse].length > 0 ? G.hands[someoneElse] : hand).id);
}

export const tricksWorkload: RealisticGame = {
  name: 'tricks',
  label: 'tricks: 52 cards, hands, bids',
  numPlayers: 4,
  api: '0.50',
  make: tricks,
  choose: chooseTricks as RealisticGame['choose'],
  maxActions: 1000,
};
