/**
 * Where the SVG drawing's boxes and arrows go, by ELK (elkjs, the layered
 * algorithm Stately's visualizer uses) on the chart's hierarchy:
 *
 * - every compound box holds its children, laid out on its own (ELK's
 *   SEPARATE_CHILDREN) when every arrow joins siblings, else the whole
 *   hierarchy is laid out at once;
 * - with `fit` (a pane's size: the inspector page), the packed boxes (the
 *   phases) are laid out each on their own, in each of a few variants (the
 *   direction inside them; a compound box's header above its children or
 *   beside them), and arranged in rows or columns in flow order
 *   (fit-packing.ts); the variant and arrangement drawn largest in the pane
 *   win, and the rest of the chart is laid out around them.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs';
import { bestArrangement, compareFits, type Fit, type Size } from './fit-packing';
import { boxWidth, headerHeight, textWidth, type Box, type Boxes, type DrawnEdge, type Metrics } from './svg-boxes';

export type Placed = { x: number; y: number; width: number; height: number };

export interface Layout {
  /** Each box's absolute place, by ELK id (and `graph` for the whole drawing). */
  placed: Map<string, Placed>;
  /** The arrows ELK routed, each with the origin its points are relative to. */
  edges: { edge: ElkExtendedEdge; origin: { x: number; y: number } }[];
}

type Direction = 'DOWN' | 'RIGHT' | 'UP' | 'LEFT';

/** Where a compound box's header goes: above its children, or beside them (`inner`: only in boxes of leaves; `all`: in every box of a packed part). */
type HeaderPlace = 'top' | 'inner' | 'all';

interface Variant {
  direction: Direction;
  header: HeaderPlace;
}

const FIT_VARIANTS: Variant[] = (['DOWN', 'RIGHT'] as const).flatMap((direction) => (['top', 'inner', 'all'] as const).map((header) => ({ direction, header })));
const MARGIN = 12;

/** The layered layout's options for one level (the whole graph, or one compound box laid out on its own). */
function levelOptions(direction: string, metrics: Metrics): Record<string, string> {
  return {
    'elk.algorithm': 'layered',
    'elk.direction': direction,
    'elk.edgeRouting': 'ORTHOGONAL',
    'elk.edgeLabels.placement': 'CENTER',
    // Children come in flow order (the start phase first, idle first in a seat): the layering follows it.
    'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
    'elk.layered.crossingMinimization.forceNodeModelOrder': 'true',
    'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER',
    'elk.spacing.nodeNode': String(metrics.nodeNode),
    'elk.layered.spacing.nodeNodeBetweenLayers': String(metrics.betweenLayers),
    'elk.spacing.edgeLabel': '3',
    'elk.spacing.edgeNode': String(metrics.edgeNode),
    'elk.layered.spacing.edgeNodeBetweenLayers': String(metrics.edgeNodeBetweenLayers),
    'elk.layered.spacing.edgeEdgeBetweenLayers': String(metrics.edgeEdgeBetweenLayers),
    'elk.spacing.edgeEdge': '8',
  };
}

/** The laid-out parts that no other beats in both width and height. */
function paretoFront(parts: ElkNode[]): ElkNode[] {
  const beats = (a: ElkNode, b: ElkNode) => a.width! <= b.width! && a.height! <= b.height! && (a.width! < b.width! || a.height! < b.height!);
  const front = parts.filter((part) => !parts.some((other) => beats(other, part)));
  return front.filter((part, index) => front.findIndex((other) => other.width === part.width && other.height === part.height) === index);
}

/** Every choice of one variant per part, when there are at most MAX_COMBINATIONS; else one variant for all parts. */
const MAX_COMBINATIONS = 512;
function combinations(choices: ElkNode[][], uniform: ElkNode[][]): ElkNode[][] {
  if (choices.reduce((product, list) => product * list.length, 1) > MAX_COMBINATIONS) return uniform;
  return choices.reduce<ElkNode[][]>((all, list) => all.flatMap((prefix) => list.map((part) => [...prefix, part])), [[]]);
}

function padding(top: number, left: number, side: number): string {
  return `[top=${top},left=${left},bottom=${side},right=${side}]`;
}

