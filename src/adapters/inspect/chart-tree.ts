/**
 * The chart's tree as the inspector page needs it: every state node of the
 * machine (so a state value maps to node ids), each with the drawn box it
 * appears in. Identical seat regions are drawn once (chart-graph.ts): a state
 * of seat 3 is drawn in seat 0's box, and the page marks which seats are in it.
 */
import type { AnyStateMachine } from 'xstate';
import type { Game } from '../../machines/rules/types';
import { chartGraph } from '../diagram/chart-graph';
import { chartUsage } from '../diagram/chart-usage';
import type { ReachedStates } from '../diagram/reached';
import { drawSvg } from '../diagram/svg';
import type { ChartTreeNode, ServerMessage } from './protocol';

/**
 * The page's chart: the export's drawing (the same layout as
 * `turnchart diagram --out chart.svg`, without its legend, which the page
 * lists apart), only the rules `game` uses (with `played`, what play found
 * too, and the states it did not reach grey), and the state tree.
 */
export async function chartMessage(
  machine: AnyStateMachine,
  options: { game?: Game; played?: ReachedStates } = {},
): Promise<Extract<ServerMessage, { type: 'turnchart.chart' }>> {
  const usage = options.game ? chartUsage(options.game, options.played) : undefined;
  const drawn = await drawSvg(machine, { legend: false, ...(usage ? { usage } : {}) });
  return { type: 'turnchart.chart', svg: drawn.svg, nodes: chartTree(machine), legend: drawn.legend };
}

export function chartTree(machine: AnyStateMachine): ChartTreeNode[] {
  const { drawnAs } = chartGraph(machine, { arguments: 'none' });
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
