import { harvest, ordersProblem, CROPS, FIELDS, type HarvestState, type Order } from '../games/harvest';
import { event, int, move, pick, type Action, type Rand, type RealisticGame } from './driver';

function randomOrders(rand: Rand, workers: number, tooMany: boolean): Order[] {
  const orders: Order[] = [];
  const fields = new Set<number>();
  const count = 1 + int(rand, 3);
  let left = workers;
  for (let i = 0; i < count && left > 0; i++) {
    const field = int(rand, FIELDS);
    if (fields.has(field)) continue;
    fields.add(field);
    const n = i === count - 1 ? left : 1 + int(rand, left);
    left -= n;
    orders.push(rand() < 0.5 ? { field, workers: n, sow: pick(rand, CROPS) } : { field, workers: n });
  }
  if (tooMany) orders[0] = { ...orders[0], workers: workers + 1 };
  return orders;
}

/** Harvest: everyone plans each round; some orders ask for too many workers, some players endStage first or plan twice. */
function chooseHarvest({ G, ctx }: { G: HarvestState; ctx: any }, rand: Rand): Action {
  const planning = Object.keys(ctx.activePlayers ?? {});
  const done: string[] = ctx.playOrder.filter((p: string) => !planning.includes(p));
  const player: string = pick(rand, planning.length > 0 ? planning : ctx.playOrder);
  const r = rand();
  const estate = G.estates[player];
  if (r < 0.6 || (r >= 0.85 && done.length === 0)) {
    const orders = randomOrders(rand, estate.workers, false);
    return move('sendOrders', player, ordersProblem(estate, orders) === null ? orders : [{ field: 0, workers: 1 }]);
  }
  if (r < 0.75) return move('sendOrders', player, randomOrders(rand, estate.workers, true));
  if (r < 0.85) return event('endStage', player);
  return move('sendOrders', pick(rand, done), [{ field: 1, workers: 1 }]);
}

export const harvestWorkload: RealisticGame = {
  name: 'harvest',
  label: 'simultaneous: 6 seats, large G',
  numPlayers: 6,
  api: '0.50',
  make: harvest,
  choose: chooseHarvest as RealisticGame['choose'],
  maxActions: 1000,
};
