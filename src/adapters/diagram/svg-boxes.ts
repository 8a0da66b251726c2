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

/** Text and spacing of a drawing: `roomy` for the exports, `compact` for a chart fitted to a pane. */
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
  /** Between packed phases. */
  gap: number;
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
  side: 14,
  gap: 24,
  nodeNode: 20,
  betweenLayers: 28,
  edgeNode: 10,
  edgeNodeBetweenLayers: 8,
  edgeEdgeBetweenLayers: 8,
};
export const COMPACT: Metrics = {
  ...ROOMY,
  lineHeight: 14,
  padY: 4,
  header: 20,
  side: 8,
  gap: 12,
  nodeNode: 8,
  betweenLayers: 10,
  edgeNode: 4,
  edgeNodeBetweenLayers: 3,
  edgeEdgeBetweenLayers: 3,
};

/** Longest line, in characters, of a state's wrapped list of moves, and of a wrapped edge label. */
const WRAP = 26;
const LABEL_WRAP = 40;
const WIDE_WRAP = 80;

export interface DrawnEdge {
  id: string;
  kind: ChartEdgeKind;
  source: ChartNode;
  target: ChartNode;
  lines: string[];
  /** The rule each line writes (a wrapped rule's lines each; undefined: the events without a rule). */
  lineRules: (string | undefined)[];
  events: string[];
  rules: string[];
  titles: string[];
  reached?: boolean;
}

/** A line of a box's header: a move list, a hook, a note, or one line of a transition written in the box. */
export interface HeaderLine {
  text: string;
  cls: 'internal' | 'note' | 'transition';
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
  /** The transitions drawn as arrows (the others are written in a box). */
  arrows: DrawnEdge[];
  /** Transitions written in a box and drawn as a plain arrow too (no label). */
  guides: DrawnEdge[];
  /** Every arrow joins siblings: each compound box can be laid out on its own. */
  separate: boolean;
  /** With `fit`, the box whose children are packed in rows or columns (the phases). */
  packed?: Box;
}

/** Whether `box` holds `inner`, at any depth. */
function isAncestor(box: Box, inner: Box | undefined): boolean {
  for (let at = inner?.parent; at; at = at.parent) if (at === box) return true;
  return false;
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
  return labels.flatMap((label, index) => wrapLabel(label, width).map((text) => ({ text, rule: rules[index] })));
}

type LabelLine = { text: string; rule: string | undefined };

/** A transition written in the box it leaves: `→ target: rule` lines, the target on a line of its own where they would be longer than `width`. */
function exitLines(edge: DrawnEdge, width: number): LabelLine[] {
  const head = `→ ${edge.target.label}:`;
  const lines = ruleLines(edge.lines, edge.lineRules, width - 2);
  const indented = (line: LabelLine) => ({ ...line, text: `  ${line.text}` });
  if (head.length + 1 + lines[0].text.length <= width)
    return [{ ...lines[0], text: `${head} ${lines[0].text}` }, ...lines.slice(1).map(indented)];
  return [{ text: head, rule: lines[0].rule }, ...lines.map(indented)];
}

export function headerHeight(box: Box, metrics: Metrics): number {
  return metrics.header + metrics.lineHeight * box.lines.length;
}

export function boxWidth(box: Box, metrics: Metrics): number {
  return (
    Math.max(textWidth(box.label, metrics), ...box.lines.map((line) => textWidth(line.text, metrics))) +
    2 * metrics.padX
  );
}

/** The boxes of a chart graph; with `fit`, the phases are packed and the transitions between them written in their boxes. */
export function buildBoxes(graph: ChartGraph, options: { moves?: boolean; fit?: boolean }): Boxes {
  const showMoves = options.moves ?? true;
  const nodeOf = (id: string) => graph.nodes.get(id)!;
  const boxOf = new Map<string, Box>();
  const all: Box[] = [];
  const makeBox = (node: ChartNode, parent: Box | undefined): Box => {
    const only = node.kind === 'parallel' && node.children.length === 1 ? nodeOf(node.children[0]) : undefined;
    const drawn = only ?? node;
    const box: Box = {
      elkId: `n${all.length}`,
      node: drawn,
      ...(only ? { merged: node } : {}),
      label: only ? `${node.label} · ${only.label}` : node.label,
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
      events: edge.events,
      rules: [...new Set(edge.rules.map((rule) => rule.rule ?? rule.event))],
      titles: edge.titles,
      ...(edge.reached === false ? { reached: false } : {}),
    };
  });
  const sameBox = (edge: DrawnEdge) => boxOf.get(edge.source.id) === boxOf.get(edge.target.id);
  const siblings = (edge: DrawnEdge) => boxOf.get(edge.source.id)!.parent === boxOf.get(edge.target.id)!.parent;
  const separate = edges.every((edge) => sameBox(edge) || siblings(edge));
  // With `fit`, the boxes packed: the first box (breadth first) holding two or more boxes of boxes.
  const packed =
    options.fit && separate
      ? all.find((box) => box.children.length >= 2 && box.children.every((child) => child.children.length > 0))
      : undefined;
  // With `fit`, the transitions between packed boxes, and between the boxes around them (the phases and gameover), are written in the box they leave.
  const around = (box: Box | undefined): boolean => box !== undefined && (box === packed || isAncestor(box, packed));
  const written = (edge: DrawnEdge) =>
    sameBox(edge) || (packed !== undefined && siblings(edge) && around(boxOf.get(edge.source.id)!.parent));

  // Header lines: moves and hooks, transitions written in the box (↻ loops, → exits of packed boxes), notes.
  for (const box of all) {
    const nodes = box.merged ? [box.merged, box.node] : [box.node];
    // The boxes around the packed ones are as wide as all of them: their lines need less wrapping.
    const headerWrap = around(box) ? WIDE_WRAP : LABEL_WRAP;
    for (const node of nodes) {
      const moves = showMoves ? wrapEvents(node.internal, WRAP) : [];
      box.lines.push(...[...moves, ...node.actions].map((text): HeaderLine => ({ text, cls: 'internal' })));
    }
    for (const edge of edges) {
      if (!written(edge) || boxOf.get(edge.source.id) !== box) continue;
      const lines = sameBox(edge)
        ? edge.lines.map((line, index) => ({ text: `↻ ${line}`, rule: edge.lineRules[index] }))
        : exitLines(edge, headerWrap);
      box.lines.push(
        ...lines.map(({ text, rule }): HeaderLine => ({
          text,
          cls: 'transition',
          edge,
          ...(rule !== undefined ? { rule } : {}),
        })),
      );
    }
    for (const note of nodes.flatMap((node) => node.notes))
      box.lines.push(...noteLines([note.text], headerWrap).map((text): HeaderLine => ({ text, cls: 'note', note })));
  }
  // Written above the packed boxes (phases → gameover), a transition is drawn too, as a plain arrow: it places its target.
  const guides = edges.filter(
    (edge) => written(edge) && !sameBox(edge) && boxOf.get(edge.source.id)!.parent !== packed,
  );
  return {
    root,
    all,
    boxOf,
    edges,
    arrows: edges.filter((edge) => !written(edge)),
    guides,
    separate,
    ...(packed ? { packed } : {}),
  };
}
