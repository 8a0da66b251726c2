import type { ArgumentEdges, ChartGraph } from './chart-graph-types';
import type { ChartUsage } from './chart-usage';

/** What a drawing shows, one line per mark it uses. */
export function legendLines(
  graph: ChartGraph,
  argumentMode: ArgumentEdges,
  reachedBy: string | undefined,
  usage?: ChartUsage,
): string[] {
  const nodes = [...graph.nodes.values()];
  const labels = graph.edges.flatMap((edge) => (edge.calls ? [] : edge.labels));
  const lines = ['event · rule: a declared transition, and the rule that takes it'];
  if (labels.some((label) => label.startsWith('automatic')))
    lines.push('automatic · rule: the flow takes it by itself (endIf, limit)');
  if (labels.some((label) => label.endsWith('(computed)'))) {
    const open = [...(usage?.code.nextOf ?? [])].filter(([, returned]) => !returned.complete).map(([phase]) => phase);
    lines.push(
      `(computed): a phase its next function returns (read in code)${open.length ? `; ${open.join(', ')}: maybe others` : ''}`,
    );
  }
  if (graph.edges.some((edge) => edge.calls)) {
    lines.push("dashed, move · call: that move's code sends seats (or the phase) there");
    const limits = new Set(usage?.code.calls.flatMap((call) => (call.timer ? [`${call.timer} · `] : [])));
    if (
      graph.edges.some(
        (edge) => edge.calls && edge.labels.some((label) => [...limits].some((l) => label.startsWith(l))),
      )
    )
      lines.push('limit · call: what the game does when that time limit runs out');
    if (graph.edges.some((edge) => edge.calls && edge.labels.some((label) => /^[^ ]+\(.*\) · /.test(label))))
      lines.push("move('x') · call: every play that made the call gave the move these arguments");
    if (graph.edges.some((edge) => edge.labels.some((label) => label.includes(' · revert'))))
      lines.push('move · revert: when those moves end, the seats go back');
    if (graph.edges.some((edge) => edge.calls && edge.fromCode))
      lines.push("(code only): read in the game's code, not seen in play");
  }
  if (argumentMode === 'fold' && nodes.some((node) => node.notes.length))
    lines.push('⇢ rule → states: set by an argument (setPhase, setStage, ...), from any state in the box');
  if (argumentMode === 'dashed' && graph.edges.some((edge) => edge.kind === 'argument' && !edge.calls))
    lines.push('dashed: set by an argument (setPhase, setStage, ...)');
  const folded = nodes.find((node) => node.members);
  if (folded) lines.push(`${folded.label}: identical seats, drawn once`);
  if (nodes.some((node) => node.internal.some((event) => event.startsWith('move.'))))
    lines.push('move.x: a move allowed in that state');
  if (graph.root.internal.includes('*')) lines.push('* on the root: the gate every accepted request passes');
  if (nodes.some((node) => node.actions.length)) lines.push('entry / action: what entering the state runs');
  if (nodes.some((node) => node.reached === false)) {
    lines.push(`grey: no play reached it${usage ? ', nor does code name it' : ''}`);
    if (reachedBy) lines.push(`play: ${reachedBy}`);
  }
  if (usage && graph.hidden > 0) lines.push(`${graph.hidden} rules this game never uses: not drawn (--all)`);
  return lines;
}
