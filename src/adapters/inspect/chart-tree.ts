/**
 * The chart's tree as the inspector page needs it: every state node of the
 * machine (so a state value maps to node ids), each with the drawn box it
 * appears in. Identical seat regions are drawn once (chart-graph.ts): a state
 * of seat 3 is drawn in seat 0's box, and the page marks which seats are in it;
 * a turn drawn closed (chart-collapse.ts) draws every state inside it.
 */
import { getStateNodes, type AnyStateMachine, type AnyStateNode } from 'xstate';
import type { Game } from '../../machines';
import { chartGraph } from '../diagram/chart-graph';
import { collapsibleIds } from '../diagram/chart-collapse';
import { chartUsage } from '../diagram/chart-usage';
import type { ReachedStates } from '../diagram/reached';
import { drawSvg } from '../diagram/svg';
import { FIT_MIN } from './page/zoom';
import type { ChartTreeNode, ServerMessage } from './protocol';

export type ChartMessage = Extract<ServerMessage, { type: 'turnchart.chart' }>;

/** The page's chart pane in a 1440×900 window (page-html.ts: less its 360 px aside, header and padding): what a chart is laid out for unless the page names its own. */
export const PAGE_PANE = { width: 1063, height: 842 } as const;

/**
 * The page's chart: the export's drawing (the same layout as
 * `turnchart diagram --out chart.svg`, without its legend, which the page
 * lists apart), only the rules `game` uses (with `played`, what play found
 * too, and the states it did not reach grey), and the state tree. With
 * `expanded`, every turn but those is drawn closed (the page opens them on
 * a click).
 */
export async function chartMessage(
  machine: AnyStateMachine,
  options: {
    game?: Game;
    played?: ReachedStates;
    expanded?: readonly string[];
    /** With `expanded`: the pane the chart is laid out for (default PAGE_PANE). */
    pane?: { width: number; height: number };
  } = {},
): Promise<ChartMessage> {
  const usage = options.game ? chartUsage(options.game, options.played) : undefined;
  const pane = options.pane ?? PAGE_PANE;
  // Laid out to be drawn whole at the page's smallest text where it can.
  const layout = options.expanded ? { expanded: options.expanded, fit: { ...pane, least: FIT_MIN } } : {};
  const drawn = await drawSvg(machine, { legend: false, ...(usage ? { usage } : {}), ...layout });
  const collapsible = collapsibleIds(chartGraph(machine, { ...(usage ? { usage } : {}) }));
  return {
    type: 'turnchart.chart',
    svg: drawn.svg,
    nodes: chartTree(machine, options.expanded),
    legend: drawn.legend,
    collapsible,
    expanded: options.expanded ? collapsible.filter((id) => options.expanded!.includes(id)) : collapsible,
    ...(options.expanded ? { pane: { width: pane.width, height: pane.height } } : {}),
  };
}

/** The turns (parallel states) a state value is in: those a page draws open while the match plays them. */
export function activeTurns(machine: AnyStateMachine, value: unknown): string[] {
  const nodes = getStateNodes(machine.root, value as Parameters<typeof getStateNodes>[1]) as AnyStateNode[];
  return nodes.filter((node) => node.type === 'parallel').map((node) => node.id);
}

export function chartTree(machine: AnyStateMachine, expanded?: readonly string[]): ChartTreeNode[] {
  const { drawnAs } = chartGraph(machine, { arguments: 'none', ...(expanded ? { expanded } : {}) });
  const all = chartGraph(machine, { arguments: 'none', seats: 'unfold' });
  return [...all.nodes.values()].map(({ id, key, parent, children }) => {
    const drawn = drawnAs.get(id);
    return {
      id,
      key,
      ...(parent ? { parent } : {}),
      children,
      ...(drawn !== undefined && drawn !== id ? { drawn } : {}),
    };
  });
}
