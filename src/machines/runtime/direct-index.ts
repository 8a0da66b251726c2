/**
 * What the direct transitions (direct-transition.ts) need to know about a
 * game machine: per phase, its turn node, the seat regions and the turn's
 * subtree; and whether the machine's structure lets them reproduce xstate
 * exactly. Built once per machine, on first use.
 */
import type { AnyMachineSnapshot, AnyStateNode, AnyTransitionDefinition, EventObject } from 'xstate';
import { SEAT_ROUTED_STEPS } from '../chart/chart-steps';
import { SEAT_ACTIVE } from '../engine/config';
import { isHookMarker } from './direct-effects';
import { selectedByXstate } from './xstate-internals';
import { seatRegionKey } from '../chart/seat-state';

/** Nodes a transition enters, in xstate's entry order (document order), with the turn value they make. */
export interface Entered {
  nodes: AnyStateNode[];
  set: Set<AnyStateNode>;
  /** Those with entry actions, in entry order. */
  entryHooked: AnyStateNode[];
  turnValue: Record<string, string>;
}

export interface TurnIndex {
  phase: AnyStateNode;
  turn: AnyStateNode;
  /** The turn and every node below it: what a turn re-entry exits. */
  subtree: Set<AnyStateNode>;
  /** The phase and every node below it: what leaving the phase exits. */
  phaseSubtree: Set<AnyStateNode>;
  regions: AnyStateNode[];
  /** Nodes of the turn's subtree with exit actions, in xstate's exit order (deepest and last first). */
  exitHooked: AnyStateNode[];
  /** Per seat made active (-1: none), filled on demand. */
  entered: Map<number, Entered>;
  /** Entering the phase: the phase, its turn, every seat idle. */
  enteredPhase?: Entered;
}

/**
 * Nothing eventless, invoked, historic or tagged: then a microstep's effects
 * are its transitions' exits, actions and entries, and nothing follows it.
 */
function plainMachine(root: AnyStateNode): boolean {
  const stack = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.always?.length || node.invoke.length || node.type === 'history' || node.tags.length) return false;
    for (const child of Object.values(node.states ?? {})) stack.push(child as AnyStateNode);
  }
  return true;
}

/** Below the turn, entry and exit actions must be hook markers: those are what the direct path runs. */
function onlyHookMarkers(subtree: Set<AnyStateNode>): boolean {
  for (const node of subtree) {
    for (const action of [...node.entry, ...node.exit]) {
      if (!isHookMarker(action)) return false;
    }
  }
  return true;
}

/** A node and all its descendants. */
function below(node: AnyStateNode, into = new Set<AnyStateNode>()): Set<AnyStateNode> {
  into.add(node);
  for (const child of Object.values(node.states)) below(child, into);
  return into;
}

/**
 * Seat regions answer the argument-driven seat steps only, and seat states
 * moves and seat steps only, each with a target inside the region: then
 * nothing else below the turn selects a transition.
 */
function listensAsExpected(regions: AnyStateNode[]): boolean {
  const inside = (region: AnyStateNode, list: AnyTransitionDefinition[]) =>
    list.every((t) => t.target?.every((target) => target.parent === region) ?? true);
  return regions.every(
    (region) =>
      [...region.transitions].every(([type, list]) => SEAT_ROUTED_STEPS.has(type) && inside(region, list)) &&
      Object.values(region.states).every((leaf) =>
        [...leaf.transitions].every(
          ([type, list]) => (type.startsWith('move.') || SEAT_ROUTED_STEPS.has(type)) && inside(region, list),
        ),
      ),
  );
}

/** Per phase state key, the turn's nodes; undefined when the machine rules the direct path out. */
export function indexTurns(root: AnyStateNode): Map<string, TurnIndex> | undefined {
  if (!plainMachine(root)) return undefined;
  const phases = root.states.phases?.states ?? {};
  const index = new Map<string, TurnIndex>();
  for (const [key, phase] of Object.entries(phases)) {
    const turn = phase.states.turn;
    const regions = Object.keys(turn.states).map((_, seat) => turn.states[seatRegionKey(seat)]);
    const subtree = below(turn);
    if (!onlyHookMarkers(subtree) || !listensAsExpected(regions)) return undefined;
    const exitHooked = [...subtree].filter((node) => node.exit.length > 0).sort((a, b) => b.order - a.order);
    index.set(key, { phase, turn, subtree, phaseSubtree: below(phase), regions, exitHooked, entered: new Map() });
  }
  return index;
}

/** What re-entering the turn enters: every seat idle, or `seat` straight in its `active` state. */
export function enteredFor(turn: TurnIndex, seat: number): Entered {
  let hit = turn.entered.get(seat);
  if (hit === undefined) turn.entered.set(seat, (hit = entering(turn, [turn.turn], seat)));
  return hit;
}

