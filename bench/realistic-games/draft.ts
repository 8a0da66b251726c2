import { draft, type DraftState } from '../games/draft';
import { int, move, pick, type Action, type Rand, type RealisticGame } from './driver';

/** Draft: everyone picks at once; some take a pick back, pick a card not in hand or pick twice. */
function chooseDraft({ G, ctx }: { G: DraftState; ctx: any }, rand: Rand): Action {
  const active = ctx.activePlayers ?? {};
  const player: string = pick(rand, ctx.playOrder);
  const seat = G.seats[player];
  const r = rand();
  if (active[player] === 'wait') {
    if (r < 0.3) return move('unpick', player);
    if (r < 0.8)
      return (
        pick(rand, ctx.playOrder.filter((p: string) => active[p] === 'pick').map(pickFor)) ?? move('unpick', player)
      );
    return move('pick', player, seat.hand.length > 0 ? pick(rand, seat.hand).id : 0);
  }
  if (r < 0.75 && seat.hand.length > 0) return move('pick', player, pick(rand, seat.hand).id);
  if (r < 0.92) return move('pick', player, int(rand, 150));
  return move('unpick', player);

  function pickFor(p: string): Action {
    const hand = G.seats[p].hand;
    return move('pick', p, hand.length > 0 ? pick(rand, hand).id : 0);
  }
}

export const draftWorkload: RealisticGame = {
  name: 'draft',
  label: 'draft: 5 seats pick at once',
  numPlayers: 5,
  api: '0.50',
  make: draft,
  choose: chooseDraft as RealisticGame['choose'],
  maxActions: 1000,
};
