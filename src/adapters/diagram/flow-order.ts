import type { ChartEdge, ChartEdgeKind, ChartNode } from './chart-graph-types';

/**
 * Children in the order play meets them: the initial child, then the
 * siblings its edges lead to, breadth first over the declared flow (then the
 * argument-driven edges), then any left, in their own order.
 */
export function orderByFlow(nodes: Map<string, ChartNode>, edges: readonly ChartEdge[]): void {
  const childOf = (id: string, parent: ChartNode): string | undefined => {
    for (let at = nodes.get(id); at; at = at.parent ? nodes.get(at.parent) : undefined)
      if (at.parent === parent.id) return at.id;
    return undefined;
  };
  for (const parent of nodes.values()) {
    if (parent.kind === 'parallel' || parent.children.length < 2) continue;
    const links = (kind: ChartEdgeKind | undefined) => {
      const map = new Map<string, string[]>();
      for (const edge of edges) {
        if (kind !== undefined && edge.kind !== kind) continue;
        const from = childOf(edge.source, parent);
        const to = childOf(edge.target, parent);
        if (from !== undefined && to !== undefined && from !== to) map.set(from, [...(map.get(from) ?? []), to]);
      }
      return map;
    };
    const flow = links('flow');
    const any = links(undefined);
    // Depth first along the declared flow (a phase's `next` before its other exits), from the initial child.
    const order: string[] = [];
    const walk = (at: string) => {
      if (order.includes(at)) return;
      order.push(at);
      for (const to of flow.get(at) ?? []) walk(to);
    };
    walk(parent.initial ?? parent.children[0]);
    for (;;) {
      const next =
        order.flatMap((at) => any.get(at) ?? []).find((to) => !order.includes(to)) ??
        parent.children.find((child) => !order.includes(child));
      if (next === undefined) break;
      walk(next);
    }
    parent.children = order;
  }
}
