/**
 * An accepted request takes the root's `requestAccepted` transition, which
 * assigns the outcome and raises its steps, and then one microstep per step.
 * xstate's interpreter would, for every microstep, visit every active state
 * and rebuild the whole configuration, which costs O(seats) per step. Here
 * the same transitions are selected from the chart's own definition (the
 * candidates of the node that can take the step, with the machine's guards,
 * in xstate's order) and the next snapshot is built directly: the same
 * snapshot, the same actions and the same inspection events as xstate's
 * `transition` (test/direct-transition.test.ts runs both side by side).
 * Anything it does not reproduce goes through xstate.
 *
 * A refused request takes no transition at all (that is what makes
 * `snapshot.can` exact); the wrapper reports it as `turnchart.rejected`.
 */
import type { AnyActorScope, AnyMachineSnapshot, AnyStateNode, EventObject } from 'xstate';
import { stepPayload } from '../chart/chart-steps';
import type { ActionRejection } from '../engine/errors';
import { Effects } from './direct-effects';
import { mergedContext } from './merged-context';
import { indexTurns, phaseOfValue, type TurnIndex } from './direct-index';
import { walkSteps } from './direct-walk';
import { shapeAnchor } from '../engine/shape-anchor';
import type { RequestEvent } from '../game-machine';
import type { ChartOutcome as Outcome } from '../request-outcome';
import type { Ctx } from '../engine/types';

type Evaluate = (context: any, event: RequestEvent) => Outcome;
type Transition = (snapshot: AnyMachineSnapshot, event: EventObject, scope: AnyActorScope) => AnyMachineSnapshot;
type DirectMachine = {
  transition: Transition;
  root: AnyStateNode;
  implementations: { actions: Record<string, unknown> };
  provide(implementations: object): DirectMachine;
};

interface Direct {
  evaluate: Evaluate;
  /** Built on first use; undefined when the machine's structure rules the direct path out. */
  turns: Map<string, TurnIndex> | undefined | null;
}

const installed = new WeakMap<object, Direct>();

/** Per tree of state nodes (machines cloned from one share it), what the direct path knows of its turns. */
const turnIndexes = new WeakMap<AnyStateNode, Map<string, TurnIndex> | undefined>();

function turnsOf(root: AnyStateNode): Map<string, TurnIndex> | undefined {
  if (!turnIndexes.has(root)) turnIndexes.set(root, indexTurns(root));
  return turnIndexes.get(root);
}

/**
 * The last actor that took a direct transition: xstate's actors are class
 * instances too, and a process that makes and drops matches (a benchmark, a
 * server between matches) would otherwise lose their shapes, and xstate's
 * optimized code, at each full collection (rules/shape-anchor.ts). The actor
 * also keeps its last snapshot's G and ctx, and so their shapes.
 */
const actorAnchor = shapeAnchor();

/**
 * The next snapshot when `event` is an accepted request the direct path
 * reproduces, with its actions run and its microsteps reported through
 * `scope`; undefined (and no effect) for everything else.
 */
export function transitionDirectly(
  machine: object,
  snapshot: AnyMachineSnapshot,
  event: EventObject,
  scope: AnyActorScope,
): AnyMachineSnapshot | undefined {
  const direct = installed.get(machine);
  if (
    direct === undefined ||
    snapshot.status !== 'active' ||
    event.type.startsWith('xstate.') ||
    stepPayload(event, (snapshot.context as { ctx?: Ctx }).ctx) !== undefined
  )
    return undefined;
  const request = event as RequestEvent;
  const outcome = direct.evaluate(snapshot.context, request);
  if (!outcome.ok) return undefined;
  if (direct.turns === null) direct.turns = turnsOf((machine as DirectMachine).root);
  const phase = phaseOfValue(snapshot.value);
  const turn = phase === undefined ? undefined : direct.turns?.get(phase);
  if (turn === undefined) return undefined;
  actorAnchor.last = scope.self;
  const effects = new Effects((machine as DirectMachine).implementations.actions.hook);
  // xstate's assign merges the returned context into the current one.
  const context = mergedContext(snapshot.context, outcome.context);
  const next = walkSteps(
    (machine as DirectMachine).root,
    direct.turns!,
    phase!,
    snapshot,
    request,
    outcome.events,
    context,
    effects,
  );
  if (next !== undefined) effects.replay(scope);
  return next;
}

/** The rejection of `event` when it is a request that the flow refuses. */
function refusal(direct: Direct, snapshot: AnyMachineSnapshot, event: EventObject): ActionRejection | undefined {
  if (
    snapshot.status !== 'active' ||
    event.type.startsWith('xstate.') ||
    stepPayload(event, (snapshot.context as { ctx?: Ctx }).ctx) !== undefined
  )
    return undefined;
  const outcome = direct.evaluate(snapshot.context, event as RequestEvent);
  return outcome.ok ? undefined : outcome.rejection;
}

/**
 * A refused request takes no transition; it is reported as xstate's `emit`
 * action would report it (an executable `xstate.emit` action, so xstate's
 * pure `transition()` lists it, and the actor's `on('turnchart.rejected')`
 * listeners hear it once the snapshot is settled).
 */
function reportingRefusals(direct: Direct, next: Transition): Transition {
  return (snapshot, event, scope) => {
    const rejection = refusal(direct, snapshot, event);
    if (rejection === undefined) return next(snapshot, event, scope);
    const emitted = { type: 'turnchart.rejected', rejection, request: event };
    const info = { context: snapshot.context, event, self: scope.self, system: scope.system };
    scope.actionExecutor({
      type: 'xstate.emit',
      info: info as never,
      params: { event: emitted } as never,
      exec: () => scope.defer(() => scope.emit(emitted)),
    });
    return snapshot;
  };
}

/** The machine's transition with refusals reported but every accepted request left to xstate (for comparisons). */
export function xstateTransition(machine: object): Transition {
  const direct = installed.get(machine)!;
  const proto = Object.getPrototypeOf(machine) as { transition: Transition };
  return reportingRefusals(direct, proto.transition.bind(machine));
}

/**
 * Make `machine.transition` report refused requests, take accepted ones
 * directly where it can, and hand everything else to xstate. `evaluate` is
 * the machine's memoized request evaluation, the one its guards use. The
 * machines `machine.provide(...)` makes get the same treatment.
 */
export function installDirectTransitions(
  machine: DirectMachine,
  evaluate: Evaluate,
  reinstall: (provided: DirectMachine) => void,
): void {
  const viaXstate = machine.transition.bind(machine) as Transition;
  const direct: Direct = { evaluate, turns: null };
  installed.set(machine, direct);
  machine.transition = reportingRefusals(
    direct,
    (snapshot, event, scope) =>
      transitionDirectly(machine, snapshot, event, scope) ?? viaXstate(snapshot, event, scope),
  );
  const provide = machine.provide.bind(machine);
  machine.provide = (implementations) => {
    const provided = provide(implementations);
    reinstall(provided);
    return provided;
  };
}
