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
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

export type ChartNodeKind = 'root' | 'compound' | 'parallel' | 'region' | 'atomic' | 'final' | 'history';

export interface ChartNode {
  /** The xstate state node id (unique in the machine); for a folded region, its first region's. */
  id: string;
  /** The state's key in its parent (the machine id for the root). */
  key: string;
  /** The name to show: the key, or `each player (×6)` for folded regions. */
  label: string;
  kind: ChartNodeKind;
  parent?: string;
  /** Drawn children, in flow order. */
  children: string[];
  /** The child entered first, for a compound state. */
  initial?: string;
  /** Events handled without leaving the state (targetless transitions), in order. */
  internal: string[];
  /** Entry and exit actions, e.g. `entry / turn.stages.discard.onBegin` (turnchart shows game hooks this way). */
  actions: string[];
  /** Argument-driven edges folded into the box they leave from (see ChartNote). */
  notes: ChartNote[];
  /** For a folded region: the ids of the regions it stands for (itself first). */
  members?: string[];
  /** False when `reached` was given and no play reached this state (nor, folded, any of its members). */
  reached?: boolean;
  depth: number;
}

/** Argument-driven transitions written in a box: from its state (or, hoisted, from every child of it) to any of `targets`. */
export interface ChartNote {
  /** `setStage(stage) → active, discard`, `setActivePlayers(set) → any state`. */
  text: string;
  event: string;
  rule?: string;
  /** The drawn states they leave (the box's own, or every child's when written on the parent). */
  sources: string[];
  /** The drawn states they may lead to. */
  targets: string[];
  reached?: boolean;
}

/** `flow`: a declared rule's one target (solid); `argument`: a target chosen by data (dashed). */
export type ChartEdgeKind = 'flow' | 'argument';

/** One transition of an edge: its event, the name of its guard (none when unguarded), whether the flow takes it by itself. */
export interface ChartEdgeRule {
  event: string;
  rule?: string;
  automatic?: boolean;
}

export interface ChartEdge {
  source: string;
  target: string;
  /** The distinct events of the edge's transitions, in order. */
  events: string[];
  /** Every (event, rule) pair of the edge, in order, without repeats. */
  rules: ChartEdgeRule[];
  /** The label, one compact line per rule: `endPhase, pass · next`, `automatic · endIf`, `setPhase(phase)`, `maxMoves`. */
  labels: string[];
  /** The same lines with the rules' full names: `endPhase, pass · phases.draw.next`. */
  titles: string[];
  kind: ChartEdgeKind;
  /** False when `reached` was given and its source or target was not reached. */
  reached?: boolean;
}

/** How argument-driven edges are shown: written in their source's box (`fold`), drawn dashed, or left out. */
export type ArgumentEdges = 'fold' | 'dashed' | 'none';

export interface ChartGraph {
  root: ChartNode;
  /** Every drawn node, in document order (parents before children, children in flow order). */
  nodes: Map<string, ChartNode>;
  edges: ChartEdge[];
  /** Every state node id of the machine → the id of the node that draws it (itself unless folded). */
  drawnAs: Map<string, string>;
  /** What the drawing shows, one line per convention used (for a legend). */
  legend: string[];
}

export interface ChartGraphOptions {
  /** Argument-driven edges: `fold` (default), `dashed`, `none`; `true` is `dashed`, `false` is `none`. */
  arguments?: ArgumentEdges | boolean;
  /** Identical seat regions: drawn once (`fold`, default) or each (`unfold`). */
  seats?: 'fold' | 'unfold';
  /** State node ids some play reached: the others are marked `reached: false`. */
  reached?: ReadonlySet<string>;
  /** How `reached` was found, for the legend (`12 explored states`). */
  reachedBy?: string;
}

