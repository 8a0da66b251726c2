/**
 * A machine's state tree and transitions as a plain graph, the common ground
 * of the Mermaid and SVG drawings. It reads the xstate StateNode tree only
 * (no turnchart internals), so any xstate v5 machine can be drawn:
 *
 * - one node per state node, nested as in the machine; a compound child of a
 *   parallel state is a *region* (a seat, in a turnchart turn);
 * - one edge per source, target and kind, listing every transition that goes
 *   that way as its event and its rule (the guard's name):
 *   `endPhase · phases.draw.next`;
 * - an edge is `flow` (drawn solid) when its rule leads from its state to
 *   that one target: the declared flow. It is `argument` (dashed) when the
 *   target is data the transition carries rather than where the chart is:
 *   - a transition of a state into one of its own children, taken from
 *     whichever child is active (a seat region's `setStage` and
 *     `setActivePlayers`), drawn once, from the state's boundary;
 *   - one rule (an event under one guard) that leads from one state to
 *     several targets (`setPhase(phase)`, an `endIf` returning `{ next }`,
 *     a `next` function).
 * - transitions without a target (a move that changes no state, the root's
 *   `*` request handler) are listed on their state, not drawn as edges.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

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

/** `flow`: a declared rule's one target (solid); `argument`: a target chosen by data (dashed). */
export type ChartEdgeKind = 'flow' | 'argument';

/** One transition of an edge: its event and the name of its guard (none when unguarded). */
export interface ChartEdgeRule {
  event: string;
  rule?: string;
}

export interface ChartEdge {
  source: string;
  target: string;
  /** The distinct events of the edge's transitions, in order. */
  events: string[];
  /** Every (event, rule) pair of the edge, in order, without repeats. */
  rules: ChartEdgeRule[];
  /** The label, one line per rule: `endPhase, pass · phases.draw.next`, `setPhase(phase)`, `maxMoves`. */
  labels: string[];
  kind: ChartEdgeKind;
}

export interface ChartGraph {
  root: ChartNode;
  /** Every node, in document order (parents before children). */
  nodes: Map<string, ChartNode>;
  edges: ChartEdge[];
}

export interface ChartGraphOptions {
  /** Keep the argument-driven edges (default true). Big games read better without them. */
  arguments?: boolean;
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

/** A guard's name: the string, or the `type` of a parameterised guard (an inline function has none). */
export function ruleName(guard: unknown): string | undefined {
  if (guard === undefined || guard === null || typeof guard === 'function') return undefined;
  if (typeof guard === 'string') return guard;
  const type = (guard as { type?: unknown }).type;
  return typeof type === 'string' ? type : undefined;
}

/**
 * One label line for the events taken under one rule. The rule alone when
 * it names its only event (`maxMoves`) or is that event called with its
 * argument (`setPhase(phase)`).
 */
export function ruleLine(events: readonly string[], rule: string | undefined): string {
  if (rule === undefined) return events.join(', ');
  if (events.length === 1 && (rule === events[0] || rule.startsWith(`${events[0]}(`))) return rule;
  return `${events.join(', ')} · ${rule}`;
}

/** An edge's label lines: its transitions grouped by rule, in order of first appearance. */
export function edgeLabels(rules: readonly ChartEdgeRule[]): string[] {
  const groups = new Map<string | undefined, string[]>();
  for (const { event, rule } of rules) {
    const events = groups.get(rule) ?? [];
    if (!events.includes(event)) events.push(event);
    groups.set(rule, events);
  }
  return [...groups].map(([rule, events]) => ruleLine(events, rule));
}

/** `entry / <name>` labels: a turnchart hook marker shows its config location, other actions their type. */
function actionLabels(when: 'entry' | 'exit', actions: readonly unknown[]): string[] {
  return actions.map((action) => {
    const a = action as { type?: string; params?: { hook?: string } } | string;
    const name = typeof a === 'string' ? a : a.params?.hook ?? a.type ?? 'action';
    return `${when} / ${name}`;
  });
}

function eventOf(transition: AnyTransitionDefinition): string {
  return transition.eventType === '' ? 'always' : String(transition.eventType);
}

/** The plain graph of a machine's states and transitions. */
export function chartGraph(machine: AnyStateMachine, options: ChartGraphOptions = {}): ChartGraph {
  const withArguments = options.arguments ?? true;
  const nodes = new Map<string, ChartNode>();
  const edges = new Map<string, ChartEdge>();

  const addEdge = (source: AnyStateNode, target: AnyStateNode, rule: ChartEdgeRule, kind: ChartEdgeKind) => {
    if (kind === 'argument' && !withArguments) return;
    const key = JSON.stringify([source.id, target.id, kind]);
    let edge = edges.get(key);
    if (!edge) edges.set(key, (edge = { source: source.id, target: target.id, events: [], rules: [], labels: [], kind }));
    if (!edge.events.includes(rule.event)) edge.events.push(rule.event);
    if (!edge.rules.some((known) => known.event === rule.event && known.rule === rule.rule)) edge.rules.push(rule);
    edge.labels = edgeLabels(edge.rules);
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
    // How many targets each rule (event and guard) leads to from this state: more than one makes it data-driven.
    const fanOut = new Map<string, Set<string>>();
    const ruleKey = (transition: AnyTransitionDefinition) => JSON.stringify([eventOf(transition), ruleName(transition.guard) ?? null]);
    for (const transition of transitions) {
      if (!transition.target?.length) continue;
      const targets = fanOut.get(ruleKey(transition)) ?? new Set<string>();
      targets.add(transition.target.map((target) => target.id).join('\n'));
      fanOut.set(ruleKey(transition), targets);
    }
    for (const transition of transitions) {
      const event = eventOf(transition);
      const targets = transition.target ?? [];
      if (targets.length === 0) {
        if (!chartNode.internal.includes(event)) chartNode.internal.push(event);
        continue;
      }
      const rule: ChartEdgeRule = { event, ...(ruleName(transition.guard) !== undefined ? { rule: ruleName(transition.guard) } : {}) };
      const fans = fanOut.get(ruleKey(transition))!.size > 1;
      for (const target of targets) addEdge(node, target, rule, fans || isDescendant(target, node) ? 'argument' : 'flow');
    }
    for (const child of children) visit(child, depth + 1);
  };
  visit(machine.root, 0);

  return { root: nodes.get(machine.root.id)!, nodes, edges: [...edges.values()] };
}
