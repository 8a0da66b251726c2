/** The configurations (state values) check has seen, from all its looks, and which follow which. */
import type { Exploration } from './explore';
import type { RunLog } from './real-runs';

export interface Graph {
  successors: Map<string, Set<string>>;
  /** Configurations whose every way on is known (expanded by the abstraction). */
  complete: Set<string>;
  values: Map<string, unknown>;
}

export function unionGraph(exploration: Exploration, log: RunLog): Graph {
  const successors = new Map<string, Set<string>>();
  const add = (from: string, to: string) => {
    let next = successors.get(from);
    if (!next) successors.set(from, (next = new Set()));
    next.add(to);
  };
  const values = new Map<string, unknown>(log.values);
  const complete = new Set<string>();
  for (const state of exploration.states.values()) {
    values.set(state.key, state.snapshot.value);
    if (state.expanded) complete.add(state.key);
    for (const edge of state.edges) add(state.key, edge.to);
  }
  for (const [from, tos] of log.edges) for (const to of tos) add(from, to);
  return { successors, complete, values };
}

/** Configurations inside a region from which no configuration outside it is reachable (as far as the graph is known). */
export function trapped(graph: Graph, inside: (value: unknown) => boolean): Set<string> {
  const predecessors = new Map<string, string[]>();
  for (const [from, tos] of graph.successors)
    for (const to of tos) predecessors.set(to, [...(predecessors.get(to) ?? []), from]);
  const canLeave = new Set<string>();
  const queue: string[] = [];
  for (const [key, value] of graph.values) {
    if (!inside(value) || !graph.complete.has(key)) {
      canLeave.add(key);
      queue.push(key);
    }
  }
  while (queue.length > 0) {
    const key = queue.pop()!;
    for (const from of predecessors.get(key) ?? []) {
      if (canLeave.has(from)) continue;
      canLeave.add(from);
      queue.push(from);
    }
  }
  const caught = new Set<string>();
  for (const [key, value] of graph.values) if (inside(value) && !canLeave.has(key)) caught.add(key);
  return caught;
}
