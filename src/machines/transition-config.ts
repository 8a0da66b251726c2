/**
 * The transition configs the chart builders hand to xstate, in two fixed,
 * frozen shapes. Building a machine, xstate copies every transition config
 * with an object spread (`formatTransition`), over a thousand times for a
 * six-seat game. V8 (Node 20) copies frozen objects of at most four shapes
 * (xstate's own root transitions take two) along a cached path; unfrozen
 * literals, or more shapes, take slow generic copies. Instructions per cold
 * build of bench/large-flow.ts: 23M as here, 28M frozen in six shapes, 73M
 * unfrozen in two. Unset fields stay `undefined`: xstate reads them as
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
