/**
 * A machine's state tree and transitions as a plain graph, the common ground
 * of the Mermaid and SVG drawings and of the inspector page's chart. It reads
 * the xstate StateNode tree only (guard names, descriptions, the tree's
 * shape), so any xstate v5 machine can be drawn:
 *
 * - one node per state node, nested as in the machine; a compound child of a
 *   parallel state is a *region* (a seat, in a turnchart turn). Regions of
 *   one parallel state that are identical but for their index (a turnchart
 *   turn's seats: same states, same transitions, guard and action params
 *   that differ only in `seat`) are drawn once, as one region
 *   "each player (×N)" (`seats: 'unfold'` draws each). `drawnAs` maps every
 *   state node to the node that draws it;
 * - children in flow order: the initial child first, then the states its
 *   transitions lead to, breadth first (phases in the order play meets them);
 * - one edge per source, target and kind, listing every transition that goes
 *   that way as its event and its rule (the guard's name), labelled
 *   compactly: the rule without the prefix of the box it leaves
 *   (`endPhase · next` leaving phase `draw` for `phases.draw.next`), and
 *   `automatic` for the event of a transition the flow takes by itself
 *   (`automatic · endIf`). `titles` keep the full names;
 * - an edge is `flow` (drawn solid) when its rule leads from its state to
 *   that one target: the declared flow. It is `argument` when the target is
 *   data the transition carries rather than where the chart is:
 *   - a transition of a state into one of its own children, taken from
 *     whichever child is active (a seat region's `setStage` and
 *     `setActivePlayers`);
 *   - one rule (an event under one guard) that leads from one state to
 *     several targets (`setPhase(phase)`, an `endIf` returning `{ next }`,
 *     a `next` function).
 *   By default (`arguments: 'fold'`) argument-driven edges are not drawn but
 *   written in the box they leave from, as notes (`setStage(stage) → any
 *   state`); `'dashed'` draws them, `'none'` leaves them out;
 * - transitions without a target (a move that changes no state, the root's
 *   `*` request handler) are listed on their state, not drawn as edges;
 * - with `reached` (the state node ids some play reached, see reached.ts),
 *   every other node and its edges are marked `reached: false` (drawn grey).
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { argumentEdges, type ChartGraph, type ChartGraphOptions, type ChartNode } from './chart-graph-types';
import { ChartEdges } from './chart-edges';
import { collapseTurns } from './chart-collapse';
import { legendLines } from './chart-legend';
import { writeNotes } from './chart-notes';
import { orderByFlow } from './flow-order';
import { foldLabel, foldSeatRegions, type SeatFolding } from './seat-folding';
import { actionLabels, kindOf } from './state-nodes';
import { callEdges, usesTransition } from './chart-usage';

/** The plain graph of a machine's states and transitions. */
export function chartGraph(machine: AnyStateMachine, options: ChartGraphOptions = {}): ChartGraph {
  const usage = options.all ? undefined : options.usage;
  const argumentMode = usage ? 'none' : argumentEdges(options.arguments);
  const folding = foldSeatRegions(machine.root, (options.seats ?? 'fold') === 'fold');
  const calls = usage ? callEdges(usage, machine) : [];
  const reachedIds = options.reached ?? options.usage?.played?.ids;
  // A state the game's code sends seats to is not claimed unreached: exploration may just not have played that move.
  const named = new Set(calls.map((call) => call.to.id));
  const isReached = (node: AnyStateNode): boolean | undefined => {
    if (!reachedIds) return undefined;
    return [node, ...folding.mirrors(node)].some((at) => reachedIds.has(at.id) || named.has(at.id));
  };

  const nodes = new Map<string, ChartNode>();
  const edges = new ChartEdges(
    argumentMode,
    folding.drawn,
    usage ? (transition, target, fans) => usesTransition(usage, transition, target, fans) : undefined,
  );
  const visit = (node: AnyStateNode, depth: number) => {
    const children = (Object.values(node.states) as AnyStateNode[]).filter((child) => !folding.folded(child));
    const chartNode = chartNodeOf(machine, node, children, folding, isReached(node), depth);
    nodes.set(node.id, chartNode);
    edges.addTransitions(node, chartNode);
    for (const child of children) visit(child, depth + 1);
  };
  visit(machine.root, 0);
  for (const call of calls) edges.addCall(call);
  for (const edge of edges.edges.values())
    if (edge.fromCode) edge.labels = edge.labels.map((label) => `${label} (code only)`);
  if (usage) hideUnused(nodes, edges, machine.root.id);

  // Every state node → the node drawing it.
  const drawnAs = new Map<string, string>();
  const mapAll = (node: AnyStateNode) => {
    drawnAs.set(node.id, folding.drawn(node).id);
    for (const child of Object.values(node.states) as AnyStateNode[]) mapAll(child);
  };
  mapAll(machine.root);

  writeNotes(nodes, edges.notes);
  const edgeList = [...edges.edges.values()];
  if (reachedIds) {
    for (const edge of edgeList) {
      if (nodes.get(edge.source)!.reached === false || nodes.get(edge.target)!.reached === false) edge.reached = false;
    }
  }
  orderByFlow(nodes, edgeList);

  const graph: ChartGraph = {
    root: nodes.get(machine.root.id)!,
    nodes: new Map(),
    edges: edgeList,
    drawnAs,
    legend: [],
    hidden: edges.hidden,
  };
  // Document order again, now that children are in flow order.
  const reorder = (id: string) => {
    const node = nodes.get(id)!;
    graph.nodes.set(id, node);
    node.children.forEach(reorder);
  };
  reorder(machine.root.id);
  if (options.expanded) collapseTurns(graph, new Set(options.expanded));
  graph.legend = legendLines(graph, argumentMode, options.reachedBy ?? options.usage?.played?.description, usage);
  return graph;
}

