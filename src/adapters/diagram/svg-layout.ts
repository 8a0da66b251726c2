/**
 * Where the SVG drawing's boxes and arrows go, by ELK (elkjs, the layered
 * algorithm Stately's visualizer uses) on the chart's hierarchy:
 *
 * - every compound box holds its children, laid out on its own (ELK's
 *   SEPARATE_CHILDREN) when every arrow joins siblings, else the whole
 *   hierarchy is laid out at once;
 * - unless a direction is given, the chart is laid out a few ways (the phases
 *   top to bottom or left to right; inside them, the seats' states top to
 *   bottom or left to right) and the one drawn largest in the pane it is
 *   meant for wins, among those at most MAX_HEIGHT tall: a tall chart lays
 *   its phases side by side. The export and the inspector page draw the same
 *   layout.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs';
import { boxWidth, headerHeight, textWidth, type Box, type Boxes, type DrawnEdge, type Metrics } from './svg-boxes';

export type Placed = { x: number; y: number; width: number; height: number };

export interface Layout {
  /** Each box's absolute place, by ELK id (and `graph` for the whole drawing). */
  placed: Map<string, Placed>;
  /** The arrows ELK routed, each with the origin its points are relative to. */
  edges: { edge: ElkExtendedEdge; origin: { x: number; y: number } }[];
}

export type Direction = 'DOWN' | 'RIGHT' | 'UP' | 'LEFT';

/** The pane a chart is laid out for when none is given: the inspector's chart pane beside its side panel. */
export const DEFAULT_PANE = { width: 950, height: 850 } as const;
/** The tallest drawing a layout may make when a shorter one exists (12 px text). */
export const MAX_HEIGHT = 1600;
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
    'elk.spacing.edgeLabel': '2',
    'elk.spacing.edgeNode': String(metrics.edgeNode),
    'elk.layered.spacing.edgeNodeBetweenLayers': String(metrics.edgeNodeBetweenLayers),
    'elk.layered.spacing.edgeEdgeBetweenLayers': String(metrics.edgeEdgeBetweenLayers),
    'elk.spacing.edgeEdge': '8',
  };
}

function padding(top: number, left: number, side: number): string {
  return `[top=${top},left=${left},bottom=${side},right=${side}]`;
}

/** The directions of one layout: of the boxes of boxes (the root, the phases), and of the boxes of states (a seat). */
interface Directions {
  outer: Direction;
  inner: Direction;
  /** Wrap the boxes of boxes into rows (ELK's graph wrapping) at this aspect ratio. */
  wrap?: number;
  /** The root's own direction, when not `outer`: the phases in rows, the game's end under them. */
  top?: Direction;
}

