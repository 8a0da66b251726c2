/**
 * The transition configs the chart builders hand to xstate, in one fixed,
 * frozen shape: building a machine, xstate copies every transition config
 * with an object spread, over a thousand times for a six-seat game, and
 * frozen objects of one shape copy along one path (docs/performance.md,
 * "Building a chart"). Unset fields stay `undefined`: xstate reads them as
 * absent, and JSON drops them.
 *
 * Every edge carries `applyRequest`: a request takes its first step's edges
 * itself, and the first of them to run applies the flow's outcome
 * (game-machine.ts).
 */

type Guard = string | { type: string; params: Record<string, unknown> };

export interface EdgeConfig {
  readonly guard: Guard;
  readonly target: string | readonly string[] | undefined;
  readonly reenter: true | undefined;
  readonly actions: readonly (string | object)[];
  /** What the edge means, in words: exported with the chart. */
  readonly description: string | undefined;
}

const APPLY = ['applyRequest'] as const;

export function edgeConfig(edge: {
  guard: Guard;
  target?: string | readonly string[];
  reenter?: true;
  actions?: readonly object[];
  description?: string;
}): EdgeConfig {
  return Object.freeze({
    guard: edge.guard,
    target: edge.target,
    reenter: edge.reenter,
    actions: edge.actions ? Object.freeze([...edge.actions, ...APPLY]) : APPLY,
    description: edge.description,
  });
}
