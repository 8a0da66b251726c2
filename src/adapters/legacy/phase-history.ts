/**
 * The phase history a 0.2x game needs: seed 002 sends a phase that ends
 * without `next` back to the phase before it, and `ctx` (boardgame.io 0.50's,
 * which turnchart keeps) has no field for that. The translation keeps the
 * history in G under one namespaced key, plain data so that persistence and
 * the pure reducer see it, and hides the key from the game's own code: moves,
 * hooks and triggers receive a view of G without it, and a G they return
 * gets it back.
 */

/** The key of G that holds a 0.2x game's phase history. */
export const LEGACY_STATE_KEY = '@@turnchart/legacy';

export interface PhaseHistory {
  /** The phase that ended last (`default` at the start, as in seed 002): 0.2x's `ctx.prevPhase`. */
  prevPhase: string;
  /** Where the phase that ended last would have gone without `next`: the phase before it. */
  returnTo: string;
  /** The phase whose onPhaseBegin ran last, until it ends. */
  began?: string;
  /** The phase a turn has begun in, until it ends (for the 0.2x turn orders that end their phase). */
  turnIn?: string;
}

const has = (G: unknown): G is Record<string, unknown> =>
  G !== null && typeof G === 'object' && Object.prototype.hasOwnProperty.call(G, LEGACY_STATE_KEY);

export function readHistory(G: unknown): PhaseHistory | undefined {
  return has(G) ? (G[LEGACY_STATE_KEY] as PhaseHistory) : undefined;
}

/** G with the history of a new game: nothing has ended yet, and `default` counts as the phase before. */
export function withStartHistory(
  G: unknown,
  where: string,
  fail: (where: string, message: string) => never,
): Record<string, unknown> {
  if (G === null || typeof G !== 'object' || Array.isArray(G)) {
    fail(where, `must return an object: a 0.2x game with phases keeps its phase history in G["${LEGACY_STATE_KEY}"]`);
  }
  return { ...(G as object), [LEGACY_STATE_KEY]: { prevPhase: 'default', returnTo: 'default' } };
}

/**
 * The history after `phase` ends. It is kept when phases end, not when they
 * begin, because a phase can end before it begins: boardgame.io 0.50 checks
 * the new phase's `endIf` before starting it, and runs only its `onEnd`
 * (`began` tells the translation to run 0.2x's onPhaseBegin first).
 */
export function ended(history: PhaseHistory | undefined, phase: string): PhaseHistory {
  return { prevPhase: phase, returnTo: history ? history.prevPhase : 'default' };
}

/** The history once `phase` has begun. */
export function begun(history: PhaseHistory | undefined, phase: string): PhaseHistory {
  return { ...(history ?? { prevPhase: 'default', returnTo: 'default' }), began: phase };
}

const hidingTraps: ProxyHandler<Record<PropertyKey, unknown>> = {
  get: (target, key) => (key === LEGACY_STATE_KEY ? undefined : Reflect.get(target, key)),
  has: (target, key) => key !== LEGACY_STATE_KEY && Reflect.has(target, key),
  ownKeys: (target) => Reflect.ownKeys(target).filter((key) => key !== LEGACY_STATE_KEY),
  getOwnPropertyDescriptor: (target, key) =>
    key === LEGACY_STATE_KEY ? undefined : Reflect.getOwnPropertyDescriptor(target, key),
  // Writes to the hidden key are dropped: the game cannot see it, so it cannot mean to change it.
  set: (target, key, value) => (key === LEGACY_STATE_KEY ? true : Reflect.set(target, key, value)),
  deleteProperty: (target, key) => (key === LEGACY_STATE_KEY ? true : Reflect.deleteProperty(target, key)),
  defineProperty: (target, key, descriptor) =>
    key === LEGACY_STATE_KEY ? true : Reflect.defineProperty(target, key, descriptor),
};

/**
 * G as the game's code sees it: without the history key. A G without the key
 * is returned as it is; a draft is wrapped in a proxy that forwards every
 * other read and write, so mutations still reach the draft.
 */
export function hideHistory<T>(G: T): T {
  if (!has(G)) return G;
  // A proxy may not hide a property of a frozen object: give a copy instead.
  if (Object.isFrozen(G)) return withoutHistory(G) as T;
  return new Proxy(G as Record<PropertyKey, unknown>, hidingTraps) as T;
}

/** A copy of G without the history key (for views handed out of the game). */
export function withoutHistory<T>(G: T): T {
  if (!has(G)) return G;
  const { [LEGACY_STATE_KEY]: _history, ...rest } = G;
  return rest as T;
}

/**
 * What a move or hook returned, in terms the engine understands: `undefined`
 * when it mutated (or returned) the view it was given; otherwise the value,
 * with the history put back when the value is a new G without it.
 */
export function settleResult(result: unknown, view: unknown, draft: unknown): unknown {
  if (result === view || result === undefined) return undefined;
  if (result === draft) return undefined;
  const history = readHistory(draft);
  if (history && result !== null && typeof result === 'object' && !Array.isArray(result) && !has(result)) {
    return { ...(result as object), [LEGACY_STATE_KEY]: history };
  }
  return result;
}
