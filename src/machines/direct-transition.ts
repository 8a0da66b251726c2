/**
 * Most requests are a move that changes no seat or a plain turn end, and
 * each takes exactly one transition of the chart (`moveHere` on the acting
 * seat's state, `turnPassesTo` on the turn). xstate's interpreter would find
 * that transition by visiting every active state and then rebuild the whole
 * configuration, which costs O(seats) per request. Here the same transition
 * is selected by xstate itself (`StateNode.next`, with the machine's guards)
 * on the one node that can take it, and the next snapshot is built from a
 * cached configuration: the same snapshot, the same actions and the same
 * inspection events as xstate's `transition`. Anything else, or any machine
 * whose structure does not allow the proof below, goes through xstate.
 */
import type { AnyActorScope, AnyMachineSnapshot, AnyStateNode, AnyTransitionDefinition, EventObject } from 'xstate';
import { SEAT_ACTIVE } from './config';
import { stepPayload } from './chart-steps';
import { seatRegionKey } from './seat-state';
import type { Outcome, RequestEvent } from './game-machine';

type Evaluate = (context: any, event: RequestEvent) => Outcome;
type Transition = (snapshot: AnyMachineSnapshot, event: EventObject, scope: AnyActorScope) => AnyMachineSnapshot;

interface Entered {
  nodes: AnyStateNode[];
  set: Set<AnyStateNode>;
  turnValue: Record<string, string>;
}

interface TurnIndex {
  turn: AnyStateNode;
  /** The turn and every node below it: what a turn re-entry exits. */
  subtree: Set<AnyStateNode>;
  regions: AnyStateNode[];
  /** Per next player: the nodes a re-entry enters, in xstate's entry order. */
  entered: Map<number, Entered>;
}

/**
 * What makes the shortcut equal to xstate's own selection: only seat states
 * listen to moves (with the `moveHere` guard, no target), only the turn
 * listens to `endTurn`/`pass` below the phase, and nothing is eventless,
 * invoked, a history state or tagged. Checked once per machine.
 */
function shortcutSafe(root: AnyStateNode): boolean {
  const stack = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.always?.length || node.invoke.length || node.type === 'history' || node.tags.length) return false;
    for (const child of Object.values(node.states ?? {})) stack.push(child as AnyStateNode);
  }
  return true;
}

/** A turn re-entry runs the exit and entry actions below the turn: the shortcut reproduces hook markers only. */
function onlyHookMarkers(subtree: Set<AnyStateNode>): boolean {
  for (const node of subtree) {
    for (const action of [...node.entry, ...node.exit]) {
      if (typeof action !== 'object' || action === null || (action as { type?: string }).type !== 'hook') return false;
    }
  }
  return true;
}

function indexTurns(machine: { root: AnyStateNode }): Map<string, TurnIndex> | undefined {
  if (!shortcutSafe(machine.root)) return undefined;
  const phases = machine.root.states.phases?.states ?? {};
  const index = new Map<string, TurnIndex>();
  for (const [key, phase] of Object.entries(phases)) {
    const turn = phase.states.turn;
    const regions = Object.keys(turn.states).map((_, seat) => turn.states[seatRegionKey(seat)]);
    const subtree = new Set<AnyStateNode>();
    const walk = (node: AnyStateNode) => {
      subtree.add(node);
      for (const child of Object.values(node.states)) walk(child);
    };
    walk(turn);
    if (!onlyHookMarkers(subtree)) return undefined;
    index.set(key, { turn, subtree, regions, entered: new Map() });
  }
  return index;
}

function enteredFor(turn: TurnIndex, seat: number): Entered {
  let hit = turn.entered.get(seat);
  if (hit) return hit;
  const nodes: AnyStateNode[] = [turn.turn];
  const turnValue: Record<string, string> = {};
  turn.regions.forEach((region, i) => {
    const state = i === seat ? region.states[SEAT_ACTIVE] : region.initial.target[0];
    nodes.push(region, state);
    turnValue[region.key] = state.key;
  });
  nodes.sort((a, b) => a.order - b.order);
  turn.entered.set(seat, (hit = { nodes, set: new Set(nodes), turnValue: Object.freeze(turnValue) as Record<string, string> }));
  return hit;
}

/** The transition selected, if it is the only kind the shortcut reproduces: one transition applying the outcome. */
function single(taken: AnyTransitionDefinition[] | undefined): AnyTransitionDefinition | undefined {
  if (!taken || taken.length !== 1) return undefined;
  const [transition] = taken;
  const actions = transition.actions as unknown[];
  return actions.length === 1 && actions[0] === 'applyOutcome' ? transition : undefined;
}

function phaseOfValue(value: AnyMachineSnapshot['value']): string | undefined {
  const phases = (value as { phases?: Record<string, unknown> }).phases;
  if (phases === undefined) return undefined;
  for (const key in phases) return key;
  return undefined;
}

/** xstate's own transition selection on one node (internal API: `StateNode.next`). */
function select(node: AnyStateNode | undefined, snapshot: AnyMachineSnapshot, event: EventObject): AnyTransitionDefinition | undefined {
  if (node === undefined) return undefined;
  return single((node as unknown as { next(s: AnyMachineSnapshot, e: EventObject): AnyTransitionDefinition[] | undefined }).next(snapshot, event));
}