export function argumentEdges(value: ArgumentEdges | boolean | undefined): ArgumentEdges {
  if (value === true) return 'dashed';
  if (value === false) return 'none';
  return value ?? 'fold';
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

/** Label lines: transitions grouped by rule, in order of first appearance; `automatic` for the flow's own. */
export function edgeLabels(rules: readonly ChartEdgeRule[], name: (rule: string) => string = (rule) => rule): string[] {
  const groups = new Map<string | undefined, { events: string[]; automatic: boolean }>();
  for (const { event, rule, automatic } of rules) {
    const group = groups.get(rule) ?? { events: [], automatic: true };
    if (!group.events.includes(event)) group.events.push(event);
    group.automatic &&= automatic === true;
    groups.set(rule, group);
  }
  return [...groups].map(([rule, { events, automatic }]) => {
    const short = rule === undefined ? undefined : name(rule);
    return automatic && short !== undefined ? `automatic · ${short}` : ruleLine(events, short);
  });
}

/**
 * The prefixes a rule name loses on an edge leaving the state at `path`
 * (turnchart's config locations: `phases.<phase>.` inside a phase, then
 * `turn.` on the turn itself, `turn.stages.<stage>.` on a stage's state), so
 * `phases.draw.next` leaving `draw` reads `next`. Other machines keep their
 * guard names whole.
 */
function rulePrefixes(path: readonly string[]): string[] {
  if (path[0] !== 'phases' || path.length < 2) return [];
  const phase = path[1] === '(no phase)' ? '(no phase).' : `phases.${path[1]}.`;
  // A phase without a turn of its own plays the game's: its rules are `turn.…`.
  if (path.length === 3 && path[2] === 'turn') return [`${phase}turn.`, 'turn.', phase];
  if (path.length === 5 && path[2] === 'turn')
    return [`${phase}turn.stages.${path[4]}.`, `turn.stages.${path[4]}.`, phase];
  return [phase];
}

/** A rule's name as written on an edge leaving the state at `path`. */
export function shortRule(rule: string, path: readonly string[]): string {
  for (const prefix of rulePrefixes(path))
    if (rule.startsWith(prefix) && rule.length > prefix.length) return rule.slice(prefix.length);
  return rule;
}

/** `entry / <name>` labels: a turnchart hook marker shows its config location, other actions their type. */
function actionLabels(when: 'entry' | 'exit', actions: readonly unknown[]): string[] {
  return actions.map((action) => {
    const a = action as { type?: string; params?: { hook?: string } } | string;
    const name = typeof a === 'string' ? a : (a.params?.hook ?? a.type ?? 'action');
    return `${when} / ${name}`;
  });
}

function eventOf(transition: AnyTransitionDefinition): string {
  return transition.eventType === '' ? 'always' : String(transition.eventType);
}

/** A transition the flow takes by itself: its description says so (turnchart's endIfs and limits), or boardgame.io's loop stop. */
function isAutomatic(transition: AnyTransitionDefinition, rule: string | undefined): boolean {
  const description = (transition as { description?: unknown }).description;
  return (
    (typeof description === 'string' && /^automatic\b/.test(description)) ||
    (rule !== undefined && rule.endsWith('(loop stop)'))
  );
}

function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  const transitions = [...node.transitions.values()].flat();
  if (node.always) transitions.push(...node.always);
  return transitions;
}

// ---------------------------------------------------------------- seat folding

/** Params without the region's own index under `seat` (`{ seat: 2, to: 'idle' }` → `{ to: 'idle' }`). */
function seatFree(params: unknown, index: number): unknown {
  if (params === null || typeof params !== 'object') return params;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params))
    if (!(key === 'seat' && (value === index || value === String(index)))) out[key] = value;
  return out;
}

function guardShape(guard: unknown, index: number): unknown {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'function') return `fn:${guard.name}`;
  if (typeof guard === 'string') return guard;
  const { type, params } = guard as { type?: unknown; params?: unknown };
  return [typeof type === 'function' ? `fn:${type.name}` : type, seatFree(params, index)];
}

function actionShape(action: unknown, index: number): unknown {
  if (typeof action === 'function') return `fn:${action.name}`;
  if (action === null || typeof action !== 'object') return action;
  const { type, params } = action as { type?: unknown; params?: unknown };
  return [typeof type === 'function' ? `fn:${type.name}` : type, seatFree(params, index)];
}

/**
 * What a region is, without its index: its states, their transitions (event,
 * guard, targets relative to the region, actions) and entry / exit actions,
 * with the index's `seat` params left out. Two regions with one signature
 * behave alike but for their seat.
 */
