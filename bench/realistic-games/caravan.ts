import { caravan, CITIES, CLAIM_COST, GOODS, REACH, type CaravanState } from '../games/caravan';
import { event, int, move, pick, type Action, type Rand, type RealisticGame } from './driver';

/** Caravan: buys, journeys, sales and claims, some unaffordable or out of reach, and endTurn before a move. */
function chooseCaravan({ G, ctx }: { G: CaravanState; ctx: any }, rand: Rand): Action {
  const player = ctx.currentPlayer;
  const merchant = G.merchants.find((m) => m.id === player)!;
  const r = rand();
  if (r < 0.25) {
    const affordable = G.market.filter((o) => o.stock > 0 && o.price <= merchant.coins).map((o) => o.good);
    return move('buy', player, affordable.length > 0 && rand() < 0.8 ? pick(rand, affordable) : pick(rand, GOODS));
  }
  if (r < 0.5) {
    const owned = GOODS.filter((good) => merchant.goods[good] > 0);
    const markets = G.cities.filter(
      (c) => c.id !== merchant.at && Math.abs(c.id - merchant.at) <= REACH && owned.some((good) => c.demand[good]),
    );
    if (markets.length > 0 && rand() < 0.7) return move('travel', player, pick(rand, markets).id);
    const to = Math.min(CITIES - 1, Math.max(0, merchant.at + int(rand, 2 * REACH + 1) - REACH));
    return move('travel', player, to);
  }
  if (r < 0.82) {
    const wanted = GOODS.filter((good) => merchant.goods[good] > 0 && G.cities[merchant.at].demand[good]);
    return move('sell', player, wanted.length > 0 && rand() < 0.8 ? pick(rand, wanted) : pick(rand, GOODS));
  }
  if (r < 0.9 && (merchant.coins >= CLAIM_COST || rand() < 0.2)) return move('claim', player);
  return event('endTurn', player);
}

export const caravanWorkload: RealisticGame = {
  name: 'caravan',
  label: 'caravan: moves return new G',
  numPlayers: 3,
  api: '0.50',
  make: caravan,
  choose: chooseCaravan as RealisticGame['choose'],
  maxActions: 800,
};