/**
 * What the game does not use, out of the drawing: the root's bookkeeping (its
 * `*` request gate, `entry / startGame`), and every state no play reached
 * that no drawn arrow leads into and that no box starts in (the `(no phase)`
 * box of a game that always has a phase, a seat's `active` in a game whose
 * seats are always in a stage).
 */
function hideUnused(nodes: Map<string, ChartNode>, edges: ChartEdges, rootId: string): void {
  const root = nodes.get(rootId)!;
  root.internal = [];
  root.actions = [];
  const within = (id: string): Set<string> => {
    const inside = new Set<string>();
    const collect = (at: string) => {
      inside.add(at);
      nodes.get(at)!.children.forEach(collect);
    };
    collect(id);
    return inside;
  };
  for (let removed = true; removed;) {
    removed = false;
    for (const node of [...nodes.values()]) {
      const parent = node.parent === undefined ? undefined : nodes.get(node.parent);
      if (!parent || parent.kind === 'parallel' || parent.initial === node.id || node.reached !== false) continue;
      const inside = within(node.id);
      if ([...edges.edges.values()].some((edge) => inside.has(edge.target) && !inside.has(edge.source))) continue;
      for (const id of inside) nodes.delete(id);
      parent.children = parent.children.filter((id) => id !== node.id);
      for (const [key, edge] of edges.edges)
        if (inside.has(edge.source) || inside.has(edge.target)) edges.edges.delete(key);
      removed = true;
    }
  }
}
/** The drawn node of a state node, its children (those drawn) in declaration order until ordered by flow. */
function chartNodeOf(
  machine: AnyStateMachine,
  node: AnyStateNode,
  children: readonly AnyStateNode[],
  folding: SeatFolding,
  reached: boolean | undefined,
  depth: number,
): ChartNode {
  const initialTarget = node.type === 'compound' ? node.initial?.target?.[0] : undefined;
  const group = folding.group(node);
  const allSiblings =
    group !== undefined && node.parent !== undefined && group.length === Object.keys(node.parent.states).length;
  return {
    id: node.id,
    key: node.parent ? node.key : machine.id,
    label: group
      ? foldLabel(
          group.map((member) => member.key),
          allSiblings,
        )
      : node.parent
        ? node.key
        : machine.id,
    kind: kindOf(node),
    ...(node.parent ? { parent: node.parent.id } : {}),
    children: children.map((child) => child.id),
    ...(initialTarget ? { initial: initialTarget.id } : {}),
    internal: [],
    actions: [...actionLabels('entry', node.entry), ...actionLabels('exit', node.exit)],
    notes: [],
    ...(group ? { members: group.map((member) => member.id) } : {}),
    ...(reached !== undefined ? { reached } : {}),
    depth,
  };
}