function regionSignature(region: AnyStateNode, index: number): string {
  const base = region.path.length;
  const where = (target: AnyStateNode) =>
    isDescendant(target, region) || target === region ? `.${target.path.slice(base).join('.')}` : `#${target.id}`;
  const shape = (node: AnyStateNode): unknown => [
    node.key === region.key ? '' : node.key,
    node.type,
    node.initial?.target?.map(where) ?? null,
    node.entry.map((a: unknown) => actionShape(a, index)),
    node.exit.map((a: unknown) => actionShape(a, index)),
    transitionsOf(node).map((t) => [
      eventOf(t),
      guardShape(t.guard, index),
      (t.target ?? []).map(where),
      t.reenter ?? false,
      (t.actions ?? []).map((a: unknown) => actionShape(a, index)),
    ]),
    (Object.values(node.states) as AnyStateNode[]).map(shape),
  ];
  return JSON.stringify(shape(region));
}

/** `each player (×4)`, `players 1, 2, 3 (×3)`, or for other machines `left, right (×2)`. */
function foldLabel(keys: readonly string[], all: boolean): string {
  const seats = keys.map((key) => /^player(\d+)$/.exec(key)?.[1]);
  if (seats.every((seat) => seat !== undefined))
    return all ? `each player (×${keys.length})` : `players ${seats.join(', ')} (×${keys.length})`;
  return `${keys.join(', ')} (×${keys.length})`;
}

// ---------------------------------------------------------------- the graph

/** An argument-driven transition on its way into a note: its drawn source, label line, rule, and drawn targets so far. */
interface PendingNote {
  source: AnyStateNode;
  line: string;
  rule: ChartEdgeRule;
  targets: AnyStateNode[];
}