export async function layOut(boxes: Boxes, metrics: Metrics, options: { direction?: Direction; fit?: { width: number; height?: number } }): Promise<Layout> {
  const { boxOf, separate, packed } = boxes;
  const guides = new Set(boxes.guides);
  const arrows = [...boxes.arrows, ...boxes.guides];
  const base: Variant = { direction: options.direction ?? 'DOWN', header: 'top' };
  const elkEdge = (edge: DrawnEdge): ElkExtendedEdge => ({
    id: edge.id,
    sources: [boxOf.get(edge.source.id)!.elkId],
    targets: [boxOf.get(edge.target.id)!.elkId],
    labels: edge.lines.length && !guides.has(edge) ? [{ text: edge.lines.join('\n'), width: Math.max(...edge.lines.map((line) => textWidth(line, metrics))) + 4, height: edge.lines.length * metrics.lineHeight }] : [],
  });
  const elkNode = (box: Box, variant: Variant, inPart: boolean): ElkNode => {
    if (box.children.length === 0) return { id: box.elkId, width: boxWidth(box, metrics), height: metrics.lineHeight * (1 + box.lines.length) + 2 * metrics.padY };
    const ofLeaves = box.children.every((child) => child.children.length === 0);
    const beside = inPart && (variant.header === 'all' || (variant.header === 'inner' && ofLeaves));
    const width = boxWidth(box, metrics);
    const height = headerHeight(box, metrics);
    return {
      id: box.elkId,
      children: box.children.map((child) => elkNode(child, variant, inPart)),
      edges: separate ? arrows.filter((edge) => boxOf.get(edge.source.id)!.parent === box).map(elkEdge) : [],
      layoutOptions: {
        ...(separate ? levelOptions(variant.direction, metrics) : {}),
        'elk.padding': beside ? padding(metrics.side + 4, width + 4, metrics.side) : padding(height + 8, metrics.side, metrics.side),
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${width + 8}, ${height + 16})`,
      },
    };
  };
  const layout = async (node: ElkNode, edgesAtTop: ElkExtendedEdge[], direction: Direction): Promise<ElkNode> => {
    const { default: ELK } = await import('elkjs');
    return new ELK().layout({
      id: 'graph',
      layoutOptions: { ...levelOptions(direction, metrics), 'elk.hierarchyHandling': separate ? 'SEPARATE_CHILDREN' : 'INCLUDE_CHILDREN', 'elk.padding': padding(MARGIN, MARGIN, MARGIN) },
      children: [node],
      edges: edgesAtTop,
    });
  };

  const placed = new Map<string, Placed>();
  const edges: Layout['edges'] = [];
  const place = (node: ElkNode, dx: number, dy: number) => {
    const x = dx + (node.x ?? 0);
    const y = dy + (node.y ?? 0);
    placed.set(node.id, { x, y, width: node.width ?? 0, height: node.height ?? 0 });
    for (const edge of (node.edges ?? []) as (ElkExtendedEdge & { container?: string })[]) {
      edges.push({ edge, origin: edge.container && edge.container !== node.id ? { x: 0, y: 0 } : { x, y } });
    }
    for (const child of node.children ?? []) place(child, x, y);
  };

  if (packed && options.fit) {
    // The rest of the chart, with the packed box as one fixed box of the arrangement's size.
    const packedSize = (inner: Size): Size => ({ width: Math.max(inner.width + 2 * metrics.side, boxWidth(packed, metrics) + 8), height: headerHeight(packed, metrics) + 8 + inner.height + metrics.side });
    const rest = (inner: Size, direction: Direction) => {
      const swap = (node: ElkNode): ElkNode => (node.id === packed.elkId ? { id: node.id, ...packedSize(inner) } : { ...node, ...(node.children ? { children: node.children.map(swap) } : {}) });
      return layout(swap(elkNode(boxes.root, { ...base, direction }, false)), [], direction);
    };
    // What the boxes around the packed one add, for each direction of the chart's top level (gameover below the phases, or beside them).
    const nominal = { width: 800, height: 600 };
    const arounds = await Promise.all(
      (['DOWN', 'RIGHT'] as const).map(async (direction) => {
        const laid = await rest(nominal, direction);
        return { direction, around: { width: laid.width! - nominal.width, height: laid.height! - nominal.height } };
      }),
    );
    const pane = { width: options.fit.width, height: options.fit.height ?? Number.POSITIVE_INFINITY };
    // Each part in every variant; a part keeps the variants no other beats in both width and height.
    const laid = await Promise.all(FIT_VARIANTS.map((variant) => Promise.all(packed.children.map(async (child) => (await layout(elkNode(child, variant, true), [], variant.direction)).children![0]))));
    const choices = packed.children.map((_, index) => paretoFront(laid.map((parts) => parts[index])));
    let best: { parts: ElkNode[]; arrangement: Fit; direction: Direction } | undefined;
    for (const parts of combinations(choices, laid)) {
      const sizes = parts.map((part) => ({ width: part.width!, height: part.height! }));
      for (const { direction, around } of arounds) {
        const arrangement = bestArrangement(sizes, pane, around, metrics.gap);
        if (!best || compareFits(arrangement, best.arrangement) < 0) best = { parts, arrangement, direction };
      }
    }
    const { parts, arrangement, direction } = best!;
    place(await rest(arrangement, direction), 0, 0);
    const frame = placed.get(packed.elkId)!;
    const origin = { x: frame.x + metrics.side, y: frame.y + headerHeight(packed, metrics) + 8 };
    parts.forEach((part, index) => place({ ...part, x: 0, y: 0 }, origin.x + arrangement.positions[index].x, origin.y + arrangement.positions[index].y));
    return { placed, edges };
  }

  const topEdges = separate ? arrows.filter((edge) => boxOf.get(edge.source.id)!.parent === undefined) : arrows;
  place(await layout(elkNode(boxes.root, base, false), topEdges.map(elkEdge), base.direction), 0, 0);
  if (!separate) {
    // Laid out at once: ELK gives each edge relative to the box it chose (its `container`).
    for (const item of edges) {
      const container = (item.edge as { container?: string }).container;
      if (container) item.origin = placed.get(container) ?? item.origin;
    }
  }
  return { placed, edges };
}
