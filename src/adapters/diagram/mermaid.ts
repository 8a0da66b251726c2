/**
 * A machine as a Mermaid `stateDiagram-v2`: composite states for compound
 * states (phases, the turn), `--`-separated concurrent regions for the
 * parallel turn's seats (identical seats folded into one region
 * `each player (×N)` unless `seats: 'unfold'`), children in flow order,
 * `[*] -->` for initial states, `--> [*]` after final states, and one edge
 * per pair of states and kind (see chart-graph.ts), labelled compactly with
 * each event and its rule: `endPhase, pass · next | automatic · endIf`.
 * Argument-driven edges are folded by default into a note on the box they
 * leave (`⇢ setStage(stage) → any state`); with `arguments: 'dashed'` they
 * are edges, told by their label (Mermaid's state diagrams have no dashed
 * arrows). Events handled in place (moves that change no state) are
 * written as the state's description, so the picture reads
 * "in discard: move.discard". The legend is written as comments at the end.
 *
 * Mermaid state ids are global to a diagram and must be plain words, so every
 * state gets an id made from its path (`phases_draw_turn_player0_idle`) and
 * its real name as a quoted label: names with spaces, dashes or parentheses
 * such as `(no phase)` are safe.
 */
import type { AnyStateMachine } from 'xstate';
import { chartGraph, type ArgumentEdges, type ChartEdge, type ChartGraph, type ChartNode } from './chart-graph';

export interface MermaidOptions {
  /** Argument-driven edges (`setPhase(phase)`, a region's `setStage` ...): notes on their box (`fold`, default), edges (`dashed`), or `none`. */
  arguments?: ArgumentEdges | boolean;
  /** Identical seat regions drawn once (`fold`, default) or each (`unfold`). */
  seats?: 'fold' | 'unfold';
  /** State node ids some play reached: the others are marked `(not reached)` (see reached.ts). */
  reached?: ReadonlySet<string>;
  /** How `reached` was found, for the legend. */
  reachedBy?: string;
  /** End with the legend, as comments (default true). */
  legend?: boolean;
  /** Write the events a state handles in place as its description (default true). */
  moves?: boolean;
  /** Layout direction of the diagram (Mermaid's default, top to bottom, when omitted). */
  direction?: 'TB' | 'BT' | 'LR' | 'RL';
}

const INDENT = '  ';

/**
 * Characters that would end or change a Mermaid label (`"` ends it, `;` ends
 * the statement, `<` starts HTML), written as Mermaid's `#code;` entities;
 * `#` and `&` too, so that a name never reads as an entity by chance.
 */
const LABEL_ENTITIES: Record<string, string> = {
  '"': '#quot;',
  ';': '#59;',
  '<': '#lt;',
  '>': '#gt;',
  '#': '#35;',
  '&': '#38;',
};

