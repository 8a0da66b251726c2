/**
 * A machine as a standalone SVG picture. What is drawn (folded seats,
 * compact labels, notes, greyed states) is chart-graph.ts's; the boxes and
 * their header lines are svg-boxes.ts's; ELK places them (svg-layout.ts);
 * this file draws what it placed:
 *
 * - every compound state is a box holding its children; a state's
 *   self-loops (a turn ending, a phase restarting) are written in its box,
 *   marked ↻, not drawn round it; the initial state of a box has a dot on
 *   its top-left corner;
 * - a parallel state left with one region (every seat folded into one) is
 *   one box with it: `turn · each player (×6)`;
 * - with `fit` (the inspector page), the phases are arranged to be drawn as
 *   large as they can in a pane of that size, in flow order, with compact
 *   spacing, and the transitions between them are written in the box they
 *   leave (`→ grow: endPhase · next`).
 */
import type { ElkLabel } from 'elkjs';
import type { AnyStateMachine } from 'xstate';
import { chartGraph } from './chart-graph';
import type { ChartUsage } from './chart-usage';
import type { ArgumentEdges } from './chart-graph-types';
import { ruleLine } from './rule-labels';
import { buildBoxes, ROOMY, type DrawnEdge } from './svg-boxes';
import { DEFAULT_PANE, layOut, type Direction } from './svg-layout';
import { drawLegend, labelAnchor, legendBlock, legendLines } from './svg-legend';
import { svgStyle } from './svg-style';

