/**
 * Shared by the property tests: random games from test/support/random-game.ts
 * turned into turnchart matches and raw request events.
 */
import fc from 'fast-check';
import { createGame, INVALID_MOVE, TurnOrder, type Game, type RequestEvent, type TurnchartGame } from 'turnchart';
import { buildGame } from '../support/build-random-game';
import { actionsArb, gameDescArb, resolvePlayer } from '../support/random-game';
import type { ActionDesc, GameDesc } from '../support/random-game-desc';

/** Property runs: a few hundred cases across the property files in `npm test`; PROP_RUNS for more. */
export const runs = (share: number): number => Math.max(1, Math.round(Number(process.env.PROP_RUNS ?? 120) * share));

export const fcOptions = <T>(numRuns: number): fc.Parameters<T> => ({
  numRuns,
  ...(process.env.PROP_SEED ? { seed: Number(process.env.PROP_SEED) } : {}),
});

export const gameAndActions = (maxLength = 25): fc.Arbitrary<[GameDesc, ActionDesc[]]> =>
  gameDescArb().chain((desc) => fc.tuple(fc.constant(desc), actionsArb(desc, maxLength)));

export const seedArb: fc.Arbitrary<string | number> = fc.oneof(fc.string({ maxLength: 8 }), fc.integer());

/** A fresh game object (as a server would build after a restart). */
export const gameOf = (desc: GameDesc): Game => buildGame(desc, { TurnOrder, INVALID_MOVE });

/** The request an action makes against the current ctx (`active:k` resolved). */
export function requestOf(
  action: ActionDesc,
  ctx: { currentPlayer: string; activePlayers: Record<string, unknown> | null },
): RequestEvent {
  const playerID = resolvePlayer(action.playerID, ctx);
  if (action.kind === 'move') return { type: `move.${action.name}`, playerID, args: [] };
  return { type: action.type, playerID, args: 'arg' in action ? [structuredClone(action.arg)] : [] };
}

/**
 * Starts a match, or returns undefined when the game cannot start. A game that
 * cannot start must say so with a GameStartError carrying a typed rejection
 * (e.g. FLOW_LOOP for a turn.onBegin that ends every turn), never another error.
 */
export function tryStart(game: Game, numPlayers: number, seed?: string | number): TurnchartGame | undefined {
  try {
    return createGame(game, { numPlayers, ...(seed !== undefined ? { seed } : {}) });
  } catch (error: any) {
    if (error?.name === 'GameStartError' && typeof error.rejection?.code === 'string') return undefined;
    throw error;
  }
}

/** Where a value stops being JSON data (functions, class instances, non-finite numbers, cycles). */
export function notJson(value: unknown, path = '$', seen = new Set<unknown>()): string | undefined {
  if (value === null) return undefined;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0)
        ? undefined
        : `${path} is ${Object.is(value, -0) ? '-0' : value}`;
    case 'object':
      break;
    default:
      return `${path} is a ${typeof value}`;
  }
  if (seen.has(value)) return `${path} is a cycle`;
  const proto = Object.getPrototypeOf(value);
  const isArray = Array.isArray(value);
  // A plain object's prototype is some realm's Object.prototype (structuredClone in jest returns the host realm's).
  const plain = proto === null || (Object.getPrototypeOf(proto) === null && proto.constructor?.name === 'Object');
  if (!isArray && !plain) return `${path} is an instance of ${proto?.constructor?.name}`;
  seen.add(value);
  try {
    for (const [key, item] of Object.entries(value as object)) {
      // JSON drops an undefined property; in an array it would become null.
      if (item === undefined && !isArray) continue;
      const found = notJson(item, `${path}.${key}`, seen);
      if (found) return found;
    }
  } finally {
    seen.delete(value);
  }
  return undefined;
}
