/**
 * Arrows that leave a box for a state outside it, as Mermaid is given them.
 * Its layout pulls an outside state into the box an arrow comes from (an
 * arrow from a seat's `active` to `gameover` drew the game's end inside the
 * turn), so such an arrow is drawn from the source's enclosing box that is
 * the target's sibling, and joins an arrow already drawn between those two:
 * one label with both rules, as Mermaid sets two labels of one pair of
 * states on top of each other. The SVG drawing lays arrows out itself and
 * keeps their real ends.
 */
import type { ChartEdge, ChartGraph, ChartNode } from './chart-graph-types';

/** The ancestor of `node` that shares `target`'s parent, if any. */
function siblingOf(graph: ChartGraph, node: ChartNode, target: ChartNode): ChartNode | undefined {
  for (let at: ChartNode | undefined = node; at; at = at.parent ? graph.nodes.get(at.parent) : undefined)
    if (at.parent === target.parent) return at;
  return undefined;
}

export function liftCrossingEdges(graph: ChartGraph, edges: readonly ChartEdge[]): ChartEdge[] {
  const moved = new Set<ChartEdge>();
  const drawn = edges.map((edge) => {
    const source = graph.nodes.get(edge.source)!;
    const target = graph.nodes.get(edge.target)!;
    const from = source.parent === target.parent ? undefined : siblingOf(graph, source, target);
    if (!from) return { ...edge };
    const lifted = { ...edge, source: from.id };
    moved.add(lifted);
    return lifted;
  });
  const kept: ChartEdge[] = [];
  for (const edge of drawn) {
    const into = kept.find(
      (known) => known.source === edge.source && known.target === edge.target && (moved.has(known) || moved.has(edge)),
    );
    if (into) into.labels = [...into.labels, ...edge.labels];
    else kept.push(edge);
  }
  return kept;
}
