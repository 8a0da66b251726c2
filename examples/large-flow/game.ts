/**
 * Tiny Civ: six or more seats, four phases and five stages, to show how the
 * chart scales. Each seat's region holds `idle`, `active` and one state per
 * stage; each phase state holds the whole turn; phases follow each other by
 * their `next`, and the game's `endIf` stops it after three eras.
 *
 * - `found` (TurnOrder.ONCE, one move per turn): everyone settles a terrain.
 * - `grow` (every seat in `harvest` at once, one move each): gather food,
 *   gold or army; cities are founded from food when the phase ends.
 * - `trade` (once around, from a seat that moves on every era): the current
 *   seat is in `propose`; an offer puts its partner in `respond` for one move,
 *   then `revert` returns the proposer to `propose`.
 * - `war` (once around, like trade): the current seat is in `attack`; a raid
 *   puts the target in `defend` for one move, then back to `attack`.
 *
 * Score: 5 per city, plus gold and army. After the third war, the best score wins.
 */
import { INVALID_MOVE, TurnOrder, type Ctx, type Game, type TurnOrderConfig } from 'turnchart';

export type Terrain = 'river' | 'coast' | 'hills';
export type Resource = 'food' | 'gold' | 'army';

export interface Civ {
  terrain: Terrain | null;
  food: number;
  gold: number;
  army: number;
  cities: number;
}

export interface Offer {
  from: string;
  to: string;
  give: Resource;
  get: Resource;
}

export interface Battle {
  era: number;
  attacker: string;
  target: string;
  fortified: boolean;
  won: boolean;
  loot: number;
}

export interface TinyCivState {
  era: number;
  civs: Record<string, Civ>;
  /** The era of each seat's last harvest. */
  harvested: Record<string, number>;
  /** What the current seat did this turn (one offer, one raid). */
  offered: boolean;
  raided: boolean;
  offer: Offer | null;
  raid: { attacker: string; target: string } | null;
  trades: (Offer & { accepted: boolean })[];
  battles: Battle[];
  /** Every phase as it began: `found`, `grow 1`, `trade 1`, `war 1`, `grow 2`, ... */
  phaseLog: string[];
}

export type TinyCivResult = { scores: Record<string, number> } & ({ winner: string } | { draw: true });

export const ERAS = 3;
export const TERRAINS: readonly Terrain[] = ['river', 'coast', 'hills'];
export const RESOURCES: readonly Resource[] = ['food', 'gold', 'army'];
/** What each terrain adds to a harvest of its resource. */
export const TERRAIN_BONUS: Record<Terrain, Resource> = { river: 'food', coast: 'gold', hills: 'army' };
export const HARVEST = 2;
export const CITY_COST = 4;
export const TRADE_AMOUNT = 2;
export const MAX_LOOT = 3;

export function score(civ: Civ): number {
  return civ.cities * 5 + civ.gold + civ.army;
}

const seats = (ctx: Ctx) => Array.from({ length: ctx.numPlayers }, (_, i) => String(i));
const isOtherSeat = (ctx: Ctx, seat: unknown, self: string) =>
  typeof seat === 'string' && seats(ctx).includes(seat) && seat !== self;

/** Once around the table, starting one seat further every era (seat 0 in era 1). */
export const eraOrder: TurnOrderConfig<TinyCivState> = {
  first: ({ G, ctx }) => (G.era - 1) % ctx.numPlayers,
  next: ({ G, ctx }) => {
    const next = (ctx.playOrderPos + 1) % ctx.playOrder.length;
    return next === (G.era - 1) % ctx.numPlayers ? undefined : next;
  },
};

const logPhase =
  (name: string) =>
  ({ G }: { G: TinyCivState }) => {
    G.phaseLog.push(name === 'found' ? name : `${name} ${G.era}`);
  };

