/**
 * The transition configs the chart builders hand to xstate, in one fixed,
 * frozen shape. Building a machine, xstate copies every transition config
 * with an object spread (`formatTransition`), over a thousand times for a
 * six-seat game. V8 (Node 20) copies frozen objects of a few shapes along a
 * cached path; unfrozen literals of many shapes take slow generic copies
 * (instructions per cold build of bench/large-flow.ts, measured 2026-11-24:
 * 23M with frozen configs of two shapes, 73M unfrozen). Unset fields stay
 * `undefined`: xstate reads them as absent, and JSON drops them.
 */

type Guard = string | { type: string; params: Record<string, unknown> };

export interface EdgeConfig {
  readonly guard: Guard;
  readonly target: string | undefined;
  readonly reenter: true | undefined;
  readonly actions: string | readonly object[] | undefined;
  /** What the edge means, in words: exported with the chart. */
  readonly description: string | undefined;
}

export function edgeConfig(edge: {
  guard: Guard;
  target?: string;
  reenter?: true;
  actions?: string | readonly object[];
  description?: string;
}): EdgeConfig {
  return Object.freeze({
    guard: edge.guard,
    target: edge.target,
    reenter: edge.reenter,
    actions: edge.actions,
    description: edge.description,
  });
}