/** A label that Mermaid reads back as the same text, on one line. */
export function mermaidLabel(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[";<>#&]/g, (char) => LABEL_ENTITIES[char]);
}

/**
 * A key made into a word for an id. Mermaid names the `[*]` of a composite
 * state `<its id>_start` / `<its id>_end`, so a child may not be `start` or `end`.
 */
function safeWord(text: string): string {
  const word = text.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  if (word === '') return 'state';
  return word === 'start' || word === 'end' ? `${word}_` : word;
}

/** A unique Mermaid id per state: its path of keys made into one word. */
function mermaidIds(graph: ChartGraph): Map<string, string> {
  const ids = new Map<string, string>();
  const used = new Set<string>();
  for (const node of graph.nodes.values()) {
    if (node === graph.root) continue;
    const parentId = node.parent === graph.root.id ? undefined : ids.get(node.parent!);
    const base = parentId ? `${parentId}_${safeWord(node.key)}` : `s_${safeWord(node.key)}`;
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}_${n}`;
    used.add(id);
    ids.set(node.id, id);
  }
  return ids;
}

/** Events joined into one description label. */
export function eventLabel(events: readonly string[]): string {
  return events.join(', ');
}

/** An edge's label lines (one per rule) on one line. */
export function edgeLabel(edge: ChartEdge): string {
  return edge.labels.join(' | ');
}

/** The machine as Mermaid `stateDiagram-v2` source text. */
export function toMermaid(machine: AnyStateMachine, options: MermaidOptions = {}): string {
  const graph = chartGraph(machine, { arguments: options.arguments, seats: options.seats, reached: options.reached, reachedBy: options.reachedBy });
  const showMoves = options.moves ?? true;
  const ids = mermaidIds(graph);
  const idOf = (nodeId: string) => ids.get(nodeId)!;

  const edgesIn = new Map<string, ChartEdge[]>();
  for (const edge of graph.edges) {
    const container = edgeBlock(graph, edge);
    edgesIn.set(container, [...(edgesIn.get(container) ?? []), edge]);
  }

  const lines: string[] = ['stateDiagram-v2'];
  lines.push(`${INDENT}%% the statechart of machine ${mermaidComment(graph.root.key)}, drawn by turnchart`);
  if (graph.root.internal.length > 0) {
    lines.push(`${INDENT}%% in every state, the machine's root handles ${mermaidComment(eventLabel(graph.root.internal))}`);
  }
  if (options.direction) lines.push(`${INDENT}direction ${options.direction}`);

  /** The statements inside a state's box (or at top level for the root). */
  const body = (node: ChartNode, depth: number): void => {
    const pad = INDENT.repeat(depth);
    if (node.initial) lines.push(`${pad}[*] --> ${idOf(node.initial)}`);
    node.children.forEach((childId, index) => {
      if (node.kind === 'parallel' && index > 0) lines.push(`${pad}--`);
      declare(graph.nodes.get(childId)!, depth);
    });
    for (const edge of edgesIn.get(node.id) ?? []) {
      lines.push(`${pad}${idOf(edge.source)} --> ${idOf(edge.target)} : ${mermaidLabel(edgeLabel(edge))}`);
    }
    for (const childId of node.children) {
      if (graph.nodes.get(childId)!.kind === 'final') lines.push(`${pad}${idOf(childId)} --> [*]`);
    }
  };

  const declare = (node: ChartNode, depth: number): void => {
    const pad = INDENT.repeat(depth);
    const name = node.reached === false ? `${node.label} (not reached)` : node.label;
    const head = `${pad}state "${mermaidLabel(name)}" as ${idOf(node.id)}`;
    if (node.children.length === 0) {
      lines.push(head);
      if (showMoves && node.internal.length > 0) lines.push(`${pad}${idOf(node.id)} : ${mermaidLabel(eventLabel(node.internal))}`);
      for (const action of node.actions) lines.push(`${pad}${idOf(node.id)} : ${mermaidLabel(action)}`);
      for (const note of node.notes) lines.push(`${pad}${idOf(node.id)} : ${mermaidLabel(`⇢ ${note.text}`)}`);
      return;
    }
    if (showMoves && node.internal.length > 0) lines.push(`${pad}%% ${mermaidComment(node.key)} handles ${mermaidComment(eventLabel(node.internal))}`);
    for (const action of node.actions) lines.push(`${pad}%% ${mermaidComment(node.key)}: ${mermaidComment(action)}`);
    lines.push(`${head} {`);
    body(node, depth + 1);
    lines.push(`${pad}}`);
    // A composite state has no description in Mermaid: its folded argument-driven edges are a note beside it.
    if (node.notes.length) lines.push(`${pad}note right of ${idOf(node.id)}`, ...node.notes.map((note) => `${pad}${INDENT}${mermaidNote(`⇢ ${note.text}`)}`), `${pad}end note`);
  };

  body(graph.root, 1);
  // Mermaid does not draw a free-standing note in a state diagram: the legend is written as comments.
  if ((options.legend ?? true) && graph.legend.length) lines.push(`${INDENT}%% legend:`, ...graph.legend.map((line) => `${INDENT}%%   ${mermaidComment(line)}`));
  return `${lines.join('\n')}\n`;
}

/**
 * Where an edge is written. Mermaid moves both ends of an edge written inside
 * a composite state into that state, so an edge goes in its ends' common
 * parent when they are siblings (or one state, for a self-loop), and at top
 * level otherwise, where it moves nothing.
 */
function edgeBlock(graph: ChartGraph, edge: ChartEdge): string {
  const source = graph.nodes.get(edge.source)!;
  const target = graph.nodes.get(edge.target)!;
  const parent = source.parent === undefined ? undefined : graph.nodes.get(source.parent);
  if (parent && source.parent === target.parent && parent.kind !== 'parallel') return parent.id;
  return graph.root.id;
}

/** A line of a multi-line note: Mermaid ends the note at a line `end note`, and reads HTML. */
function mermaidNote(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[<>&]/g, (char) => LABEL_ENTITIES[char]);
}

function mermaidComment(text: string): string {
  return text.replace(/\s+/g, ' ');
}