export interface SvgOptions {
  /** Argument-driven edges (`setPhase(phase)`, a region's `setStage` ...): written in their box (`fold`, default), `dashed`, or `none`. */
  arguments?: ArgumentEdges | boolean;
  /** Identical seat regions drawn once (`fold`, default) or each (`unfold`). */
  seats?: 'fold' | 'unfold';
  /** State node ids some play reached: the others are drawn grey (see reached.ts). */
  reached?: ReadonlySet<string>;
  /** How `reached` was found, for the legend. */
  reachedBy?: string;
  /** What the game uses (`chartUsage`): only those rules are drawn, calls as dashed arrows from where they are made. */
  usage?: ChartUsage;
  /** With `usage`, draw every rule of the chart anyway. */
  all?: boolean;
  /** Draw the legend below the chart (default true). */
  legend?: boolean;
  /** List the events a state handles in place (moves that change no state) inside its box (default true). */
  moves?: boolean;
  /**
   * The pane the drawing is meant for (default 950×850): of the layouts tried, the one drawn largest in it wins;
   * with `least`, the first drawn whole in it at that scale or more.
   */
  fit?: { width: number; height?: number; least?: number };
  /** One direction for the whole layout (default: chosen, see svg-layout.ts). */
  direction?: Direction;
  /** Draw every turn closed but these (see chart-collapse.ts); none given: all open. */
  expanded?: readonly string[];
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function num(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** Which rule a transition's line writes: the line the page marks when that rule is taken. */
function ruleAttribute(rule: string | undefined): string {
  return rule === undefined ? '' : ` data-rule="${escapeXml(rule)}"`;
}

/** The attributes of a transition's group: what the inspector page matches taken transitions against. */
function edgeAttributes(edge: DrawnEdge, written: boolean): string {
  const classes = [
    'transition',
    `transition-${edge.kind}`,
    edge.source === edge.target ? 'transition-loop' : '',
    written ? 'transition-written' : '',
    edge.reached === false ? 'unreached' : '',
  ];
  return [
    `class="${classes.filter(Boolean).join(' ')}"`,
    `data-source="${escapeXml(edge.source.id)}"`,
    `data-target="${escapeXml(edge.target.id)}"`,
    // A call arrow stands for transitions of the seat regions (or phases) it sends: the page matches those.
    ...(edge.calls
      ? [
          `data-sources="${escapeXml(JSON.stringify(edge.calls.sources))}"`,
          `data-targets="${escapeXml(JSON.stringify(edge.calls.targets))}"`,
        ]
      : []),
    `data-events="${escapeXml(edge.events.join(' '))}"`,
    `data-rules="${escapeXml(JSON.stringify(edge.rules))}"`,
  ].join(' ');
}

/** The machine as an SVG document (text). Async because ELK lays out asynchronously. */
export async function toSvg(machine: AnyStateMachine, options: SvgOptions = {}): Promise<string> {
  return (await drawSvg(machine, options)).svg;
}

/** The SVG document and its legend's lines (drawn in it unless `legend: false`). */
export async function drawSvg(
  machine: AnyStateMachine,
  options: SvgOptions = {},
): Promise<{ svg: string; legend: string[] }> {
  const graph = chartGraph(machine, {
    arguments: options.arguments,
    seats: options.seats,
    reached: options.reached,
    reachedBy: options.reachedBy,
    usage: options.usage,
    all: options.all,
    ...(options.expanded ? { expanded: options.expanded } : {}),
  });
  const metrics = ROOMY;
  const boxes = buildBoxes(graph, { moves: options.moves });
  const legend = legendLines(graph, boxes.all);
  const withLegend = options.legend ?? true;
  const { placed, edges: laidEdges } = await layOut(boxes, metrics, {
    ...(options.direction ? { direction: options.direction } : {}),
    pane: { width: options.fit?.width ?? DEFAULT_PANE.width, height: options.fit?.height ?? DEFAULT_PANE.height },
    ...(options.fit?.least ? { least: options.fit.least } : {}),
    // The legend counts even when the page lists it apart, so that the page and the export get one layout; a page
    // that closes turns (`expanded`) has a layout of its own, for its pane.
    ...(withLegend || !options.expanded
      ? { extraHeight: (width: number) => legendBlock(legend, width, metrics).height + 12 }
      : {}),
  });
  const { all: allBoxes, arrows } = boxes;
  const { fontSize, lineHeight, padX, padY } = metrics;

  const out: string[] = [];
  const transitionTexts: string[] = [];
  const initials = new Set([...graph.nodes.values()].flatMap((node) => (node.initial ? [node.initial] : [])));
  for (const box of allBoxes) {
    const at = placed.get(box.elkId)!;
    const { node } = box;
    const leaf = box.children.length === 0;
    const unreached = node.reached === false && box.merged?.reached !== true;
    const turn = [node, box.merged].find((state) => state?.collapsible);
    const classes = [
      'state',
      `state-${node.kind}`,
      node.members ? 'folded' : '',
      box.merged ? 'merged' : '',
      node.collapsed ? 'collapsed' : '',
      unreached ? 'unreached' : '',
    ]
      .filter(Boolean)
      .join(' ');
    const attrs = [
      `class="${classes}"`,
      `data-id="${escapeXml(node.id)}"`,
      `data-key="${escapeXml(node.key)}"`,
      box.merged ? `data-also="${escapeXml(box.merged.id)}"` : '',
      node.members ? `data-members="${escapeXml(JSON.stringify(node.members))}"` : '',
      // A turn the page opens and closes on a click.
      turn ? `data-collapse="${escapeXml(turn.id)}"` : '',
    ].filter(Boolean);
    out.push(`<g ${attrs.join(' ')}>`);
    out.push(`<title>${escapeXml(node.members ? `${node.label}: ${node.members.join(', ')}` : node.id)}</title>`);
    const rect = (cls: string, inset: number, shift = 0) =>
      `<rect class="${cls}" x="${num(at.x + inset + shift)}" y="${num(at.y + inset + shift)}" width="${num(at.width - 2 * inset)}" height="${num(at.height - 2 * inset)}" rx="${leaf ? 6 : 8}"/>`;
    // A folded region is a stack of regions: a second border behind it.
    if (node.members) out.push(rect('stack', 0, -4));
    out.push(rect('outer', 0));
    if (node.kind === 'final') out.push(rect('inner', 3));
    const textX = leaf ? at.x + padX : at.x + 10;
    const baseline = at.y + padY + fontSize + (leaf ? 0 : 4);
    out.push(`<text class="name" x="${num(textX)}" y="${num(baseline)}">${escapeXml(box.label)}</text>`);
    const lineY = (index: number) => baseline + lineHeight * (index + 1);
    box.lines.forEach((line, index) => {
      if (line.cls === 'internal' || line.cls === 'summary')
        out.push(
          `<text class="${line.cls}" x="${num(textX)}" y="${num(lineY(index))}" xml:space="preserve">${escapeXml(line.text)}</text>`,
        );
    });
    // Argument-driven transitions written in the box: one group each, as the page matches them (from any source, to any target).
    for (const note of new Set(box.lines.flatMap((line) => (line.note ? [line.note] : [])))) {
      const first = box.lines.findIndex((line) => line.note === note);
      const spans = box.lines.flatMap((line, index) =>
        line.note === note
          ? [`<tspan x="${num(textX)}" y="${num(lineY(index))}" xml:space="preserve">${escapeXml(line.text)}</tspan>`]
          : [],
      );
      const attrs = [
        `class="transition transition-argument transition-written transition-note${note.reached === false ? ' unreached' : ''}"`,
        `data-sources="${escapeXml(JSON.stringify(note.sources))}"`,
        `data-targets="${escapeXml(JSON.stringify(note.targets))}"`,
        `data-events="${escapeXml(note.event)}"`,
        `data-rules="${escapeXml(JSON.stringify([note.rule ?? note.event]))}"`,
      ];
      transitionTexts.push(
        `<g ${attrs.join(' ')}><title>${escapeXml(ruleLine([note.event], note.rule))}</title><text class="label note" data-x="${num(textX)}" data-y="${num(lineY(first))}">${spans.join('')}</text></g>`,
      );
    }
    // Transitions written in the box: one group each, drawn over the boxes.
    for (const edge of new Set(box.lines.flatMap((line) => (line.edge ? [line.edge] : [])))) {
      const first = box.lines.findIndex((line) => line.edge === edge);
      const spans = box.lines.flatMap((line, index) =>
        line.edge === edge
          ? [
              `<tspan x="${num(textX)}" y="${num(lineY(index))}"${ruleAttribute(line.rule)} xml:space="preserve">${escapeXml(line.text)}</tspan>`,
            ]
          : [],
      );
      transitionTexts.push(
        `<g ${edgeAttributes(edge, true)}><title>${escapeXml(edge.titles.join('\n'))}</title><text class="label" data-x="${num(textX)}" data-y="${num(lineY(first))}">${spans.join('')}</text></g>`,
      );
    }
    // The box's outer state (a phase drawn with its closed turn, a turn with its one region) is where its parent starts.
    if (initials.has((box.merged ?? node).id))
      out.push(`<circle class="initial" cx="${num(at.x)}" cy="${num(at.y)}" r="6"/>`);
    out.push('</g>');
  }
  out.push(...transitionTexts);

  const byId = new Map(arrows.map((edge) => [edge.id, edge]));
  for (const { edge, origin } of laidEdges) {
    const drawn = byId.get(edge.id);
    if (!drawn) continue;
    out.push(`<g ${edgeAttributes(drawn, false)}>`);
    out.push(`<title>${escapeXml(drawn.titles.join('\n'))}</title>`);
    const points = (edge.sections ?? []).flatMap((section) => [
      section.startPoint,
      ...(section.bendPoints ?? []),
      section.endPoint,
    ]);
    for (const section of edge.sections ?? []) {
      const line = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint];
      const d = line.map((p, i) => `${i === 0 ? 'M' : 'L'}${num(origin.x + p.x)} ${num(origin.y + p.y)}`).join(' ');
      out.push(`<path d="${d}" marker-end="url(#arrow)"/>`);
    }
    for (const label of (edge.labels ?? []) as ElkLabel[]) {
      const box = {
        x: origin.x + (label.x ?? 0),
        y: origin.y + (label.y ?? 0),
        width: label.width ?? 0,
        height: label.height ?? 0,
      };
      // Lines sit against the arrow: right-aligned left of it, centred over or under it.
      const anchor = labelAnchor(
        box,
        points.map((p) => ({ x: origin.x + p.x, y: origin.y + p.y })),
      );
      const x = anchor === 'end' ? box.x + box.width : anchor === 'middle' ? box.x + box.width / 2 : box.x;
      const spans = drawn.lines.map(
        (line, i) =>
          `<tspan x="${num(x)}" y="${num(box.y + fontSize + i * lineHeight)}"${ruleAttribute(drawn.lineRules[i])}>${escapeXml(line)}</tspan>`,
      );
      out.push(
        `<text class="label"${anchor === 'start' ? '' : ` text-anchor="${anchor}"`} data-x="${num(x)}" data-y="${num(box.y + fontSize)}">${spans.join('')}</text>`,
      );
    }
    out.push('</g>');
  }

  const frame = placed.get('graph')!;
  let width = Math.ceil(Math.max(frame.width, ...[...placed.values()].map((box) => box.x + box.width + 12)));
  let height = Math.ceil(Math.max(frame.height, ...[...placed.values()].map((box) => box.y + box.height + 12)));
  if (withLegend) {
    const drawn = drawLegend(legend, width, height, metrics);
    out.push(...drawn.elements);
    width = Math.max(width, drawn.width);
    height = drawn.height;
  }
  const svg = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    // data-explored: the drawing knows which states play reached (those it did not are grey).
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"${graph.root.reached !== undefined ? ' data-explored="true"' : ''}>`,
    `<title>${escapeXml(graph.root.key)}</title>`,
    `<style>${svgStyle(fontSize)}</style>`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="#334155"/></marker></defs>',
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    ...out,
    '</svg>',
    '',
  ].join('\n');
  return { svg, legend };
}
