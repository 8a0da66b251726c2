import type { ArgumentEdges, ChartGraph } from './chart-graph-types';

/** What a drawing shows, one line per convention it uses. */
export function legendLines(graph: ChartGraph, argumentMode: ArgumentEdges, reachedBy: string | undefined): string[] {
  const nodes = [...graph.nodes.values()];
  const lines = ['event · rule: a transition of the declared flow, and the rule (guard) that takes it'];
  if (graph.edges.some((edge) => edge.labels.some((label) => label.startsWith('automatic'))))
    lines.push('automatic · rule: the flow takes it by itself (an endIf, a limit)');
  if (argumentMode === 'fold' && nodes.some((node) => node.notes.length))
    lines.push('⇢ rule → states: set by an argument (setPhase, setStage, ...), from any state in the box');
  if (argumentMode === 'dashed' && graph.edges.some((edge) => edge.kind === 'argument'))
    lines.push('dashed: set by an argument (setPhase, setStage, ...)');
  const folded = nodes.find((node) => node.members);
  if (folded) lines.push(`${folded.label}: identical seat regions, drawn once`);
  if (nodes.some((node) => node.internal.some((event) => event.startsWith('move.'))))
    lines.push('move.x: a move allowed in that state');
  if (nodes.some((node) => node.reached === false))
    lines.push(`grey: no play found reaches it${reachedBy ? ` (${reachedBy})` : ''}`);
  return lines;
}
