/**
 * The transition configs the chart builders hand to xstate, in two fixed,
 * frozen shapes. Building a machine, xstate copies every transition config
 * with an object spread (`formatTransition`), over a thousand times for a
 * six-seat game. V8 copies frozen objects of a few shapes along a cached
 * path; unfrozen literals, or more than four shapes (xstate's own root
 * transitions take two), fall to its slow generic copy, which was about
 * 40% of a cold build. Unset fields stay `undefined`: xstate reads them as
 * absent, and JSON (the exported chart) drops them.
 */

type Guard = string | { type: string; params: Record<string, unknown> };

/** A seat region's routing edge: guarded, targeted, described. */
export interface RouteConfig {
  readonly guard: Guard;
  readonly target: string;
  readonly description: string;
}

/** Any other edge: a move taken in place, a turn re-entry, a phase change. */
export interface EdgeConfig {
  readonly guard: Guard;
  readonly target: string | undefined;
  readonly reenter: true | undefined;
  readonly actions: string | undefined;
}

export function routeConfig(guard: Guard, target: string, description: string): RouteConfig {
  return Object.freeze({ guard, target, description });
}

export function edgeConfig(edge: { guard: Guard; target?: string; reenter?: true; actions?: string }): EdgeConfig {
  // Always the same keys in the same order: one shape for every edge.
  return Object.freeze({ guard: edge.guard, target: edge.target, reenter: edge.reenter, actions: edge.actions });
}