export const TinyCiv: Game<TinyCivState> = {
  name: 'tiny-civ',
  minPlayers: 6,
  maxPlayers: 8,
  setup: ({ ctx }) => ({
    era: 1,
    civs: Object.fromEntries(seats(ctx).map((seat) => [seat, { terrain: null, food: 0, gold: 2, army: 1, cities: 1 }])),
    harvested: {},
    offered: false,
    raided: false,
    offer: null,
    raid: null,
    trades: [],
    battles: [],
    phaseLog: [],
  }),
  phases: {
    found: {
      start: true,
      onBegin: logPhase('found'),
      turn: { order: TurnOrder.ONCE, minMoves: 1, maxMoves: 1 },
      moves: {
        settle: ({ G, playerID }, terrain: Terrain) => {
          if (!TERRAINS.includes(terrain) || G.civs[playerID!].terrain !== null) return INVALID_MOVE;
          G.civs[playerID!].terrain = terrain;
        },
      },
      next: 'grow',
    },
    grow: {
      onBegin: logPhase('grow'),
      turn: {
        activePlayers: { all: 'harvest', minMoves: 1, maxMoves: 1 },
        stages: {
          harvest: {
            moves: {
              harvest: ({ G, playerID }, resource: Resource) => {
                const civ = G.civs[playerID!];
                if (!RESOURCES.includes(resource) || G.harvested[playerID!] === G.era) return INVALID_MOVE;
                civ[resource] += HARVEST + (civ.terrain !== null && TERRAIN_BONUS[civ.terrain] === resource ? 1 : 0);
                G.harvested[playerID!] = G.era;
              },
            },
          },
        },
      },
      // Compares eras rather than keeping flags to reset: boardgame.io checks a
      // phase's endIf before its onBegin, so last era's flags would skip the phase.
      endIf: ({ G, ctx }) => seats(ctx).every((seat) => G.harvested[seat] === G.era),
      onEnd: ({ G }) => {
        for (const civ of Object.values(G.civs)) {
          while (civ.food >= CITY_COST) {
            civ.food -= CITY_COST;
            civ.cities++;
          }
        }
      },
      next: 'trade',
    },
    trade: {
      onBegin: logPhase('trade'),
      turn: {
        order: eraOrder,
        activePlayers: { currentPlayer: 'propose' },
        onBegin: ({ G }) => {
          G.offered = false;
        },
        stages: {
          propose: {
            moves: {
              offer: ({ G, ctx, playerID, events }, to: string, give: Resource, get: Resource) => {
                const from = playerID!;
                if (
                  G.offered ||
                  !isOtherSeat(ctx, to, from) ||
                  !RESOURCES.includes(give) ||
                  !RESOURCES.includes(get) ||
                  give === get
                )
                  return INVALID_MOVE;
                if (G.civs[from][give] < TRADE_AMOUNT) return INVALID_MOVE;
                G.offered = true;
                G.offer = { from, to, give, get };
                events.setActivePlayers({ value: { [to]: 'respond' }, minMoves: 1, maxMoves: 1, revert: true });
              },
            },
          },
          respond: {
            moves: {
              accept: ({ G }) => {
                const offer = G.offer!;
                const [from, to] = [G.civs[offer.from], G.civs[offer.to]];
                if (to[offer.get] < TRADE_AMOUNT) return INVALID_MOVE;
                from[offer.give] -= TRADE_AMOUNT;
                to[offer.give] += TRADE_AMOUNT;
                to[offer.get] -= TRADE_AMOUNT;
                from[offer.get] += TRADE_AMOUNT;
                G.trades.push({ ...offer, accepted: true });
                G.offer = null;
              },
              decline: ({ G }) => {
                G.trades.push({ ...G.offer!, accepted: false });
                G.offer = null;
              },
            },
          },
        },
      },
      next: 'war',
    },
    war: {
      onBegin: logPhase('war'),
      turn: {
        order: eraOrder,
        activePlayers: { currentPlayer: 'attack' },
        onBegin: ({ G }) => {
          G.raided = false;
        },
        stages: {
          attack: {
            moves: {
              raid: ({ G, ctx, playerID, events }, target: string) => {
                if (G.raided || !isOtherSeat(ctx, target, playerID!) || G.civs[playerID!].army < 1) return INVALID_MOVE;
                G.raided = true;
                G.raid = { attacker: playerID!, target };
                events.setActivePlayers({ value: { [target]: 'defend' }, minMoves: 1, maxMoves: 1, revert: true });
              },
            },
          },
          defend: {
            moves: {
              /** Spend a gold to add 2 to the defence. */
              fortify: ({ G, playerID }) => {
                if (G.civs[playerID!].gold < 1) return INVALID_MOVE;
                G.civs[playerID!].gold--;
                resolveRaid(G, true);
              },
              hold: ({ G }) => {
                resolveRaid(G, false);
              },
            },
          },
        },
      },
      onEnd: ({ G }) => {
        G.era++;
      },
      next: 'grow',
    },
  },
  endIf: ({ G }): TinyCivResult | undefined => {
    if (G.era <= ERAS) return undefined;
    const scores = Object.fromEntries(Object.entries(G.civs).map(([seat, civ]) => [seat, score(civ)]));
    const best = Math.max(...Object.values(scores));
    const leaders = Object.keys(scores).filter((seat) => scores[seat] === best);
    return leaders.length === 1 ? { scores, winner: leaders[0] } : { scores, draw: true };
  },
  // boardgame.io's list of moves for bots; turnchart's QA tools and graph events use it too.
  ai: {
    enumerate: (G: TinyCivState, ctx: Ctx, playerID: string) => {
      const others = seats(ctx).filter((seat) => seat !== playerID);
      const pairs = RESOURCES.flatMap((give) => RESOURCES.filter((get) => get !== give).map((get) => [give, get]));
      return [
        ...TERRAINS.map((terrain) => ({ move: 'settle', args: [terrain] })),
        ...RESOURCES.map((resource) => ({ move: 'harvest', args: [resource] })),
        ...others.flatMap((to) => pairs.map(([give, get]) => ({ move: 'offer', args: [to, give, get] }))),
        { move: 'accept', args: [] },
        { move: 'decline', args: [] },
        ...others.map((target) => ({ move: 'raid', args: [target] })),
        { move: 'fortify', args: [] },
        { move: 'hold', args: [] },
      ];
    },
  },
};

/** Army against army + cities (+2 if fortified): the winner of a raid loots up to 3 gold; both sides lose an army. */
export function resolveRaid(G: TinyCivState, fortified: boolean): void {
  const { attacker, target } = G.raid!;
  const [a, t] = [G.civs[attacker], G.civs[target]];
  const won = a.army > t.army + t.cities + (fortified ? 2 : 0);
  const loot = won ? Math.min(MAX_LOOT, t.gold) : 0;
  t.gold -= loot;
  a.gold += loot;
  a.army = Math.max(0, a.army - 1);
  t.army = Math.max(0, t.army - 1);
  G.battles.push({ era: G.era, attacker, target, fortified, won, loot });
  G.raid = null;
}

export default TinyCiv;
