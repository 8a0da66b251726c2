/**
 * A machine as a standalone SVG picture, laid out by ELK (elkjs, the layered
 * algorithm Stately's visualizer uses) on the chart's hierarchy; what is
 * drawn (folded seats, compact labels, notes, greyed states) is
 * chart-graph.ts's. Here:
 *
 * - every compound state is a box holding its children, laid out on its own
 *   (ELK's SEPARATE_CHILDREN) when every arrow joins siblings, as it does
 *   unless argument-driven arrows are drawn dashed into a region (then the
 *   whole hierarchy is laid out at once);
 * - a state's self-loops (a turn ending, a phase restarting) are written in
 *   its box, marked ↻, not drawn round it; the initial state of a box has a
 *   dot on its top-left corner;
 * - a parallel state left with one region (every seat folded into one) is
 *   one box with it: `turn · each player (×6)`;
 * - with `fit` (the inspector page), the phases are packed in rows, in flow
 *   order, for a pane of that shape, and the transitions between them are
 *   written in the box they leave (`→ grow: endPhase · next`).
 *
 * Boxes and labels are sized beforehand (a monospace font, 0.6em a
 * character); ELK places them; this file draws what it placed.
 */
import type { ElkExtendedEdge, ElkLabel, ElkNode } from 'elkjs';
import type { AnyStateMachine } from 'xstate';
import { wrapEvents as wrapEventsTo, wrapLabel as wrapLabelTo } from './label-text';
import { chartGraph, ruleLine, type ArgumentEdges, type ChartEdgeKind, type ChartGraph, type ChartNode, type ChartNote } from './chart-graph';

export interface SvgOptions {
  /** Argument-driven edges (`setPhase(phase)`, a region's `setStage` ...): written in their box (`fold`, default), `dashed`, or `none`. */
  arguments?: ArgumentEdges | boolean;
  /** Identical seat regions drawn once (`fold`, default) or each (`unfold`). */
  seats?: 'fold' | 'unfold';
  /** State node ids some play reached: the others are drawn grey (see reached.ts). */
  reached?: ReadonlySet<string>;
  /** How `reached` was found, for the legend. */
  reachedBy?: string;
  /** Draw the legend below the chart (default true). */
  legend?: boolean;
  /** List the events a state handles in place (moves that change no state) inside its box (default true). */
  moves?: boolean;
  /** Pack the phases in rows for a pane this wide, fitted to its width (the inspector page); their transitions are written in their boxes. */
  fit?: { width: number };
  /** Main direction of the layout (default DOWN). */
  direction?: 'DOWN' | 'RIGHT' | 'UP' | 'LEFT';
}

const FONT_SIZE = 12;
/** Width of one character of the monospace font at FONT_SIZE (0.6em). */
const CHAR_WIDTH = 7.2;
const LINE_HEIGHT = 16;
const PAD_X = 10;
const PAD_Y = 6;
const HEADER = LINE_HEIGHT + 8;
const SIDE = 14;
const INITIAL_SIZE = 12;
const GAP = 24;
/** Longest line, in characters, of a state's wrapped list of moves, and of a wrapped edge label. */
const WRAP = 26;
const LABEL_WRAP = 40;

type Placed = { x: number; y: number; width: number; height: number };

const wrapLabel = (line: string) => wrapLabelTo(line, LABEL_WRAP);
const wrapEvents = (events: readonly string[], width = WRAP) => wrapEventsTo(events, width);

function textWidth(text: string): number {
  return text.length * CHAR_WIDTH;
}

