/**
 * An accepted request takes the root's `requestAccepted` transition, whose
 * `applyRequest` assigns the outcome and raises each step, and then every
 * step is a microstep of its own. xstate would, for every step, visit every
 * active state and then rebuild the configuration; the walk below selects
 * each step's transitions from the chart's definition on the nodes that can
 * hold them (the rest of the chart has no transition for the step's event):
 *
 * - a move step: the acting seat's state;
 * - a seat step: the state of each seat that moves, else its region;
 * - a turn restart: the turn;
 * - a phase change: the phase;
 * - the game's end: `phases`, and the chart is done;
 * - any other step: no transition (still a microstep).
 *
 * The result, the actions run and the microsteps reported are xstate's
 * (test/direct-transition.test.ts compares them); anything unexpected hands
 * the request back to xstate before any effect.
 */
import type { AnyMachineSnapshot, AnyStateNode, AnyTransitionDefinition, EventObject } from 'xstate';
import { SEAT_ROUTED_STEPS, type StepEvent } from '../chart/chart-steps';
import { enteredFor, enteredPhase, seatsOf, selectOn, selectWithAction, type TurnIndex } from './direct-index';
import { isHookMarker, type Effects } from './direct-effects';
import { inOrder, reenter, reenterTurn } from './direct-reentry';
import { configuration, nextSnapshot } from './xstate-internals';

type Snapshot = AnyMachineSnapshot;

interface Walk {
  root: AnyStateNode;
  turns: Map<string, TurnIndex>;
  phase: string;
  turn: TurnIndex;
  seats: Record<string, string>;
  snapshot: Snapshot;
  effects: Effects;
}

function leafOf(walk: Walk, seat: number): AnyStateNode | undefined {
  const region = walk.turn.regions[seat];
  return region?.states[walk.seats[region.key]];
}

function plainTarget(
  transition: AnyTransitionDefinition | undefined,
  target: AnyStateNode | undefined,
  reenter: boolean,
): boolean {
  return (
    transition !== undefined &&
    target !== undefined &&
    transition.target?.length === 1 &&
    transition.target[0] === target &&
    transition.actions.length === 0 &&
    transition.reenter === reenter
  );
}

/** A move step: the acting seat's state applies it (an assign of the context it already holds). */
function moveStep(walk: Walk, step: StepEvent): boolean {
  const leaf = leafOf(walk, Number(step.tc.playerID));
  const transition = leaf && selectOn(leaf, walk.snapshot, step);
  if (transition === undefined) {
    walk.effects.microstep(step, walk.snapshot, []);
    return true;
  }
  if (transition.target !== undefined || !transition.actions.every(isHookMarker)) return false;
  walk.effects.actions(transition.actions, walk.snapshot.context, step);
  walk.effects.microstep(step, walk.snapshot, [transition]);
  return true;
}

/** A seat-routed step: each region whose seat moves goes to its new state. */
function routedStep(walk: Walk, step: StepEvent): boolean {
  const transitions: AnyTransitionDefinition[] = [];
  const exits: AnyStateNode[] = [];
  const entries: AnyStateNode[] = [];
  const { seats } = step.tc;
  for (let seat = 0; seat < seats.length; seat++) {
    if (seats[seat] === undefined) continue;
    const region = walk.turn.regions[seat];
    const leaf = leafOf(walk, seat);
    // xstate's order: the seat's state first, then its region.
    const transition = selectOn(leaf, walk.snapshot, step) ?? selectOn(region, walk.snapshot, step);
    const target = transition?.target?.[0];
    if (leaf === undefined || !plainTarget(transition, target, false) || target!.parent !== region) return false;
    transitions.push(transition!);
    exits.push(leaf);
    entries.push(target!);
  }
  if (transitions.length === 0) {
    walk.effects.microstep(step, walk.snapshot, []);
    return true;
  }
  const { context } = walk.snapshot;
  // Regions are visited in seat order, which is document order: sort only if that ever differs.
  walk.effects.hooks(exits.length > 1 ? inOrder(exits).reverse() : exits, 'exit', context, step);
  walk.effects.hooks(inOrder(entries), 'entry', context, step);
  const seatsAfter = { ...walk.seats };
  for (const node of entries) seatsAfter[node.parent!.key] = node.key;
  walk.seats = seatsAfter;
  // As in xstate: exited nodes leave the configuration, entered ones join at its end.
  const nodes = configuration(walk.snapshot)
    .filter((node: AnyStateNode) => !exits.includes(node))
    .concat(entries);
  walk.snapshot = nextSnapshot(walk.snapshot, {
    configuration: nodes,
    value: { phases: { [walk.phase]: { turn: seatsAfter } } },
  });
  walk.effects.microstep(step, walk.snapshot, transitions);
  return true;
}