/** The plain graph of a machine's states and transitions. */
export function chartGraph(machine: AnyStateMachine, options: ChartGraphOptions = {}): ChartGraph {
  const argumentMode = argumentEdges(options.arguments);
  const fold = (options.seats ?? 'fold') === 'fold';
  const drawnAs = new Map<string, string>();
  /** The drawn state node standing for a folded region's member (and their descendants). */
  const stateFor = new Map<AnyStateNode, AnyStateNode>();
  const members = new Map<AnyStateNode, AnyStateNode[]>();

  // Which regions fold into which: first, every parallel state's regions grouped by signature.
  const groupRegions = (node: AnyStateNode) => {
    const children = Object.values(node.states) as AnyStateNode[];
    if (fold && node.type === 'parallel' && children.length > 1) {
      const groups = new Map<string, AnyStateNode[]>();
      children.forEach((child, index) => {
        const signature = child.type === 'compound' ? regionSignature(child, index) : `own:${index}`;
        groups.set(signature, [...(groups.get(signature) ?? []), child]);
      });
      for (const group of groups.values()) {
        if (group.length < 2) continue;
        members.set(group[0], group);
        const base = group[0].path.length;
        for (const other of group.slice(1)) {
          const mirror = (at: AnyStateNode) => {
            let drawn: AnyStateNode = group[0];
            for (const key of at.path.slice(base)) drawn = drawn.states[key];
            stateFor.set(at, drawn);
            for (const child of Object.values(at.states) as AnyStateNode[]) mirror(child);
          };
          mirror(other);
        }
      }
    }
    for (const child of children) if (!stateFor.has(child)) groupRegions(child);
  };
  groupRegions(machine.root);
  const drawn = (node: AnyStateNode) => stateFor.get(node) ?? node;

  const reachedIds = options.reached;
  const mirrors = new Map<AnyStateNode, AnyStateNode[]>();
  for (const [at, by] of stateFor) mirrors.set(by, [...(mirrors.get(by) ?? []), at]);
  const isReached = (node: AnyStateNode): boolean | undefined => {
    if (!reachedIds) return undefined;
    return reachedIds.has(node.id) || (mirrors.get(node) ?? []).some((at) => reachedIds.has(at.id));
  };

  const nodes = new Map<string, ChartNode>();
  const edges = new Map<string, ChartEdge>();
  const noteTargets = new Map<string, PendingNote>();

  const addEdge = (source: AnyStateNode, target: AnyStateNode, rule: ChartEdgeRule, kind: ChartEdgeKind) => {
    const from = drawn(source);
    const to = drawn(target);
    if (kind === 'argument' && argumentMode !== 'dashed') {
      if (argumentMode === 'none') return;
      const line = edgeLabels([rule], (name) => shortRule(name, from.path))[0];
      const key = JSON.stringify([from.id, line]);
      const note = noteTargets.get(key) ?? { source: from, line, rule, targets: [] };
      if (!note.targets.includes(to)) note.targets.push(to);
      noteTargets.set(key, note);
      return;
    }
    const key = JSON.stringify([from.id, to.id, kind]);
    let edge = edges.get(key);
    if (!edge)
      edges.set(key, (edge = { source: from.id, target: to.id, events: [], rules: [], labels: [], titles: [], kind }));
    if (!edge.events.includes(rule.event)) edge.events.push(rule.event);
    if (!edge.rules.some((known) => known.event === rule.event && known.rule === rule.rule)) edge.rules.push(rule);
    edge.labels = edgeLabels(edge.rules, (name) => shortRule(name, from.path));
    edge.titles = edgeLabels(
      edge.rules.map(({ event, rule: r }) => ({ event, ...(r !== undefined ? { rule: r } : {}) })),
    );
  };

  const visit = (node: AnyStateNode, depth: number) => {
    const children = (Object.values(node.states) as AnyStateNode[]).filter((child) => !stateFor.has(child));
    const initialTarget = node.type === 'compound' ? node.initial?.target?.[0] : undefined;
    const group = members.get(node);
    const allSiblings =
      group !== undefined && node.parent !== undefined && group.length === Object.keys(node.parent.states).length;
    const reached = isReached(node);
    const chartNode: ChartNode = {
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
    nodes.set(node.id, chartNode);

    const transitions = transitionsOf(node);
    // How many targets each rule (event and guard) leads to from this state: more than one makes it data-driven.
    const fanOut = new Map<string, Set<string>>();
    const ruleKey = (transition: AnyTransitionDefinition) =>
      JSON.stringify([eventOf(transition), ruleName(transition.guard) ?? null]);
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
      const name = ruleName(transition.guard);
      const rule: ChartEdgeRule = {
        event,
        ...(name !== undefined ? { rule: name } : {}),
        ...(isAutomatic(transition, name) ? { automatic: true } : {}),
      };
      const fans = fanOut.get(ruleKey(transition))!.size > 1;
      for (const target of targets)
        addEdge(node, target, rule, fans || isDescendant(target, node) ? 'argument' : 'flow');
    }
    for (const child of children) visit(child, depth + 1);
  };
  visit(machine.root, 0);

  // Every state node → the node drawing it.
  const mapAll = (node: AnyStateNode) => {
    drawnAs.set(node.id, drawn(node).id);
    for (const child of Object.values(node.states) as AnyStateNode[]) mapAll(child);
  };
  mapAll(machine.root);

  writeNotes(nodes, noteTargets);
  const edgeList = [...edges.values()];
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
  };
  // Document order again, now that children are in flow order.
  const reorder = (id: string) => {
    const node = nodes.get(id)!;
    graph.nodes.set(id, node);
    node.children.forEach(reorder);
  };
  reorder(machine.root.id);
  graph.legend = legendLines(graph, argumentMode, options.reachedBy);
  return graph;
}

/**
 * Folded argument-driven edges as notes on the box they leave: the rule and
 * where it may lead (`any state` when that is every state of the box). A note
 * that every child of a box carries alike is written once, on that box.
 */
