/**
 * A machine's state tree and transitions as a plain graph, the common ground
 * of the Mermaid and SVG drawings. It reads the xstate StateNode tree only
 * (no turnchart internals), so any xstate v5 machine can be drawn:
 *
 * - one node per state node, nested as in the machine; a compound child of a
 *   parallel state is a *region* (a seat, in a turnchart turn);
 * - one edge per (source, target) pair, labelled with every event that goes
 *   that way: the many guarded transitions of one event between the same two
 *   states (turnchart routes seats and phases with one guarded transition per
 *   possible target) become one edge;
 * - a transition declared on a compound state whose target is one of its own
 *   children ("from whichever child is active, go to that child") is drawn
 *   from each of the other children: that is how a seat region's routing
 *   reads on a picture. A child never routes to itself that way in
 *   turnchart (a seat is only routed when its state changes), so those
 *   self-loops are left out;
 * - transitions without a target (a move that changes no state, the root's
 *   `*` request handler) are listed on their state, not drawn as edges.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';

export type ChartNodeKind = 'root' | 'compound' | 'parallel' | 'region' | 'atomic' | 'final' | 'history';

export interface ChartNode {
  /** The xstate state node id (unique in the machine). */
  id: string;
  /** The state's key in its parent (the machine id for the root). */
  key: string;
  kind: ChartNodeKind;
  parent?: string;
  children: string[];
  /** The child entered first, for a compound state. */
  initial?: string;
  /** Events handled without leaving the state (targetless transitions), in order. */
  internal: string[];
  /** Entry and exit actions, e.g. `entry / turn.stages.discard.onBegin` (turnchart shows game hooks this way). */
  actions: string[];
  depth: number;
}

/**
 * `routing` edges are the per-seat ones: a region routing its seat between
 * its states, or a parallel state passing the turn straight to a state
 * inside one of its regions. Everything else is `flow`.
 */
export type ChartEdgeKind = 'flow' | 'routing';

export interface ChartEdge {
  source: string;
  target: string;
  events: string[];
  kind: ChartEdgeKind;
}

export interface ChartGraph {
  root: ChartNode;
  /** Every node, in document order (parents before children). */
  nodes: Map<string, ChartNode>;
  edges: ChartEdge[];
}

export interface ChartGraphOptions {
  /** Keep the per-seat routing edges (default true). Big games read better without them. */
  routing?: boolean;
}

function kindOf(node: AnyStateNode): ChartNodeKind {
  if (!node.parent) return 'root';
  if (node.type === 'compound' && node.parent.type === 'parallel') return 'region';
  return node.type;
}

function isDescendant(node: AnyStateNode, ancestor: AnyStateNode): boolean {
  for (let at = node.parent; at; at = at.parent) if (at === ancestor) return true;
  return false;
}

function isRoutingEdge(source: AnyStateNode, target: AnyStateNode): boolean {
  if (kindOf(source) === 'region') return true;
  return source.type === 'parallel' && isDescendant(target, source);
}

/** `entry / <name>` labels: a turnchart hook marker shows its config location, other actions their type. */
function actionLabels(when: 'entry' | 'exit', actions: readonly unknown[]): string[] {
  return actions.map((action) => {
    const a = action as { type?: string; params?: { hook?: string } } | string;
    const name = typeof a === 'string' ? a : a.params?.hook ?? a.type ?? 'action';
    return `${when} / ${name}`;
  });
}

/** The plain graph of a machine's states and transitions. */
export function chartGraph(machine: AnyStateMachine, options: ChartGraphOptions = {}): ChartGraph {
  const routing = options.routing ?? true;
  const nodes = new Map<string, ChartNode>();
  const edges = new Map<string, ChartEdge>();

  const addEdge = (source: AnyStateNode, target: AnyStateNode, event: string, kind: ChartEdgeKind) => {
    if (kind === 'routing' && !routing) return;
    const key = JSON.stringify([source.id, target.id, kind]);
    let edge = edges.get(key);
    if (!edge) edges.set(key, (edge = { source: source.id, target: target.id, events: [], kind }));
    if (!edge.events.includes(event)) edge.events.push(event);
  };

  const visit = (node: AnyStateNode, depth: number) => {
    const children = Object.values(node.states) as AnyStateNode[];
    const initialTarget = node.type === 'compound' ? node.initial?.target?.[0] : undefined;
    const chartNode: ChartNode = {
      id: node.id,
      key: node.parent ? node.key : machine.id,
      kind: kindOf(node),
      ...(node.parent ? { parent: node.parent.id } : {}),
      children: children.map((child) => child.id),
      ...(initialTarget ? { initial: initialTarget.id } : {}),
      internal: [],
      actions: [...actionLabels('entry', node.entry), ...actionLabels('exit', node.exit)],
      depth,
    };
    nodes.set(node.id, chartNode);

    const transitions = [...node.transitions.values()].flat();
    if (node.always) transitions.push(...node.always);
    for (const transition of transitions) {
      const event = transition.eventType === '' ? 'always' : String(transition.eventType);
      const targets = transition.target ?? [];
      if (targets.length === 0) {
        if (!chartNode.internal.includes(event)) chartNode.internal.push(event);
        continue;
      }
      for (const target of targets) {
        const kind = isRoutingEdge(node, target) ? 'routing' : 'flow';
        if (target.parent === node && node.type === 'compound') {
          for (const from of children) if (from !== target) addEdge(from, target, event, kind);
        } else {
          addEdge(node, target, event, kind);
        }
      }
    }
    for (const child of children) visit(child, depth + 1);
  };
  visit(machine.root, 0);

  return { root: nodes.get(machine.root.id)!, nodes, edges: [...edges.values()] };
}