/** A turn restart: the turn re-enters itself, every seat idle (a startTurn step seats them). */
function restartStep(walk: Walk, step: StepEvent): boolean {
  const { turn } = walk;
  const transition = selectOn(turn.turn, walk.snapshot, step);
  if (!plainTarget(transition, turn.turn, true)) return false;
  const entered = enteredFor(turn, -1);
  const { context } = walk.snapshot;
  const nodes = reenterTurn(
    walk.snapshot,
    turn,
    walk.seats,
    entered,
    step,
    { exit: context, entry: context },
    walk.effects,
  );
  walk.seats = entered.turnValue;
  walk.snapshot = nextSnapshot(walk.snapshot, {
    configuration: nodes,
    value: { phases: { [walk.phase]: { turn: { ...entered.turnValue } } } },
  });
  walk.effects.microstep(step, walk.snapshot, [transition!]);
  return true;
}

/** A phase change: the phase state goes to the next phase's state, every seat idle. */
function phaseStep(walk: Walk, step: StepEvent): boolean {
  const key = step.tc.phaseKey;
  const next = key === undefined ? undefined : walk.turns.get(key);
  const transition = selectOn(walk.turn.phase, walk.snapshot, step);
  if (next === undefined || !plainTarget(transition, next.phase, true)) return false;
  const entered = enteredPhase(next);
  const { context } = walk.snapshot;
  const nodes = reenter(
    walk.snapshot,
    walk.turn.phaseSubtree,
    entered,
    step,
    { exit: context, entry: context },
    walk.effects,
  );
  walk.phase = key!;
  walk.turn = next;
  walk.seats = entered.turnValue;
  walk.snapshot = nextSnapshot(walk.snapshot, {
    configuration: nodes,
    value: { phases: { [key!]: { turn: { ...entered.turnValue } } } },
  });
  walk.effects.microstep(step, walk.snapshot, [transition!]);
  return true;
}

/** The game's end: everything under the root is exited, `gameover` entered, and the chart is done. */
function endStep(walk: Walk, step: StepEvent): boolean {
  const { root } = walk;
  const phases = root.states.phases;
  const gameover = root.states.gameover;
  const transition = selectOn(phases, walk.snapshot, step);
  // A final state with an output, or exit actions that run when the machine is done, would need more than this.
  if (
    !plainTarget(transition, gameover, false) ||
    root.output !== undefined ||
    root.exit.length ||
    gameover.exit.length
  )
    return false;
  const { context } = walk.snapshot;
  const exiting = new Set<AnyStateNode>(configuration(walk.snapshot).filter((node: AnyStateNode) => node !== root));
  const nodes = reenter(
    walk.snapshot,
    exiting,
    {
      nodes: [gameover],
      set: new Set([gameover]),
      entryHooked: gameover.entry.length ? [gameover] : [],
      turnValue: {},
    },
    step,
    { exit: context, entry: context },
    walk.effects,
  );
  // xstate sorts the final configuration in place (deepest last-first) to run its exit actions.
  nodes.sort((a, b) => b.order - a.order);
  walk.snapshot = nextSnapshot(walk.snapshot, { configuration: nodes, value: 'gameover', status: 'done' });
  walk.effects.microstep(step, walk.snapshot, [transition!]);
  return true;
}

function takeStep(walk: Walk, step: StepEvent): boolean {
  switch (step.tc.effect) {
    case 'gameover':
      return endStep(walk, step);
    case 'enterPhase':
      return phaseStep(walk, step);
    case 'restartTurn':
      return restartStep(walk, step);
    default:
      if (step.type.startsWith('move.')) return moveStep(walk, step);
      if (SEAT_ROUTED_STEPS.has(step.type)) return routedStep(walk, step);
      // Any other step (a flow event that moved no seat): no transition's guard accepts it.
      walk.effects.microstep(step, walk.snapshot, []);
      return true;
  }
}

/**
 * The snapshot after an accepted request that walks `steps`, or undefined
 * to let xstate take it. `context` is the request's outcome, merged.
 */
export function walkSteps(
  root: AnyStateNode,
  turns: Map<string, TurnIndex>,
  phase: string,
  snapshot: Snapshot,
  request: EventObject,
  steps: readonly StepEvent[],
  context: unknown,
  effects: Effects,
): Snapshot | undefined {
  const accepted = selectWithAction(root, snapshot, request, 'applyRequest');
  if (accepted === undefined || accepted.target !== undefined) return undefined;
  for (const step of steps) effects.raise(step, context, request);
  const walk: Walk = {
    root,
    turns,
    phase,
    turn: turns.get(phase)!,
    seats: seatsOf(snapshot.value, phase),
    snapshot: nextSnapshot(snapshot, { context }),
    effects,
  };
  effects.microstep(request, walk.snapshot, [accepted]);
  for (const step of steps) {
    if (!takeStep(walk, step)) return undefined;
    // Once done, xstate processes no more raised events.
    if (walk.snapshot.status !== 'active') break;
  }
  return walk.snapshot;
}