async function layOutOnce(boxes: Boxes, metrics: Metrics, directions: Directions): Promise<Layout> {
  const { boxOf, separate } = boxes;
  const elkEdge = (edge: DrawnEdge): ElkExtendedEdge => ({
    id: edge.id,
    sources: [boxOf.get(edge.source.id)!.elkId],
    targets: [boxOf.get(edge.target.id)!.elkId],
    labels: edge.lines.length
      ? [
          {
            text: edge.lines.join('\n'),
            width: Math.max(...edge.lines.map((line) => textWidth(line, metrics))) + 4,
            height: edge.lines.length * metrics.lineHeight,
          },
        ]
      : [],
  });
  const directionOf = (box: Box) =>
    box === boxes.root && directions.top
      ? directions.top
      : box.children.some((child) => child.children.length > 0)
        ? directions.outer
        : directions.inner;
  const elkNode = (box: Box): ElkNode => {
    if (box.children.length === 0)
      return {
        id: box.elkId,
        width: boxWidth(box, metrics),
        height: metrics.lineHeight * (1 + box.lines.length) + 2 * metrics.padY,
      };
    const width = boxWidth(box, metrics);
    const height = headerHeight(box, metrics);
    return {
      id: box.elkId,
      children: box.children.map(elkNode),
      edges: separate ? boxes.arrows.filter((edge) => boxOf.get(edge.source.id)!.parent === box).map(elkEdge) : [],
      layoutOptions: {
        ...(separate ? levelOptions(directionOf(box), metrics) : {}),
        ...(separate && directions.wrap && directionOf(box) === directions.outer && box.parent
          ? {
              'elk.layered.wrapping.strategy': 'MULTI_EDGE',
              'elk.aspectRatio': String(directions.wrap),
              'elk.layered.wrapping.additionalEdgeSpacing': '10',
            }
          : {}),
        'elk.padding': padding(height + 8, metrics.side, metrics.side),
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${width + 8}, ${height + 16})`,
      },
    };
  };
  const topEdges = separate
    ? boxes.arrows.filter((edge) => boxOf.get(edge.source.id)!.parent === undefined)
    : boxes.arrows;
  const { default: ELK } = await import('elkjs');
  const laid = await new ELK().layout({
    id: 'graph',
    layoutOptions: {
      ...levelOptions(separate ? directions.outer : directions.inner, metrics),
      'elk.hierarchyHandling': separate ? 'SEPARATE_CHILDREN' : 'INCLUDE_CHILDREN',
      'elk.padding': padding(MARGIN, MARGIN, MARGIN),
    },
    children: [elkNode(boxes.root)],
    edges: topEdges.map(elkEdge),
  });

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
  place(laid, 0, 0);
  if (!separate) {
    // Laid out at once: ELK gives each edge relative to the box it chose (its `container`).
    for (const item of edges) {
      const container = (item.edge as { container?: string }).container;
      if (container) item.origin = placed.get(container) ?? item.origin;
    }
  }
  return { placed, edges };
}

/** The scale a pane shows a drawing whole at. */
function paneScale(placed: Placed, pane: { width: number; height: number }): number {
  return Math.min(pane.width / placed.width, pane.height / placed.height);
}

export async function layOut(
  boxes: Boxes,
  metrics: Metrics,
  options: {
    direction?: Direction;
    pane?: { width: number; height: number };
    /** What is drawn below the chart (the legend), for a chart of that width. */
    extraHeight?: (width: number) => number;
    /** Take the first way drawn whole in the pane at this scale or more (a page's smallest legible scale). */
    least?: number;
  },
): Promise<Layout> {
  if (options.direction) return layOutOnce(boxes, metrics, { outer: options.direction, inner: options.direction });
  const pane = options.pane ?? DEFAULT_PANE;
  const choices: Directions[] = boxes.separate
    ? [
        { outer: 'DOWN', inner: 'DOWN' },
        { outer: 'DOWN', inner: 'RIGHT' },
        { outer: 'RIGHT', inner: 'DOWN' },
        { outer: 'RIGHT', inner: 'RIGHT' },
        { outer: 'RIGHT', inner: 'DOWN', wrap: pane.width / pane.height },
        { outer: 'RIGHT', inner: 'RIGHT', wrap: pane.width / pane.height },
        { outer: 'DOWN', inner: 'RIGHT', wrap: pane.width / pane.height },
        { outer: 'RIGHT', inner: 'DOWN', wrap: pane.width / pane.height, top: 'DOWN' },
        { outer: 'RIGHT', inner: 'RIGHT', wrap: pane.width / pane.height, top: 'DOWN' },
      ]
    : [
        { outer: 'DOWN', inner: 'DOWN' },
        { outer: 'RIGHT', inner: 'RIGHT' },
      ];
  type Tried = { layout: Layout; tall: boolean; scale: number };
  const least = options.least ?? Infinity;
  // Top to bottom unless another way is clearly larger in the pane: it reads in the order play goes. With `least`,
  // the first way whole in the pane at that scale wins.
  const better = (tried: Tried, best: Tried) =>
    best.tall !== tried.tall
      ? best.tall
      : tried.scale >= least !== best.scale >= least
        ? tried.scale >= least
        : best.scale < least && tried.scale > best.scale * 1.15;
  let best: Tried | undefined;
  for (const directions of choices) {
    const layout = await layOutOnce(boxes, metrics, directions);
    const frame = layout.placed.get('graph')!;
    const size = { ...frame, height: frame.height + (options.extraHeight?.(frame.width) ?? 0) };
    const tried = { layout, tall: size.height > MAX_HEIGHT, scale: paneScale(size, pane) };
    if (!best || better(tried, best)) best = tried;
    if (!best.tall && best.scale >= Math.min(least, directions === choices[0] ? 1 : least)) break;
  }
  return best!.layout;
}
