/**
 * Turns drawn closed, for a page that opens them on a click: a big chart
 * (six seats in four phases, seven phases of turn orders) fits its pane
 * when only the turn being played is drawn open. A parallel state (a
 * turnchart turn, with its seats' regions) is *collapsible*; a collapsed one
 * is drawn as one box with its name (`turn · each player (×6)`) and the
 * states inside it listed, and
 *
 * - every arrow with an end inside it starts or ends at its box instead
 *   (a call from a seat's `active` to another phase leaves the turn's box),
 *   arrows that then join the same two boxes drawn as one;
 * - arrows between states inside it are not drawn (the box lists its states);
 * - every state inside it is drawn by its box (`drawnAs`), so the page
 *   marks the box while the match is in one of them.
 */
import type { ChartEdge, ChartGraph, ChartNode } from './chart-graph-types';

/** The ids of the nodes a graph can draw closed: parallel states with regions. */
export function collapsibleIds(graph: ChartGraph): string[] {
  return [...graph.nodes.values()].flatMap((node) =>
    node.kind === 'parallel' && node.children.length > 0 ? [node.id] : [],
  );
}

/** Close every collapsible node of `graph` but those `expanded` names (in place). */
export function collapseTurns(graph: ChartGraph, expanded: ReadonlySet<string>): void {
  for (const id of collapsibleIds(graph)) {
    const node = graph.nodes.get(id);
    if (!node) continue; // inside a turn closed before
    node.collapsible = true;
    if (!expanded.has(id)) collapse(graph, node);
  }
}

function descendants(graph: ChartGraph, node: ChartNode): ChartNode[] {
  return node.children.flatMap((id) => {
    const child = graph.nodes.get(id)!;
    return [child, ...descendants(graph, child)];
  });
}

function collapse(graph: ChartGraph, node: ChartNode): void {
  const inside = descendants(graph, node);
  const ids = new Set(inside.map((child) => child.id));
  const states = [...new Set(inside.filter((child) => child.children.length === 0).map((child) => child.label))];
  // A turn drawn in its one region's box keeps that box's name: `turn · each player (×6)`.
  if (node.children.length === 1) node.label = `${node.label} · ${graph.nodes.get(node.children[0])!.label}`;
  node.children = [];
  node.collapsed = states;
  for (const id of ids) graph.nodes.delete(id);
  for (const [stateId, drawn] of graph.drawnAs) if (ids.has(drawn)) graph.drawnAs.set(stateId, node.id);

  const at = (id: string) => (ids.has(id) ? node.id : id);
  const edges = new Map<string, ChartEdge>();
  for (const edge of graph.edges) {
    const moved = { ...edge, source: at(edge.source), target: at(edge.target) };
    // Between states inside: the box lists them instead.
    if (moved.source === node.id && moved.target === node.id && (ids.has(edge.source) || ids.has(edge.target)))
      continue;
    const key = JSON.stringify([moved.source, moved.target, moved.kind, !!moved.calls]);
    const known = edges.get(key);
    if (known) mergeEdge(known, moved);
    else edges.set(key, moved);
  }
  graph.edges = [...edges.values()];
}

function addAll<T>(into: T[], items: readonly T[], same: (a: T, b: T) => boolean = (a, b) => a === b): void {
  for (const item of items) if (!into.some((known) => same(known, item))) into.push(item);
}

/** Two arrows that now join the same boxes, as one (its lists copied before they grow). */
function mergeEdge(into: ChartEdge, edge: ChartEdge): void {
  into.events = [...into.events];
  into.rules = [...into.rules];
  into.labels = [...into.labels];
  into.titles = [...into.titles];
  addAll(into.events, edge.events);
  addAll(into.rules, edge.rules, (a, b) => a.event === b.event && a.rule === b.rule);
  addAll(into.labels, edge.labels);
  addAll(into.titles, edge.titles);
  if (into.calls && edge.calls) {
    into.calls = { sources: [...into.calls.sources], targets: [...into.calls.targets] };
    addAll(into.calls.sources, edge.calls.sources);
    addAll(into.calls.targets, edge.calls.targets);
  }
  if (!edge.fromCode) delete into.fromCode;
  if (edge.reached !== false) delete into.reached;
}