/** What entering the phase enters: the phase, its turn, every seat idle. */
export function enteredPhase(turn: TurnIndex): Entered {
  return (turn.enteredPhase ??= entering(turn, [turn.phase, turn.turn], -1));
}

function entering(turn: TurnIndex, above: AnyStateNode[], seat: number): Entered {
  const nodes = [...above];
  const turnValue: Record<string, string> = {};
  turn.regions.forEach((region, i) => {
    const state = i === seat ? region.states[SEAT_ACTIVE] : region.initial.target[0];
    nodes.push(region, state);
    turnValue[region.key] = state.key;
  });
  nodes.sort((a, b) => a.order - b.order);
  return {
    nodes,
    set: new Set(nodes),
    entryHooked: nodes.filter((node) => node.entry.length > 0),
    turnValue: Object.freeze(turnValue) as Record<string, string>,
  };
}

type Guard = AnyTransitionDefinition['guard'];
type GuardFn = (args: { context: unknown; event: EventObject }, params: unknown) => boolean;

/**
 * A node's candidate transitions for an event type, as xstate's selection
 * orders them (the exact type's, then the catch-all `*`'s), or null when the
 * node has a partial wildcard (`a.*`) and xstate must choose. Cached per node
 * and type: xstate's own cache builds a key string per call, which cost more
 * than the guards it then runs.
 */
const candidateCache = new WeakMap<AnyStateNode, Map<string, readonly AnyTransitionDefinition[] | null>>();

function candidatesOf(node: AnyStateNode, type: string): readonly AnyTransitionDefinition[] | null {
  let byType = candidateCache.get(node);
  if (byType === undefined) candidateCache.set(node, (byType = new Map()));
  let candidates = byType.get(type);
  if (candidates === undefined) {
    const partial = [...node.transitions.keys()].some((key) => key !== '*' && key.endsWith('*'));
    const all = node.transitions.get('*');
    candidates = partial ? null : [...((type !== '*' && node.transitions.get(type)) || []), ...(all ?? [])];
    byType.set(type, candidates);
  }
  return candidates;
}

/** A named guard with plain params, evaluated as xstate does; undefined when xstate must evaluate it (inline, built-in, dynamic params). */
function passes(guard: Guard, snapshot: AnyMachineSnapshot, event: EventObject): boolean | undefined {
  if (guard === undefined) return true;
  const named =
    typeof guard === 'string' ? { type: guard, params: undefined } : (guard as { type?: unknown; params?: unknown });
  if (typeof guard === 'function' || typeof named.type !== 'string' || typeof named.params === 'function')
    return undefined;
  const impl = (snapshot.machine.implementations.guards as Record<string, unknown>)[named.type];
  if (typeof impl !== 'function' || 'check' in impl) return undefined;
  return (impl as GuardFn)({ context: snapshot.context, event }, named.params);
}

/**
 * xstate's transition selection on one node (its internal `StateNode.next`):
 * the first candidate whose guard passes, with the machine's guards. Guards
 * this cannot evaluate as xstate would, and any guard that throws, are left
 * to xstate's own selection (which reports the error its way).
 */
export function selectOn(
  node: AnyStateNode | undefined,
  snapshot: AnyMachineSnapshot,
  event: EventObject,
): AnyTransitionDefinition | undefined {
  if (node === undefined) return undefined;
  const candidates = candidatesOf(node, event.type);
  if (candidates === null) return selectedByXstate(node, snapshot, event);
  try {
    for (const candidate of candidates) {
      const passed = passes(candidate.guard, snapshot, event);
      if (passed === undefined) return selectedByXstate(node, snapshot, event);
      if (passed) return candidate;
    }
  } catch {
    return selectedByXstate(node, snapshot, event);
  }
  return undefined;
}

/** The transition selected on `node`, if it is a single one whose only action is `action`. */
export function selectWithAction(
  node: AnyStateNode | undefined,
  snapshot: AnyMachineSnapshot,
  event: EventObject,
  action: string,
): AnyTransitionDefinition | undefined {
  const transition = selectOn(node, snapshot, event);
  const actions = transition?.actions as unknown[] | undefined;
  return actions?.length === 1 && actions[0] === action ? transition : undefined;
}

/** Where every seat's region is, in a snapshot's value (`{ phases: { <phase>: { turn: { player0: ... } } } }`). */
export function seatsOf(value: AnyMachineSnapshot['value'], phase: string): Record<string, string> {
  return (value as { phases: Record<string, { turn: Record<string, string> }> }).phases[phase].turn;
}

/** The phase state key of a snapshot's value (`{ phases: { <key>: ... } }`). */
export function phaseOfValue(value: AnyMachineSnapshot['value']): string | undefined {
  const phases = (value as { phases?: Record<string, unknown> }).phases;
  if (phases === undefined) return undefined;
  for (const key in phases) return key;
  return undefined;
}
