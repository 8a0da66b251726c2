/**
 * A trading game whose moves return a new G instead of changing the draft
 * (`map`, `filter`, `find` and spreads), as many published games are
 * written. Three merchants buy goods at a market, travel along a road of
 * cities, sell what a city wants (the good goes back to the market) and
 * claim cities. G: three merchants,
 * 36 cities with their demands, the market, and a log that each move copies.
 */
import type { BenchLib } from './lib';

export const GOODS = ['spice', 'silk', 'salt', 'tea', 'wine', 'iron'] as const;
export type Good = (typeof GOODS)[number];
export const CITIES = 36;
/** How far a merchant may travel in one move. */
export const REACH = 6;
export const CLAIM_COST = 10;

export interface City {
  id: number;
  name: string;
  demand: Partial<Record<Good, number>>;
  owner: string | null;
  visits: number;
}

export interface Merchant {
  id: string;
  coins: number;
  goods: Record<Good, number>;
  at: number;
  claimed: number[];
}

export interface CaravanState {
  merchants: Merchant[];
  cities: City[];
  market: { good: Good; price: number; stock: number }[];
  log: { player: string; what: string; at: number }[];
}

const merchantOf = (G: CaravanState, id: string) => G.merchants.find((m) => m.id === id)!;

/** G with one merchant replaced by `change(merchant)`, and a line added to the log. */
function withMerchant(G: CaravanState, id: string, change: (m: Merchant) => Merchant, what: string): CaravanState {
  const merchants = G.merchants.map((m) => (m.id === id ? change(m) : m));
  return { ...G, merchants, log: [...G.log, { player: id, what, at: merchantOf(G, id).at }] };
}

export function caravan({ INVALID_MOVE }: BenchLib) {
  return {
    name: 'caravan',
    setup: ({ ctx, random }: any): CaravanState => ({
      merchants: ctx.playOrder.map((id: string) => ({
        id,
        coins: 12,
        goods: Object.fromEntries(GOODS.map((good) => [good, 0])) as Record<Good, number>,
        at: 0,
        claimed: [],
      })),
      cities: Array.from({ length: CITIES }, (_, id) => ({
        id,
        name: `city-${id}`,
        demand: Object.fromEntries(GOODS.filter(() => random.D6() > 2).map((good) => [good, 2 + random.D6()])),
        owner: null,
        visits: 0,
      })),
      market: GOODS.map((good) => ({ good, price: 2 + random.D4(), stock: 40 })),
      log: [],
    }),

    moves: {
      buy: ({ G, playerID }: any, good: Good) => {
        const offer = G.market.find((o: CaravanState['market'][number]) => o.good === good);
        const merchant = merchantOf(G, playerID);
        if (!offer || offer.stock === 0 || merchant.coins < offer.price) return INVALID_MOVE;
        const bought = withMerchant(
          G,
          playerID,
          (m) => ({ ...m, coins: m.coins - offer.price, goods: { ...m.goods, [good]: m.goods[good] + 1 } }),
          `buy ${good}`,
        );
        return {
          ...bought,
          market: G.market.map((o: any) => (o.good === good ? { ...o, stock: o.stock - 1 } : o)),
        };
      },
      travel: ({ G, playerID }: any, to: number) => {
        const merchant = merchantOf(G, playerID);
        const far = Math.abs(to - merchant.at);
        if (!Number.isInteger(to) || to < 0 || to >= CITIES || far === 0 || far > REACH) return INVALID_MOVE;
        return withMerchant(G, playerID, (m) => ({ ...m, at: to }), `travel ${to}`);
      },
      sell: ({ G, playerID }: any, good: Good) => {
        const merchant = merchantOf(G, playerID);
        const city: City = G.cities[merchant.at];
        const price = city.demand[good];
        if (!price || !merchant.goods[good]) return INVALID_MOVE;
        const sold = withMerchant(
          G,
          playerID,
          (m) => ({ ...m, coins: m.coins + price, goods: { ...m.goods, [good]: m.goods[good] - 1 } }),
          `sell ${good}`,
        );
        const cities = G.cities.map((c: City) =>
          c.id === city.id
            ? { ...c, demand: { ...c.demand, [good]: Math.max(3, price - 1) }, visits: c.visits + 1 }
            : c,
        );
        const market = G.market.map((o: any) => (o.good === good ? { ...o, stock: o.stock + 1 } : o));
        return { ...sold, cities, market };
      },
      claim: ({ G, playerID }: any) => {
        const merchant = merchantOf(G, playerID);
        const city: City = G.cities[merchant.at];
        if (city.owner !== null || merchant.coins < CLAIM_COST) return INVALID_MOVE;
        const claimed = withMerchant(
          G,
          playerID,
          (m) => ({ ...m, coins: m.coins - CLAIM_COST, claimed: [...m.claimed, city.id] }),
          `claim ${city.id}`,
        );
        return { ...claimed, cities: G.cities.map((c: City) => (c.id === city.id ? { ...c, owner: playerID } : c)) };
      },
    },

    turn: { minMoves: 1, maxMoves: 3 },

    endIf: ({ G }: any) => {
      const worth = (m: Merchant) => m.coins + 8 * m.claimed.length;
      const rich = G.merchants.find((m: Merchant) => worth(m) >= 80);
      if (rich) return { winner: rich.id };
      if (G.log.length >= 240 || G.cities.every((c: City) => c.owner !== null)) {
        const best = Math.max(...G.merchants.map(worth));
        return { winners: G.merchants.filter((m: Merchant) => worth(m) === best).map((m: Merchant) => m.id) };
      }
      return undefined;
    },
  };
}
