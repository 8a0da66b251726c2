/**
 * Most requests either take exactly one transition of the chart (a move that
 * changes no seat: `moveHere` on the acting seat's state; a plain turn end:
 * `turnPassesTo` on the turn) or walk steps that only move seats. xstate's
 * interpreter would, for every microstep, visit every active state and then
 * rebuild the whole configuration, which costs O(seats) per step. Here the
 * same transitions are selected by xstate itself (`StateNode.next`, with the
 * machine's guards) on the nodes that can take them, and the next snapshot
 * is built directly: the same snapshot, the same actions and the same
 * inspection events as xstate's `transition` (test/direct-transition.test.ts
 * runs both side by side). Everything else goes through xstate.
 */
import type { AnyActorScope, AnyMachineSnapshot, AnyStateNode, EventObject } from 'xstate';
import { stepPayload } from './chart-steps';
import { SEAT_ACTIVE } from './config';
import { Effects } from './direct-effects';
import { mergedContext, nextSnapshot } from './direct-snapshot';
import { enteredFor, indexTurns, phaseOfValue, seatsOf, selectWithAction, type TurnIndex } from './direct-index';
import { reenterTurn, walkSteps } from './direct-walk';
import type { Outcome, RequestEvent } from './game-machine';
import type { Ctx } from './types';

type Evaluate = (context: any, event: RequestEvent) => Outcome;
type Transition = (snapshot: AnyMachineSnapshot, event: EventObject, scope: AnyActorScope) => AnyMachineSnapshot;
type DirectMachine = { transition: Transition; root: AnyStateNode; implementations: { actions: Record<string, unknown> } };
type Accepted = Extract<Outcome, { ok: true }>;

interface Direct {
  evaluate: Evaluate;
  /** Built on first use; undefined when the machine's structure rules the direct path out. */
  turns: Map<string, TurnIndex> | undefined | null;
}

const installed = new WeakMap<object, Direct>();

/** A move that changes no seat: the acting seat's state takes it, assigning the outcome. */
function moveInPlace(turn: TurnIndex, phase: string, snapshot: AnyMachineSnapshot, request: RequestEvent, context: unknown, effects: Effects): AnyMachineSnapshot | undefined {
  const region = turn.regions[Number(request.playerID)];
  const leaf = region?.states[seatsOf(snapshot.value, phase)[region.key]];
  const transition = selectWithAction(leaf, snapshot, request, 'applyOutcome');
  if (transition === undefined || transition.target !== undefined) return undefined;
  const next = nextSnapshot(snapshot, { context });
  effects.microstep(request, next, [transition]);
  return next;
}

/** A plain turn end: the turn is re-entered straight into the next player's `active` state. */
function passTurn(turn: TurnIndex, phase: string, snapshot: AnyMachineSnapshot, request: RequestEvent, seat: number, context: unknown, effects: Effects): AnyMachineSnapshot | undefined {
  const transition = selectWithAction(turn.turn, snapshot, request, 'applyOutcome');
  const target = turn.regions[seat]?.states[SEAT_ACTIVE];
  if (transition === undefined || transition.target?.length !== 1 || transition.target[0] !== target) return undefined;
  const entered = enteredFor(turn, seat);
  // Exits see the context before the transition's assign, entries the one after.
  const nodes = reenterTurn(snapshot, turn, seatsOf(snapshot.value, phase), entered, request, { exit: snapshot.context, entry: context }, effects);
  const value = { phases: { [phase]: { turn: { ...entered.turnValue } } } };
  const next = nextSnapshot(snapshot, { context, _nodes: nodes, value });
  effects.microstep(request, next, [transition]);
  return next;
}

function takeAccepted(machine: DirectMachine, turns: Map<string, TurnIndex>, turn: TurnIndex, phase: string, snapshot: AnyMachineSnapshot, request: RequestEvent, outcome: Accepted, effects: Effects) {
  // xstate's assign merges the returned context into the current one.
  const context = mergedContext(snapshot.context, outcome.context);
  const { shortcut } = outcome;
  if (shortcut?.kind === 'inPlace') return moveInPlace(turn, phase, snapshot, request, context, effects);
  if (shortcut?.kind === 'restartTurn') return passTurn(turn, phase, snapshot, request, Number(shortcut.seat), context, effects);
  return walkSteps(machine.root, turns, phase, snapshot, request, outcome.events, context, effects);
}

/**
 * The next snapshot when `event` is an accepted request the direct path
 * reproduces, with its actions run and its microsteps reported through
 * `scope`; undefined (and no effect) for everything else.
 */
export function transitionDirectly(machine: object, snapshot: AnyMachineSnapshot, event: EventObject, scope: AnyActorScope): AnyMachineSnapshot | undefined {
  const direct = installed.get(machine);
  if (direct === undefined || snapshot.status !== 'active' || event.type.startsWith('xstate.') || stepPayload(event, (snapshot.context as { ctx?: Ctx }).ctx) !== undefined) return undefined;
  const request = event as RequestEvent;
  if (request.probe === true) return undefined;
  const outcome = direct.evaluate(snapshot.context, request);
  if (!outcome.ok) return undefined;
  if (direct.turns === null) direct.turns = indexTurns((machine as DirectMachine).root);
  const phase = phaseOfValue(snapshot.value);
  const turn = phase === undefined ? undefined : direct.turns?.get(phase);
  if (turn === undefined) return undefined;
  const effects = new Effects((machine as DirectMachine).implementations.actions.hook);
  const next = takeAccepted(machine as DirectMachine, direct.turns!, turn, phase!, snapshot, request, outcome, effects);
  if (next !== undefined) effects.replay(scope);
  return next;
}

/**
 * Make `machine.transition` take requests directly where it can and hand
 * everything else to xstate. `evaluate` is the machine's memoized request
 * evaluation, the one its guards use.
 */
export function installDirectTransitions(machine: DirectMachine, evaluate: Evaluate): void {
  const viaXstate = machine.transition.bind(machine) as Transition;
  installed.set(machine, { evaluate, turns: null });
  machine.transition = (snapshot, event, scope) => transitionDirectly(machine, snapshot, event, scope) ?? viaXstate(snapshot, event, scope);
}