function writeNotes(nodes: Map<string, ChartNode>, notes: Map<string, PendingNote>): void {
  for (const { source, line, rule, targets } of notes.values()) {
    const node = nodes.get(source.id)!;
    const inside = targets.every((target) => isDescendant(target, source));
    const everyChild =
      inside &&
      node.children.length > 0 &&
      node.children.every((child) => targets.some((target) => target.id === child));
    const where = everyChild
      ? 'any state'
      : targets.map((target) => nodes.get(target.id)?.label ?? target.key).join(', ');
    node.notes.push({
      text: `${line} → ${where}`,
      event: rule.event,
      ...(rule.rule !== undefined ? { rule: rule.rule } : {}),
      sources: [source.id],
      targets: targets.map((target) => target.id),
      ...(node.reached === false ? { reached: false } : {}),
    });
  }
  // A note every child of a box has alike is written once, on the box: from any of them.
  for (const node of nodes.values()) {
    if (node.children.length < 2 || node.kind === 'parallel') continue;
    const children = node.children.map((child) => nodes.get(child)!);
    for (const note of [...children[0].notes]) {
      const alike = children.map((child) =>
        child.notes.find(
          (other) => other.text === note.text && JSON.stringify(other.targets) === JSON.stringify(note.targets),
        ),
      );
      if (alike.some((other) => other === undefined)) continue;
      children.forEach((child, i) => child.notes.splice(child.notes.indexOf(alike[i]!), 1));
      const reached = alike.some((other) => other!.reached !== false);
      node.notes.push({
        ...note,
        sources: alike.flatMap((other) => other!.sources),
        ...(reached ? {} : { reached: false }),
      });
      if (reached) delete node.notes[node.notes.length - 1].reached;
    }
  }
}

/**
 * Children in the order play meets them: the initial child, then the
 * siblings its edges lead to, breadth first over the declared flow (then the
 * argument-driven edges), then any left, in their own order.
 */
function orderByFlow(nodes: Map<string, ChartNode>, edges: readonly ChartEdge[]): void {
  const childOf = (id: string, parent: ChartNode): string | undefined => {
    for (let at = nodes.get(id); at; at = at.parent ? nodes.get(at.parent) : undefined)
      if (at.parent === parent.id) return at.id;
    return undefined;
  };
  for (const parent of nodes.values()) {
    if (parent.kind === 'parallel' || parent.children.length < 2) continue;
    const links = (kind: ChartEdgeKind | undefined) => {
      const map = new Map<string, string[]>();
      for (const edge of edges) {
        if (kind !== undefined && edge.kind !== kind) continue;
        const from = childOf(edge.source, parent);
        const to = childOf(edge.target, parent);
        if (from !== undefined && to !== undefined && from !== to) map.set(from, [...(map.get(from) ?? []), to]);
      }
      return map;
    };
    const flow = links('flow');
    const any = links(undefined);
    // Depth first along the declared flow (a phase's `next` before its other exits), from the initial child.
    const order: string[] = [];
    const walk = (at: string) => {
      if (order.includes(at)) return;
      order.push(at);
      for (const to of flow.get(at) ?? []) walk(to);
    };
    walk(parent.initial ?? parent.children[0]);
    for (;;) {
      const next =
        order.flatMap((at) => any.get(at) ?? []).find((to) => !order.includes(to)) ??
        parent.children.find((child) => !order.includes(child));
      if (next === undefined) break;
      walk(next);
    }
    parent.children = order;
  }
}

function legendLines(graph: ChartGraph, argumentMode: ArgumentEdges, reachedBy: string | undefined): string[] {
  const nodes = [...graph.nodes.values()];
  const lines = ['event · rule: a transition of the declared flow, and the rule (guard) that takes it'];
  if (graph.edges.some((edge) => edge.labels.some((label) => label.startsWith('automatic'))))
    lines.push('automatic · rule: the flow takes it by itself (an endIf, a limit)');
  if (argumentMode === 'fold' && nodes.some((node) => node.notes.length))
    lines.push('⇢ rule → states: set by an argument (setPhase, setStage, ...), from any state in the box');
  if (argumentMode === 'dashed' && graph.edges.some((edge) => edge.kind === 'argument'))
    lines.push('dashed: set by an argument (setPhase, setStage, ...)');
  const folded = nodes.find((node) => node.members);
  if (folded) lines.push(`${folded.label}: identical seat regions, drawn once`);
  if (nodes.some((node) => node.internal.some((event) => event.startsWith('move.'))))
    lines.push('move.x: a move allowed in that state');
  if (nodes.some((node) => node.reached === false))
    lines.push(`grey: no play found reaches it${reachedBy ? ` (${reachedBy})` : ''}`);
  return lines;
}