/** The inspection event xstate sends for each microstep (the inspector and the QA tools read it). */
function reportMicrostep(scope: AnyActorScope, event: EventObject, snapshot: AnyMachineSnapshot, transition: AnyTransitionDefinition): void {
  const system = scope.system as unknown as { _sendInspectionEvent(event: object): void };
  system._sendInspectionEvent({ type: '@xstate.microstep', actorRef: scope.self, event, snapshot, _transitions: [transition] });
}

/** Runs the chart's hook markers as xstate would: through the scope's action executor. */
function runHooks(actions: readonly unknown[], hook: unknown, context: unknown, event: EventObject, scope: AnyActorScope): void {
  for (const action of actions) {
    const { type, params } = action as { type: string; params: unknown };
    scope.actionExecutor({ type, info: { context, event, self: scope.self, system: scope.system } as never, params, exec: hook as never });
  }
}

type DirectMachine = { transition: Transition; root: AnyStateNode; implementations: { actions: Record<string, unknown> } };

interface Direct {
  evaluate: Evaluate;
  /** Built on first use; undefined when the machine's structure rules the shortcut out. */
  turns: Map<string, TurnIndex> | undefined | null;
}

const installed = new WeakMap<object, Direct>();

/**
 * The next snapshot when `event` is a request the chart takes in one
 * transition (moves that change no seat, plain turn ends), reporting the
 * same actions and inspection events as xstate; undefined for everything
 * else, which xstate's own `transition` handles.
 */
export function transitionDirectly(machine: object, snapshot: AnyMachineSnapshot, event: EventObject, scope: AnyActorScope): AnyMachineSnapshot | undefined {
  const direct = installed.get(machine);
  if (direct === undefined || snapshot.status !== 'active' || event.type.startsWith('xstate.') || stepPayload(event) !== undefined) return undefined;
  const request = event as RequestEvent;
  if (request.probe === true) return undefined;
  const outcome = direct.evaluate(snapshot.context, request);
  if (!outcome.ok || outcome.shortcut === undefined) return undefined;
  if (direct.turns === null) direct.turns = indexTurns(machine as DirectMachine);
  const phase = phaseOfValue(snapshot.value);
  const turn = phase === undefined ? undefined : direct.turns?.get(phase);
  if (turn === undefined) return undefined;
  const seats = (snapshot.value as { phases: Record<string, { turn: Record<string, string> }> }).phases[phase!].turn;
  // xstate's assign merges the returned context into the current one.
  const context = Object.assign({}, snapshot.context, outcome.context);

  if (outcome.shortcut.kind === 'inPlace') {
    const region = turn.regions[Number(request.playerID)];
    const transition = select(region?.states[seats[region.key]], snapshot, event);
    if (transition === undefined || transition.target !== undefined) return undefined;
    const next = { ...snapshot, context } as AnyMachineSnapshot;
    reportMicrostep(scope, event, next, transition);
    return next;
  }

  const seat = Number(outcome.shortcut.seat);
  const transition = select(turn.turn, snapshot, event);
  const target = turn.regions[seat]?.states[SEAT_ACTIVE];
  if (transition === undefined || transition.target?.length !== 1 || transition.target[0] !== target) return undefined;
  const entered = enteredFor(turn, seat);
  const hook = (machine as DirectMachine).implementations.actions.hook;
  // Exit in reverse document order, then the transition's assign, then entry in document order.
  const exited = snapshot._nodes.filter((node: AnyStateNode) => turn.subtree.has(node)).sort((a: AnyStateNode, b: AnyStateNode) => b.order - a.order);
  for (const node of exited) runHooks(node.exit, hook, snapshot.context, event, scope);
  for (const node of entered.nodes) runHooks(node.entry, hook, context, event, scope);
  // Like xstate, keep the configuration array (and its order) when the re-entry lands where it left.
  const same = exited.length === entered.nodes.length && exited.every((node: AnyStateNode) => entered.set.has(node));
  const nodes = same ? snapshot._nodes : snapshot._nodes.filter((node: AnyStateNode) => !turn.subtree.has(node)).concat(entered.nodes);
  const value = { phases: { [phase!]: { turn: { ...entered.turnValue } } } };
  const next = { ...snapshot, context, _nodes: nodes, value, tags: new Set() } as AnyMachineSnapshot;
  reportMicrostep(scope, event, next, transition);
  return next;
}

/**
 * Make `machine.transition` take the common requests directly and hand
 * everything else to xstate. `evaluate` is the machine's memoized request
 * evaluation, the one its guards use.
 */
export function installDirectTransitions(machine: DirectMachine, evaluate: Evaluate): void {
  const viaXstate = machine.transition.bind(machine) as Transition;
  installed.set(machine, { evaluate, turns: null });
  machine.transition = (snapshot, event, scope) => transitionDirectly(machine, snapshot, event, scope) ?? viaXstate(snapshot, event, scope);
}
