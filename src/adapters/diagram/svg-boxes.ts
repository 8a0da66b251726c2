/**
 * What the SVG drawing draws, before anything is placed: one box per state
 * (a parallel state left with one region is one box with it), each with its
 * header lines (moves, hooks, transitions written in the box, notes), and
 * the transitions drawn as arrows. Sizes follow from the text: a monospace
 * font, 0.6em a character.
 */
import { wrapEvents, wrapLabel } from './label-text';
import { labelRules } from './rule-labels';
import type { ChartEdgeKind, ChartGraph, ChartNode, ChartNote } from './chart-graph-types';

/** Text and spacing of a drawing. */
export interface Metrics {
  fontSize: number;
  /** Width of one character of the monospace font (0.6em). */
  charWidth: number;
  lineHeight: number;
  padX: number;
  padY: number;
  /** Height of a compound box's name line. */
  header: number;
  /** Padding of a compound box around its children. */
  side: number;
  /** ELK spacings: between nodes, between layers, between an edge and a node, and between layers for edges. */
  nodeNode: number;
  betweenLayers: number;
  edgeNode: number;
  edgeNodeBetweenLayers: number;
  edgeEdgeBetweenLayers: number;
}

export const ROOMY: Metrics = {
  fontSize: 12,
  charWidth: 7.2,
  lineHeight: 16,
  padX: 10,
  padY: 6,
  header: 24,
  side: 12,
  nodeNode: 20,
  betweenLayers: 22,
  edgeNode: 10,
  edgeNodeBetweenLayers: 8,
  edgeEdgeBetweenLayers: 8,
};

/** Longest line, in characters, of a state's wrapped list of moves, and of a wrapped edge label. */
const WRAP = 26;
const LABEL_WRAP = 40;

export interface DrawnEdge {
  id: string;
  kind: ChartEdgeKind;
  source: ChartNode;
  target: ChartNode;
  lines: string[];
  /** The rule each line writes (a wrapped rule's lines each; undefined: the events without a rule). */
  lineRules: (string | undefined)[];
  /** Whether each line goes on with the label of the line before (a wrapped label). */
  continued: boolean[];
  events: string[];
  rules: string[];
  titles: string[];
  reached?: boolean;
  /** A call arrow: the transitions' own sources and targets it stands for. */
  calls?: { sources: string[]; targets: string[] };
}

/** A line of a box's header: a move list, a hook, a note, or one line of a transition written in the box. */
export interface HeaderLine {
  text: string;
  cls: 'internal' | 'note' | 'transition' | 'summary';
  edge?: DrawnEdge;
  /** For a transition's line: the rule it writes (what the page marks when that rule is taken). */
  rule?: string;
  note?: ChartNote;
}

/** One drawn box: a state, or a parallel state and its one region. */
export interface Box {
  elkId: string;
  node: ChartNode;
  /** The parallel state drawn in the same box as its only region. */
  merged?: ChartNode;
  label: string;
  lines: HeaderLine[];
  children: Box[];
  parent?: Box;
}

export interface Boxes {
  root: Box;
  all: Box[];
  boxOf: Map<string, Box>;
  edges: DrawnEdge[];
  /** The transitions drawn as arrows (the others, a state's loops, are written in its box). */
  arrows: DrawnEdge[];
  /** Every arrow joins siblings: each compound box can be laid out on its own. */
  separate: boolean;
}

export function textWidth(text: string, metrics: Metrics): number {
  return text.length * metrics.charWidth;
}

/** Notes (folded argument-driven edges) as lines of at most `width` characters, each marked ⇢. */
function noteLines(notes: readonly string[], width: number): string[] {
  return notes.flatMap((note) =>
    wrapEvents(note.split(', '), width).map((line, index) => (index === 0 ? `⇢ ${line}` : `  ${line}`)),
  );
}

/** A transition's label lines, each with the rule it writes, wrapped at `width` characters. */
function ruleLines(labels: readonly string[], rules: readonly (string | undefined)[], width: number): LabelLine[] {
  return labels.flatMap((label, index) =>
    wrapLabel(label, width).map((text, line) => ({ text, rule: rules[index], continued: line > 0 })),
  );
}

/** `continued`: the second or later line of one wrapped label. */
type LabelLine = { text: string; rule: string | undefined; continued: boolean };

export function headerHeight(box: Box, metrics: Metrics): number {
  return metrics.header + metrics.lineHeight * box.lines.length;
}