/** The layered layout's options for one level (the whole graph, or one compound state laid out on its own). */
function levelOptions(direction: string): Record<string, string> {
  return {
    'elk.algorithm': 'layered',
    'elk.direction': direction,
    'elk.edgeRouting': 'ORTHOGONAL',
    'elk.edgeLabels.placement': 'CENTER',
    // Children come in flow order (the start phase first, idle first in a seat): the layering follows it.
    'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
    'elk.layered.crossingMinimization.forceNodeModelOrder': 'true',
    'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER',
    'elk.spacing.nodeNode': '20',
    'elk.layered.spacing.nodeNodeBetweenLayers': '28',
    'elk.spacing.edgeLabel': '3',
    'elk.spacing.edgeNode': '10',
    'elk.layered.spacing.edgeNodeBetweenLayers': '8',
    'elk.layered.spacing.edgeEdgeBetweenLayers': '8',
    'elk.spacing.edgeEdge': '8',
  };
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function num(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function padding(top: number, side: number): string {
  return `[top=${top},left=${side},bottom=${side},right=${side}]`;
}


const STYLE = `
  text { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: ${FONT_SIZE}px; fill: #1f2937; }
  .state > rect { fill: #ffffff; stroke: #475569; stroke-width: 1.2; }
  .state-root > rect { fill: #f8fafc; }
  .state-compound > rect { fill: #f1f5f9; }
  .state-parallel > rect { fill: #eef2ff; stroke: #6366f1; }
  .state-region > rect { fill: #ffffff; stroke: #818cf8; stroke-dasharray: 5 3; }
  .state-region.folded > rect.outer { stroke-width: 1.6; }
  .state-region.folded > rect.stack { fill: #ffffff; stroke: #a5b4fc; stroke-dasharray: 5 3; }
  .state-final > rect.outer { fill: #ffffff; }
  .state .name { font-weight: bold; }
  .state .internal { fill: #0f766e; }
  .transition-note text { fill: #475569; font-style: italic; }
  .state.unreached > rect { fill: #f3f4f6; stroke: #d1d5db; }
  .state.unreached > text { fill: #9ca3af; }
  .initial { fill: #1f2937; stroke: #ffffff; stroke-width: 1.5; }
  .transition path { fill: none; stroke: #334155; stroke-width: 1.2; }
  .transition-argument path { stroke: #64748b; stroke-dasharray: 5 3; }
  .transition text { fill: #7c2d12; paint-order: stroke; stroke: #ffffff; stroke-width: 3px; stroke-linejoin: round; }
  .transition-argument text { fill: #475569; }
  .transition.unreached path { stroke: #d1d5db; }
  .transition.unreached text { fill: #9ca3af; }
  .transition-written text { paint-order: normal; stroke: none; }
  .legend > rect { fill: #f8fafc; stroke: #cbd5e1; }
  .legend text { fill: #475569; }
  .legend .title { font-weight: bold; }
`;

interface DrawnEdge {
  id: string;
  kind: ChartEdgeKind;
  source: ChartNode;
  target: ChartNode;
  lines: string[];
  events: string[];
  rules: string[];
  titles: string[];
  reached?: boolean;
}

/** A line of a box's header: a move list, a hook, a note, or one line of a transition written in the box. */
interface HeaderLine {
  text: string;
  cls: 'internal' | 'note' | 'transition';
  edge?: DrawnEdge;
  note?: ChartNote;
}

/** One drawn box: a state, or a parallel state and its one region. */
interface Box {
  elkId: string;
  node: ChartNode;
  /** The parallel state drawn in the same box as its only region. */
  merged?: ChartNode;
  label: string;
  lines: HeaderLine[];
  children: Box[];
  parent?: Box;
}

/** The attributes of a transition's group: what the inspector page matches taken transitions against. */
function edgeAttributes(edge: DrawnEdge, written: boolean): string {
  const classes = ['transition', `transition-${edge.kind}`, edge.source === edge.target ? 'transition-loop' : '', written ? 'transition-written' : '', edge.reached === false ? 'unreached' : ''];
  return [
    `class="${classes.filter(Boolean).join(' ')}"`,
    `data-source="${escapeXml(edge.source.id)}"`,
    `data-target="${escapeXml(edge.target.id)}"`,
    `data-events="${escapeXml(edge.events.join(' '))}"`,
    `data-rules="${escapeXml(JSON.stringify(edge.rules))}"`,
  ].join(' ');
}

/** Notes (folded argument-driven edges) as lines of at most LABEL_WRAP characters, each marked ⇢. */
function noteLines(notes: readonly string[]): string[] {
  return notes.flatMap((note) => wrapEvents(note.split(', '), LABEL_WRAP).map((line, index) => (index === 0 ? `⇢ ${line}` : `  ${line}`)));
}

/** The smallest scale `fit` aims for: 12 px text drawn at 9 px. */
const MIN_FIT_SCALE = 0.75;

/**
 * Rows of boxes, in order, for a pane `width` wide (fitted to its width, as
 * the inspector page does): of the arrangements drawn at `MIN_FIT_SCALE` or
 * more, the one that is shortest on screen.
 */
export function packRows(sizes: readonly { width: number; height: number }[], width: number): { rows: number[][]; width: number; height: number } {
  let best: { rows: number[][]; width: number; height: number; scale: number; shown: number } | undefined;
  for (let perRow = 1; perRow <= sizes.length; perRow++) {
    const rows: number[][] = [];
    for (let i = 0; i < sizes.length; i += perRow) rows.push(Array.from({ length: Math.min(perRow, sizes.length - i) }, (_, k) => i + k));
    const rowsWidth = Math.max(...rows.map((row) => row.reduce((sum, i) => sum + sizes[i].width, 0) + GAP * (row.length - 1)));
    const rowsHeight = rows.reduce((sum, row) => sum + Math.max(...row.map((i) => sizes[i].height)), 0) + GAP * (rows.length - 1);
    const scale = Math.min(1, width / rowsWidth);
    const shown = rowsHeight * scale;
    const better = !best || (scale >= MIN_FIT_SCALE ? best.scale < MIN_FIT_SCALE || shown < best.shown : scale > best.scale);
    if (better) best = { rows, width: rowsWidth, height: rowsHeight, scale, shown };
  }
  return best!;
}

function legendLines(graph: ChartGraph, boxes: Box[]): string[] {
  const lines = [...graph.legend];
  if (boxes.some((box) => box.lines.some((line) => line.text.startsWith('↻')))) lines.splice(1, 0, '↻ in a box: back into that state (a turn ends, a phase restarts)');
  if (boxes.some((box) => box.node.initial)) lines.push('● where a box starts');
  return lines;
}

/** The machine as an SVG document (text). Async because ELK lays out asynchronously. */
export async function toSvg(machine: AnyStateMachine, options: SvgOptions = {}): Promise<string> {
  return (await drawSvg(machine, options)).svg;
}

/** The SVG document and its legend's lines (drawn in it unless `legend: false`). */
export async function drawSvg(machine: AnyStateMachine, options: SvgOptions = {}): Promise<{ svg: string; legend: string[] }> {
  const graph = chartGraph(machine, { arguments: options.arguments, seats: options.seats, reached: options.reached, reachedBy: options.reachedBy });
  const showMoves = options.moves ?? true;
  const nodeOf = (id: string) => graph.nodes.get(id)!;

  // The boxes: one per state, but a parallel state with one region is one box with it.
  const boxOf = new Map<string, Box>();
  const allBoxes: Box[] = [];
  const makeBox = (node: ChartNode, parent: Box | undefined): Box => {
    const only = node.kind === 'parallel' && node.children.length === 1 ? nodeOf(node.children[0]) : undefined;
    const drawn = only ?? node;
    const box: Box = {
      elkId: `n${allBoxes.length}`,
      node: drawn,
      ...(only ? { merged: node } : {}),
      label: only ? `${node.label} · ${only.label}` : node.label,
      lines: [],
      children: [],
      ...(parent ? { parent } : {}),
    };
    allBoxes.push(box);
    boxOf.set(node.id, box);
    boxOf.set(drawn.id, box);
    box.children = drawn.children.map((child) => makeBox(nodeOf(child), box));
    return box;
  };
  const rootBox = makeBox(graph.root, undefined);

  const edges: DrawnEdge[] = graph.edges.map((edge, index) => ({
    id: `e${index}`,
    kind: edge.kind,
    source: nodeOf(edge.source),
    target: nodeOf(edge.target),
    lines: edge.labels.flatMap((line) => wrapLabel(line)),
    events: edge.events,
    rules: [...new Set(edge.rules.map((rule) => rule.rule ?? rule.event))],
    titles: edge.titles,
    ...(edge.reached === false ? { reached: false } : {}),
  }));
  const sameBox = (edge: DrawnEdge) => boxOf.get(edge.source.id) === boxOf.get(edge.target.id);
  const siblings = (edge: DrawnEdge) => boxOf.get(edge.source.id)!.parent === boxOf.get(edge.target.id)!.parent;
  const separate = edges.every((edge) => sameBox(edge) || siblings(edge));
  // With `fit`, the boxes packed in rows: the first box (breadth first) holding two or more boxes of boxes.
  const packed = options.fit && separate ? allBoxes.find((box) => box.children.length >= 2 && box.children.every((child) => child.children.length > 0)) : undefined;
  const written = (edge: DrawnEdge) => sameBox(edge) || (packed !== undefined && boxOf.get(edge.source.id)!.parent === packed && siblings(edge));

  // Header lines: moves and hooks, transitions written in the box (↻ loops, → exits of packed boxes), notes.
  for (const box of allBoxes) {
    const nodes = box.merged ? [box.merged, box.node] : [box.node];
    for (const node of nodes) {
      const moves = showMoves ? wrapEvents(node.internal) : [];
      box.lines.push(...[...moves, ...node.actions].map((text): HeaderLine => ({ text, cls: 'internal' })));
    }
    for (const edge of edges) {
      if (!written(edge) || boxOf.get(edge.source.id) !== box) continue;
      const lines = sameBox(edge) ? edge.lines.map((line) => `↻ ${line}`) : edge.lines.map((line, i) => (i === 0 ? `→ ${edge.target.label}: ${line}` : `  ${line}`));
      box.lines.push(...lines.map((text): HeaderLine => ({ text, cls: 'transition', edge })));
    }
    for (const note of nodes.flatMap((node) => node.notes)) box.lines.push(...noteLines([note.text]).map((text): HeaderLine => ({ text, cls: 'note', note })));
  }

  const arrows = edges.filter((edge) => !written(edge));
  const elkEdge = (edge: DrawnEdge): ElkExtendedEdge => ({
    id: edge.id,
    sources: [boxOf.get(edge.source.id)!.elkId],
    targets: [boxOf.get(edge.target.id)!.elkId],
    labels: edge.lines.length ? [{ text: edge.lines.join('\n'), width: Math.max(...edge.lines.map(textWidth)) + 4, height: edge.lines.length * LINE_HEIGHT }] : [],
  });
  const headerHeight = (box: Box) => HEADER + LINE_HEIGHT * box.lines.length;
  const boxWidth = (box: Box) => Math.max(textWidth(box.label), ...box.lines.map((line) => textWidth(line.text))) + 2 * PAD_X;
  const elkNode = (box: Box): ElkNode => {
    if (box.children.length === 0) return { id: box.elkId, width: boxWidth(box), height: LINE_HEIGHT * (1 + box.lines.length) + 2 * PAD_Y };
    return {
      id: box.elkId,
      children: box.children.map(elkNode),
      edges: separate ? arrows.filter((edge) => boxOf.get(edge.source.id)!.parent === box).map(elkEdge) : [],
      layoutOptions: {
        ...(separate ? levelOptions(options.direction ?? 'DOWN') : {}),
        'elk.padding': padding(headerHeight(box) + 8, SIDE),
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${boxWidth(box) + 8}, ${headerHeight(box) + 16})`,
      },
    };
  };
  const layout = async (node: ElkNode, edgesAtTop: ElkExtendedEdge[]): Promise<ElkNode> => {
    const { default: ELK } = await import('elkjs');
    return new ELK().layout({
      id: 'graph',
      layoutOptions: { ...levelOptions(options.direction ?? 'DOWN'), 'elk.hierarchyHandling': separate ? 'SEPARATE_CHILDREN' : 'INCLUDE_CHILDREN', 'elk.padding': padding(12, 12) },
      children: [node],
      edges: edgesAtTop,
    });
  };

  // Absolute positions of boxes; edges with the box they are laid out in.
  const placed = new Map<string, Placed>();
  const laidEdges: { edge: ElkExtendedEdge; origin: { x: number; y: number } }[] = [];
  const place = (node: ElkNode, dx: number, dy: number) => {
    const x = dx + (node.x ?? 0);
    const y = dy + (node.y ?? 0);
    placed.set(node.id, { x, y, width: node.width ?? 0, height: node.height ?? 0 });
    for (const edge of (node.edges ?? []) as (ElkExtendedEdge & { container?: string })[]) {
      laidEdges.push({ edge, origin: edge.container && edge.container !== node.id ? { x: 0, y: 0 } : { x, y } });
    }
    for (const child of node.children ?? []) place(child, x, y);
  };

  let laidOut: ElkNode;
  if (packed) {
    // Each packed box on its own, then in rows, then the rest around them as one fixed box.
    const parts = await Promise.all(packed.children.map(async (child) => (await layout(elkNode(child), [])).children![0]));
    // The boxes around the packed ones take about their side padding each.
    const { rows, width, height } = packRows(parts.map((part) => ({ width: part.width!, height: part.height! })), options.fit!.width - 2 * (12 + 2 * SIDE));
    const rest = elkNode(rootBox);
    const swap = (node: ElkNode): ElkNode =>
      node.id === packed.elkId ? { id: node.id, width: Math.max(width + 2 * SIDE, boxWidth(packed) + 8), height: headerHeight(packed) + 8 + height + SIDE } : { ...node, ...(node.children ? { children: node.children.map(swap) } : {}) };
    laidOut = await layout(swap(rest), []);
    place(laidOut, 0, 0);
    const frame = placed.get(packed.elkId)!;
    let y = frame.y + headerHeight(packed) + 8;
    for (const row of rows) {
      let x = frame.x + SIDE;
      for (const index of row) {
        place({ ...parts[index], x: 0, y: 0 }, x, y);
        x += parts[index].width! + GAP;
      }
      y += Math.max(...row.map((index) => parts[index].height!)) + GAP;
    }
  } else {
    laidOut = await layout(elkNode(rootBox), separate ? arrows.filter((edge) => boxOf.get(edge.source.id)!.parent === undefined).map(elkEdge) : arrows.map(elkEdge));
    place(laidOut, 0, 0);
  }
  if (!separate) {
    // Laid out at once: ELK gives each edge relative to the box it chose (its `container`).
    for (const item of laidEdges) {
      const container = (item.edge as { container?: string }).container;
      if (container) item.origin = placed.get(container) ?? item.origin;
    }
  }

  const out: string[] = [];
  const transitionTexts: string[] = [];
  const initials = new Set([...graph.nodes.values()].flatMap((node) => (node.initial ? [node.initial] : [])));
  for (const box of allBoxes) {
    const at = placed.get(box.elkId)!;
    const { node } = box;
    const leaf = box.children.length === 0;
    const unreached = node.reached === false && box.merged?.reached !== true;
    const classes = ['state', `state-${node.kind}`, node.members ? 'folded' : '', box.merged ? 'merged' : '', unreached ? 'unreached' : ''].filter(Boolean).join(' ');
    const attrs = [
      `class="${classes}"`,
      `data-id="${escapeXml(node.id)}"`,
      `data-key="${escapeXml(node.key)}"`,
      box.merged ? `data-also="${escapeXml(box.merged.id)}"` : '',
      node.members ? `data-members="${escapeXml(JSON.stringify(node.members))}"` : '',
    ].filter(Boolean);
    out.push(`<g ${attrs.join(' ')}>`);
    out.push(`<title>${escapeXml(node.members ? `${node.label}: ${node.members.join(', ')}` : node.id)}</title>`);
    const rect = (cls: string, inset: number, shift = 0) =>
      `<rect class="${cls}" x="${num(at.x + inset + shift)}" y="${num(at.y + inset + shift)}" width="${num(at.width - 2 * inset)}" height="${num(at.height - 2 * inset)}" rx="${leaf ? 6 : 8}"/>`;
    // A folded region is a stack of regions: a second border behind it.
    if (node.members) out.push(rect('stack', 0, -4));
    out.push(rect('outer', 0));
    if (node.kind === 'final') out.push(rect('inner', 3));
    const textX = leaf ? at.x + PAD_X : at.x + 10;
    const baseline = at.y + PAD_Y + FONT_SIZE + (leaf ? 0 : 4);
    out.push(`<text class="name" x="${num(textX)}" y="${num(baseline)}">${escapeXml(box.label)}</text>`);
    const lineY = (index: number) => baseline + LINE_HEIGHT * (index + 1);
    box.lines.forEach((line, index) => {
      if (line.cls === 'internal') out.push(`<text class="${line.cls}" x="${num(textX)}" y="${num(lineY(index))}" xml:space="preserve">${escapeXml(line.text)}</text>`);
    });
    // Argument-driven transitions written in the box: one group each, as the page matches them (from any source, to any target).
    for (const note of new Set(box.lines.flatMap((line) => (line.note ? [line.note] : [])))) {
      const first = box.lines.findIndex((line) => line.note === note);
      const spans = box.lines.flatMap((line, index) => (line.note === note ? [`<tspan x="${num(textX)}" y="${num(lineY(index))}" xml:space="preserve">${escapeXml(line.text)}</tspan>`] : []));
      const attrs = [
        `class="transition transition-argument transition-written transition-note${note.reached === false ? ' unreached' : ''}"`,
        `data-sources="${escapeXml(JSON.stringify(note.sources))}"`,
        `data-targets="${escapeXml(JSON.stringify(note.targets))}"`,
        `data-events="${escapeXml(note.event)}"`,
        `data-rules="${escapeXml(JSON.stringify([note.rule ?? note.event]))}"`,
      ];
      transitionTexts.push(`<g ${attrs.join(' ')}><title>${escapeXml(ruleLine([note.event], note.rule))}</title><text class="label note" data-x="${num(textX)}" data-y="${num(lineY(first))}">${spans.join('')}</text></g>`);
    }
    // Transitions written in the box: one group each, drawn over the boxes.
    for (const edge of new Set(box.lines.flatMap((line) => (line.edge ? [line.edge] : [])))) {
      const first = box.lines.findIndex((line) => line.edge === edge);
      const spans = box.lines.flatMap((line, index) => (line.edge === edge ? [`<tspan x="${num(textX)}" y="${num(lineY(index))}" xml:space="preserve">${escapeXml(line.text)}</tspan>`] : []));
      transitionTexts.push(`<g ${edgeAttributes(edge, true)}><title>${escapeXml(edge.titles.join('\n'))}</title><text class="label" data-x="${num(textX)}" data-y="${num(lineY(first))}">${spans.join('')}</text></g>`);
    }
    if (initials.has(node.id) || (box.merged && initials.has(box.merged.id))) out.push(`<circle class="initial" cx="${num(at.x)}" cy="${num(at.y)}" r="${num(INITIAL_SIZE / 2)}"/>`);
    out.push('</g>');
  }
  out.push(...transitionTexts);

  const byId = new Map(arrows.map((edge) => [edge.id, edge]));
  for (const { edge, origin } of laidEdges) {
    const drawn = byId.get(edge.id);
    if (!drawn) continue;
    out.push(`<g ${edgeAttributes(drawn, false)}>`);
    out.push(`<title>${escapeXml(drawn.titles.join('\n'))}</title>`);
    for (const section of edge.sections ?? []) {
      const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint];
      const d = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${num(origin.x + p.x)} ${num(origin.y + p.y)}`).join(' ');
      out.push(`<path d="${d}" marker-end="url(#arrow)"/>`);
    }
    for (const label of (edge.labels ?? []) as ElkLabel[]) {
      const x = origin.x + (label.x ?? 0) + 2;
      const y = origin.y + (label.y ?? 0);
      const spans = drawn.lines.map((line, i) => `<tspan x="${num(x)}" y="${num(y + FONT_SIZE + i * LINE_HEIGHT - 2)}">${escapeXml(line)}</tspan>`);
      out.push(`<text class="label" data-x="${num(x)}" data-y="${num(y + FONT_SIZE - 2)}">${spans.join('')}</text>`);
    }
    out.push('</g>');
  }

  const frame = placed.get('graph')!;
  let width = Math.ceil(Math.max(frame.width, ...[...placed.values()].map((box) => box.x + box.width + 12)));
  let height = Math.ceil(Math.max(frame.height, ...[...placed.values()].map((box) => box.y + box.height + 12)));
  const legend = legendLines(graph, allBoxes);
  if (options.legend ?? true) {
    const lines = legend;
    const legendWidth = Math.max(...lines.map(textWidth), textWidth('legend')) + 2 * PAD_X;
    const legendHeight = LINE_HEIGHT * (lines.length + 1) + 2 * PAD_Y;
    const x = 12;
    const y = height;
    out.push('<g class="legend">');
    out.push(`<rect x="${x}" y="${y}" width="${num(legendWidth)}" height="${legendHeight}" rx="6"/>`);
    out.push(`<text class="title" x="${x + PAD_X}" y="${y + PAD_Y + FONT_SIZE}">legend</text>`);
    lines.forEach((line, index) => out.push(`<text x="${x + PAD_X}" y="${y + PAD_Y + FONT_SIZE + LINE_HEIGHT * (index + 1)}" xml:space="preserve">${escapeXml(line)}</text>`));
    out.push('</g>');
    width = Math.max(width, Math.ceil(x + legendWidth + 12));
    height = y + legendHeight + 12;
  }
  const svg = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<title>${escapeXml(graph.root.key)}</title>`,
    `<style>${STYLE}</style>`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="#334155"/></marker></defs>',
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    ...out,
    '</svg>',
    '',
  ].join('\n');
  return { svg, legend };
}
