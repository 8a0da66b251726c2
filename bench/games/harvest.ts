/**
 * A simultaneous-action game in the style of published boardgame.io 0.50
 * games, for six players: each round every player is in the `plan` stage
 * (`activePlayers: { all: 'plan', minMoves: 1, maxMoves: 1 }`) and sends
 * their orders (workers to fields, a crop to sow); when all have planned,
 * the turn ends and its `onEnd` resolves the round for everyone. G is large
 * per player: sixteen field objects, a store of eight resources, buildings,
 * and a growing journal of past orders.
 */
import type { BenchLib } from './lib';

export const CROPS = ['wheat', 'barley', 'flax', 'beans'] as const;
export const RESOURCES = ['wheat', 'barley', 'flax', 'beans', 'wood', 'stone', 'cloth', 'coin'] as const;
export const FIELDS = 16;
export const ROUNDS = 12;

export interface Field {
  crop: (typeof CROPS)[number] | null;
  growth: number;
  fertility: number;
  workers: number;
}

export interface Order {
  field: number;
  workers: number;
  sow?: (typeof CROPS)[number];
}

export interface Estate {
  fields: Field[];
  store: Record<(typeof RESOURCES)[number], number>;
  workers: number;
  buildings: { kind: string; level: number }[];
  journal: { round: number; orders: Order[] }[];
  orders: Order[] | null;
}

export interface HarvestState {
  estates: Record<string, Estate>;
  round: number;
  weather: number[];
  market: Record<string, number>;
}

/** Why a set of orders is refused, or null when it may be sent. */
export function ordersProblem(estate: Estate, orders: unknown): string | null {
  if (!Array.isArray(orders) || orders.length === 0) return 'no orders';
  let workers = 0;
  const seen = new Set<number>();
  for (const order of orders as Order[]) {
    if (!Number.isInteger(order.field) || order.field < 0 || order.field >= FIELDS || seen.has(order.field))
      return 'bad field';
    seen.add(order.field);
    if (!Number.isInteger(order.workers) || order.workers < 1) return 'bad workers';
    workers += order.workers;
    if (order.sow !== undefined && !CROPS.includes(order.sow)) return 'bad crop';
  }
  return workers > estate.workers ? 'too many workers' : null;
}

export function harvest({ INVALID_MOVE }: BenchLib) {
  return {
    name: 'harvest',
    setup: ({ ctx, random }: any): HarvestState => {
      const estates: Record<string, Estate> = {};
      for (const player of ctx.playOrder) {
        estates[player] = {
          fields: Array.from({ length: FIELDS }, () => ({
            crop: null,
            growth: 0,
            fertility: random.Die(3),
            workers: 0,
          })),
          store: { wheat: 2, barley: 2, flax: 1, beans: 1, wood: 3, stone: 1, cloth: 0, coin: 5 },
          workers: 5,
          buildings: [{ kind: 'farmhouse', level: 1 }],
          journal: [],
          orders: null,
        };
      }
      return { estates, round: 1, weather: [], market: { wheat: 3, barley: 3, flax: 4, beans: 2 } };
    },

    turn: {
      activePlayers: { all: 'plan', minMoves: 1, maxMoves: 1 },
      stages: {
        plan: {
          moves: {
            sendOrders: ({ G, playerID }: any, orders: Order[]) => {
              const estate = G.estates[playerID];
              if (ordersProblem(estate, orders) !== null) return INVALID_MOVE;
              estate.orders = orders;
            },
          },
        },
      },
      endIf: ({ G }: any) => Object.values(G.estates).every((estate: any) => estate.orders !== null),
      onEnd: ({ G, random }: any) => {
        const weather = random.Die(6);
        G.weather.push(weather);
        for (const estate of Object.values(G.estates) as Estate[]) {
          for (const field of estate.fields) field.workers = 0;
          for (const order of estate.orders!) {
            const field = estate.fields[order.field];
            field.workers = order.workers;
            if (order.sow !== undefined && field.crop === null) field.crop = order.sow;
          }
          for (const field of estate.fields) {
            if (field.crop === null) continue;
            field.growth += field.workers + (weather > 2 ? 1 : 0);
            if (field.growth >= 4) {
              estate.store[field.crop] += field.fertility + field.workers;
              field.crop = null;
              field.growth = 0;
            }
          }
          estate.store.coin += estate.buildings.length;
          if (estate.store.wood >= 4 && estate.store.stone >= 2) {
            estate.store.wood -= 4;
            estate.store.stone -= 2;
            estate.buildings.push({ kind: 'barn', level: 1 });
            estate.workers += 1;
          }
          estate.store.wood += 1;
          estate.journal.push({ round: G.round, orders: estate.orders! });
          estate.orders = null;
        }
        for (const crop of CROPS) G.market[crop] = 2 + random.Die(4);
        G.round += 1;
      },
    },

    endIf: ({ G }: any) => {
      if (G.round <= ROUNDS) return undefined;
      const worth = (estate: Estate) =>
        RESOURCES.reduce((sum, r) => sum + estate.store[r], 0) + 5 * estate.buildings.length;
      const best = Math.max(...Object.values(G.estates as Record<string, Estate>).map(worth));
      return { winners: Object.keys(G.estates).filter((player) => worth(G.estates[player]) === best) };
    },
  };
}