export function boxWidth(box: Box, metrics: Metrics): number {
  return (
    Math.max(textWidth(box.label, metrics), ...box.lines.map((line) => textWidth(line.text, metrics))) +
    2 * metrics.padX
  );
}

/** The boxes of a chart graph, with the lines written in them. */
export function buildBoxes(graph: ChartGraph, options: { moves?: boolean }): Boxes {
  const showMoves = options.moves ?? true;
  const nodeOf = (id: string) => graph.nodes.get(id)!;
  const boxOf = new Map<string, Box>();
  const all: Box[] = [];
  const makeBox = (node: ChartNode, parent: Box | undefined): Box => {
    // One box for two states: a parallel state and its one region; a phase and its turn drawn closed.
    const child = node.children.length === 1 ? nodeOf(node.children[0]) : undefined;
    const only = child && (node.kind === 'parallel' || child.collapsed) ? child : undefined;
    const drawn = only ?? node;
    const turn = [node, drawn].find((state) => state.collapsible);
    const box: Box = {
      elkId: `n${all.length}`,
      node: drawn,
      ...(only ? { merged: node } : {}),
      label: `${turn ? (turn.collapsed ? '▸ ' : '▾ ') : ''}${only ? `${node.label} · ${only.label}` : node.label}`,
      lines: [],
      children: [],
      ...(parent ? { parent } : {}),
    };
    all.push(box);
    boxOf.set(node.id, box);
    boxOf.set(drawn.id, box);
    box.children = drawn.children.map((child) => makeBox(nodeOf(child), box));
    return box;
  };
  const root = makeBox(graph.root, undefined);

  const edges: DrawnEdge[] = graph.edges.map((edge, index) => {
    const lines = ruleLines(edge.labels, labelRules(edge.rules), LABEL_WRAP);
    return {
      id: `e${index}`,
      kind: edge.kind,
      source: nodeOf(edge.source),
      target: nodeOf(edge.target),
      lines: lines.map((line) => line.text),
      lineRules: lines.map((line) => line.rule),
      continued: lines.map((line) => line.continued),
      events: edge.events,
      rules: [...new Set(edge.rules.map((rule) => rule.rule ?? rule.event))],
      titles: edge.titles,
      ...(edge.reached === false ? { reached: false } : {}),
      ...(edge.calls ? { calls: edge.calls } : {}),
    };
  });
  const sameBox = (edge: DrawnEdge) => boxOf.get(edge.source.id) === boxOf.get(edge.target.id);
  const siblings = (edge: DrawnEdge) => boxOf.get(edge.source.id)!.parent === boxOf.get(edge.target.id)!.parent;
  const separate = edges.every((edge) => sameBox(edge) || siblings(edge));
  const written = sameBox;

  // Header lines: moves and hooks, the box's loops (↻), notes.
  for (const box of all) {
    const nodes = box.merged ? [box.merged, box.node] : [box.node];
    const headerWrap = LABEL_WRAP;
    for (const node of nodes) {
      const moves = showMoves ? wrapEvents(node.internal, WRAP) : [];
      // A turn drawn closed is kept small: its hooks are shown once it is open.
      const actions = node.collapsed ? [] : node.actions;
      box.lines.push(...[...moves, ...actions].map((text): HeaderLine => ({ text, cls: 'internal' })));
    }
    for (const edge of edges) {
      if (!written(edge) || boxOf.get(edge.source.id) !== box) continue;
      // One ↻ per loop: a wrapped label's later lines are indented under its first.
      const lines = edge.lines.map((line, index) => ({
        text: `${edge.continued[index] ? ' ' : '↻'} ${line}`,
        rule: edge.lineRules[index],
      }));
      box.lines.push(
        ...lines.map(({ text, rule }): HeaderLine => ({
          text,
          cls: 'transition',
          edge,
          ...(rule !== undefined ? { rule } : {}),
        })),
      );
    }
    // A turn drawn closed lists the states inside it.
    const inside = box.node.collapsed ? wrapEvents(box.node.collapsed, headerWrap) : [];
    box.lines.push(
      ...inside.map((text, index): HeaderLine => ({ text: `${index ? '  ' : 'in: '}${text}`, cls: 'summary' })),
    );
    for (const note of nodes.flatMap((node) => node.notes))
      box.lines.push(...noteLines([note.text], headerWrap).map((text): HeaderLine => ({ text, cls: 'note', note })));
  }
  return {
    root,
    all,
    boxOf,
    edges,
    arrows: edges.filter((edge) => !written(edge)),
    separate,
  };
}
