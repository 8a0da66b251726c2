/**
 * The boxes Mermaid draws, grouped so that a big game's Mermaid stays a few
 * screens tall and reads as the SVG does (svg-boxes.ts):
 *
 * - a state whose only child has states of its own is one box with it,
 *   named by both: a phase and its turn, a turn and its one region (the
 *   seats folded into one), `draw · turn · each player (×4)`;
 * - a box's own loops are written in its name, after `↻`
 *   (`… ↻ endTurn, pass · order.next`): Mermaid draws a loop on a composite
 *   state under the box, keeping empty room below it for the label, or hides
 *   the label behind the box;
 * - seats are laid out left to right in their box (`direction LR`), phases
 *   top to bottom;
 * - a box with one state in it has no `[*]` marker: it starts there.
 */
import type { ChartEdge, ChartGraph, ChartNode } from './chart-graph-types';

export interface MermaidBoxes {
  /** The state whose box draws this state: itself, or the outermost state it is merged into. */
  boxOf(id: string): string;
  /** The states drawn in a state's box, outermost first: itself and those merged into it. */
  chain(node: ChartNode): ChartNode[];
  /** A composite box's loops (edges from the box to itself), written in its name rather than drawn. */
  isNamed(edge: ChartEdge): boolean;
  /** A box's name: its states' labels, `(not reached)`, and its loops' rules after `↻`. */
  name(node: ChartNode): string;
  /** Whether a box's states are laid out left to right: those of a seat region. */
  leftToRight(inner: ChartNode): boolean;
  /** The legend's lines for the marks these boxes use. */
  legend: string[];
}

export function mermaidBoxes(graph: ChartGraph): MermaidBoxes {
  const nodeOf = (id: string) => graph.nodes.get(id)!;
  const merges = (node: ChartNode) =>
    node !== graph.root && node.children.length === 1 && nodeOf(node.children[0]).children.length > 0;
  const boxes = new Map<string, string>();
  const chains = new Map<string, ChartNode[]>();
  for (const node of graph.nodes.values()) {
    if (boxes.has(node.id)) continue;
    const chain = [node];
    while (merges(chain.at(-1)!)) chain.push(nodeOf(chain.at(-1)!.children[0]));
    chains.set(node.id, chain);
    for (const state of chain) boxes.set(state.id, node.id);
  }
  const boxOf = (id: string) => boxes.get(id) ?? id;
  const isNamed = (edge: ChartEdge) =>
    boxOf(edge.source) === boxOf(edge.target) && nodeOf(boxOf(edge.source)).children.length > 0;
  const loops = new Map<string, string[]>();
  for (const edge of graph.edges) {
    if (!isNamed(edge)) continue;
    const box = boxOf(edge.source);
    loops.set(box, [...(loops.get(box) ?? []), ...edge.labels]);
  }
  const chain = (node: ChartNode) => chains.get(node.id) ?? [node];
  const legend = [
    ...([...chains.values()].some((states) => states.length > 1)
      ? ['a · b: one box for a state and its only state (a phase, its turn, its seats)']
      : []),
    ...(loops.size ? ["↻ rule, in a box's name: back into that box (a turn ends, a phase restarts)"] : []),
  ];
  return {
    boxOf,
    chain,
    isNamed,
    name(node) {
      const states = chain(node);
      const label = states.map((state) => state.label).join(' · ');
      const named = states.every((state) => state.reached === false) ? `${label} (not reached)` : label;
      return [named, ...(loops.get(node.id) ?? [])].join(' ↻ ');
    },
    leftToRight: (inner) => inner.kind === 'region',
    legend,
  };
}
