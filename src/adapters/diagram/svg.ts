/**
 * A machine as a standalone SVG picture. The layout is computed by ELK
 * (elkjs, the layered algorithm Stately's visualizer uses) on the chart's
 * real hierarchy: every compound state is an ELK node holding its children
 * (the root box, `phases`, each phase, the parallel `turn`, one region per
 * seat), every transition is an ELK edge with its label, routed across the
 * hierarchy by ELK. This file only sizes the boxes and labels beforehand and
 * draws what ELK placed; no box is placed by hand.
 */
import type { ElkExtendedEdge, ElkLabel, ElkNode } from 'elkjs';
import type { AnyStateMachine } from 'xstate';
import { chartGraph, type ChartEdgeKind, type ChartNode } from './chart-graph';

export interface SvgOptions {
  /** Draw the argument-driven edges (default true): `setPhase(phase)`, a region's `setStage` ...; turn off for big games. */
  arguments?: boolean;
  /** List the events a state handles in place (moves that change no state) inside its box (default true). */
  moves?: boolean;
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
const INITIAL_SIZE = 12;
/** Longest line, in characters, of a state's wrapped list of moves, and of a wrapped edge label. */
const WRAP = 26;
const LABEL_WRAP = 40;

type Placed = { x: number; y: number; width: number; height: number };

function textWidth(text: string): number {
  return text.length * CHAR_WIDTH;
}

/**
 * One label line (`endPhase, pass · phases.draw.next`) in lines of at most
 * `width` characters where it can be broken: after a comma or before the
 * rule. A longer word keeps its own line.
 */
export function wrapLabel(line: string, width = LABEL_WRAP): string[] {
  if (line.length <= width) return [line];
  const at = line.indexOf(' · ');
  const events = (at < 0 ? line : line.slice(0, at)).split(', ');
  const lines = wrapEvents(events, width);
  if (at >= 0) lines.push(`· ${line.slice(at + 3)}`);
  return lines;
}

/** Events joined with commas, wrapped into lines of at most WRAP characters (a longer event keeps its own line). */
export function wrapEvents(events: readonly string[], width = WRAP): string[] {
  const lines: string[] = [];
  let line = '';
  events.forEach((event, index) => {
    const piece = index < events.length - 1 ? `${event},` : event;
    if (line !== '' && line.length + 1 + piece.length > width) {
      lines.push(line);
      line = piece;
    } else {
      line = line === '' ? piece : `${line} ${piece}`;
    }
  });
  if (line !== '') lines.push(line);
  return lines;
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
  .state-final > rect.outer { fill: #ffffff; }
  .state .name { font-weight: bold; }
  .state .internal { fill: #0f766e; }
  .initial { fill: #1f2937; }
  .transition path { fill: none; stroke: #334155; stroke-width: 1.2; }
  .transition-argument path { stroke: #64748b; stroke-dasharray: 5 3; }
  .transition-initial path { stroke: #1f2937; }
  .transition text { fill: #7c2d12; paint-order: stroke; stroke: #ffffff; stroke-width: 3px; stroke-linejoin: round; }
  .transition-argument text { fill: #475569; }
`;

interface DrawnEdge {
  id: string;
  kind: ChartEdgeKind | 'initial';
  source: string;
  target: string;
  lines: string[];
  events?: string[];
  rules?: string[];
}

/** The machine as an SVG document (text). Async because ELK lays out asynchronously. */
export async function toSvg(machine: AnyStateMachine, options: SvgOptions = {}): Promise<string> {
  const graph = chartGraph(machine, { arguments: options.arguments });
  const showMoves = options.moves ?? true;

  // ELK ids are our own (n0, n1, ...): state ids may hold any character.
  const elkIds = new Map<string, string>();
  [...graph.nodes.keys()].forEach((id, index) => elkIds.set(id, `n${index}`));
  const chartOf = new Map<string, ChartNode>([...graph.nodes.values()].map((node) => [elkIds.get(node.id)!, node]));
  const internalLines = (node: ChartNode) => [...(showMoves ? wrapEvents(node.internal) : []), ...node.actions];

  const edges: DrawnEdge[] = [];
  const elkNode = (node: ChartNode): ElkNode => {
    const id = elkIds.get(node.id)!;
    const lines = internalLines(node);
    const width = Math.max(textWidth(node.key), ...lines.map(textWidth)) + 2 * PAD_X;
    if (node.children.length === 0) {
      return { id, width, height: LINE_HEIGHT * (1 + lines.length) + 2 * PAD_Y };
    }
    const children = node.children.map((child) => elkNode(graph.nodes.get(child)!));
    if (node.initial) {
      const marker = `${id}-initial`;
      children.unshift({ id: marker, width: INITIAL_SIZE, height: INITIAL_SIZE });
      edges.push({ id: `${id}-initial-edge`, kind: 'initial', source: marker, target: elkIds.get(node.initial)!, lines: [] });
    }
    const header = HEADER + LINE_HEIGHT * lines.length;
    return {
      id,
      children,
      layoutOptions: {
        'elk.padding': padding(header + 8, 14),
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${width + 8}, ${header + 16})`,
          },
    };
  };
  const root = elkNode(graph.root);

  graph.edges.forEach((edge, index) => {
    const rules = [...new Set(edge.rules.map((rule) => rule.rule ?? rule.event))];
    edges.push({ id: `e${index}`, kind: edge.kind, source: elkIds.get(edge.source)!, target: elkIds.get(edge.target)!, lines: edge.labels.flatMap((line) => wrapLabel(line)), events: edge.events, rules });
  });

  const layoutGraph: ElkNode = {
    id: 'graph',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': options.direction ?? 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.spacing.nodeNode': '28',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.spacing.edgeLabel': '4',
      'elk.spacing.edgeNode': '14',
      'elk.padding': padding(12, 12),
    },
    children: [root],
    edges: edges.map(
      (edge): ElkExtendedEdge => ({
        id: edge.id,
        sources: [edge.source],
        targets: [edge.target],
        labels: edge.lines.length
          ? [{ text: edge.lines.join('\n'), width: Math.max(...edge.lines.map(textWidth)) + 4, height: edge.lines.length * LINE_HEIGHT }]
          : [],
      }),
    ),
  };

  const { default: ELK } = await import('elkjs');
  const laidOut = await new ELK().layout(layoutGraph);

  // Absolute positions: ELK gives each node relative to its parent, and each edge relative to its container.
  const placed = new Map<string, Placed>();
  const place = (node: ElkNode, dx: number, dy: number) => {
    const x = dx + (node.x ?? 0);
    const y = dy + (node.y ?? 0);
    placed.set(node.id, { x, y, width: node.width ?? 0, height: node.height ?? 0 });
    for (const child of node.children ?? []) place(child, x, y);
  };
  place(laidOut, 0, 0);

  const out: string[] = [];
  const drawNode = (node: ElkNode) => {
    const box = placed.get(node.id)!;
    const chart = chartOf.get(node.id);
    if (!chart) {
      const r = INITIAL_SIZE / 2;
      out.push(`<circle class="initial" cx="${num(box.x + r)}" cy="${num(box.y + r)}" r="${num(r)}"/>`);
      return;
    }
    const lines = internalLines(chart);
    const attrs = `class="state state-${chart.kind}" data-id="${escapeXml(chart.id)}" data-key="${escapeXml(chart.key)}"`;
    out.push(`<g ${attrs}>`);
    out.push(`<title>${escapeXml(chart.id)}</title>`);
    const rect = (cls: string, inset: number) =>
      `<rect class="${cls}" x="${num(box.x + inset)}" y="${num(box.y + inset)}" width="${num(box.width - 2 * inset)}" height="${num(box.height - 2 * inset)}" rx="${chart.children.length ? 8 : 6}"/>`;
    out.push(rect('outer', 0));
    if (chart.kind === 'final') out.push(rect('inner', 3));
    const textX = chart.children.length ? box.x + 10 : box.x + PAD_X;
    const baseline = box.y + PAD_Y + FONT_SIZE + (chart.children.length ? 4 : 0);
    out.push(`<text class="name" x="${num(textX)}" y="${num(baseline)}">${escapeXml(chart.key)}</text>`);
    lines.forEach((line, index) => {
      out.push(`<text class="internal" x="${num(textX)}" y="${num(baseline + LINE_HEIGHT * (index + 1))}">${escapeXml(line)}</text>`);
    });
    out.push('</g>');
    for (const child of node.children ?? []) drawNode(child);
  };
  for (const child of laidOut.children ?? []) drawNode(child);

  const byId = new Map(edges.map((edge) => [edge.id, edge]));
  for (const edge of (laidOut.edges ?? []) as (ElkExtendedEdge & { container?: string })[]) {
    const drawn = byId.get(edge.id)!;
    const origin = placed.get(edge.container ?? laidOut.id) ?? { x: 0, y: 0 };
    const source = chartOf.get(drawn.source);
    const target = chartOf.get(drawn.target)!;
    const attrs = [
      `class="transition transition-${drawn.kind}"`,
      source ? `data-source="${escapeXml(source.id)}"` : '',
      `data-target="${escapeXml(target.id)}"`,
      drawn.events ? `data-events="${escapeXml(drawn.events.join(' '))}"` : '',
      drawn.rules ? `data-rules="${escapeXml(JSON.stringify(drawn.rules))}"` : '',
    ].filter(Boolean);
    out.push(`<g ${attrs.join(' ')}>`);
    for (const section of edge.sections ?? []) {
      const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint];
      const d = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${num(origin.x + p.x)} ${num(origin.y + p.y)}`).join(' ');
      out.push(`<path d="${d}" marker-end="url(#arrow)"/>`);
    }
    for (const label of (edge.labels ?? []) as ElkLabel[]) {
      const x = origin.x + (label.x ?? 0) + 2;
      const y = origin.y + (label.y ?? 0);
      const spans = drawn.lines.map((line, i) => `<tspan x="${num(x)}" y="${num(y + FONT_SIZE + i * LINE_HEIGHT - 2)}">${escapeXml(line)}</tspan>`);
      out.push(`<text class="label">${spans.join('')}</text>`);
    }
    out.push('</g>');
  }

  const width = Math.ceil(laidOut.width ?? 0);
  const height = Math.ceil(laidOut.height ?? 0);
  return [
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
}
