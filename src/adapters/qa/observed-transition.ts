/**
 * A pure transition of a game machine that also says which chart
 * transitions it took: xstate reports each microstep (`@xstate.microstep`,
 * with `_transitions`) to the inspection observers of the actor system the
 * transition runs in, so the inert scope here belongs to an actor whose
 * observer collects them. Like `transitionGame`, one scope per machine is
 * reused; nothing is started and no action runs outside the snapshot.
 */
import { createActor, type AnyActorScope, type AnyTransitionDefinition, type InspectionEvent, type MachineSnapshot } from 'xstate';
import type { ActionRejection } from '../../machines/errors';
import type { GameMachine, TurnchartEvent } from '../../machines/game-machine';

export type GameSnapshot = ReturnType<GameMachine['getInitialSnapshot']>;

export interface ObservedStep {
  snapshot: GameSnapshot;
  rejection?: ActionRejection;
  /** The transitions taken, microstep by microstep, in order. */
  transitions: AnyTransitionDefinition[];
}

interface Scope {
  scope: AnyActorScope;
  transitions: AnyTransitionDefinition[];
  emitted: { type: string; rejection?: ActionRejection }[];
}

const scopes = new WeakMap<GameMachine, Scope>();

function scopeFor(machine: GameMachine): Scope {
  let entry = scopes.get(machine);
  if (entry) return entry;
  const transitions: AnyTransitionDefinition[] = [];
  const emitted: Scope['emitted'] = [];
  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.microstep') transitions.push(...event._transitions);
  };
  const self = createActor(machine, { input: { seed: 'turnchart-qa-scope' }, inspect });
  const scope = {
    self,
    defer: () => undefined,
    id: '',
    logger: () => undefined,
    sessionId: '',
    stopChild: () => undefined,
    system: self.system,
    emit: (event: { type: string; rejection?: ActionRejection }) => emitted.push(event),
    actionExecutor: (action: { type: string; params?: unknown }) => {
      const params = action.params as { event?: { type: string; rejection?: ActionRejection } } | undefined;
      if (action.type === 'xstate.emit' && params?.event) emitted.push(params.event);
    },
  } as unknown as AnyActorScope;
  entry = { scope, transitions, emitted };
  scopes.set(machine, entry);
  return entry;
}

/** The next snapshot for an event, the typed rejection if refused, and the transitions taken. */
export function observedTransition(machine: GameMachine, snapshot: GameSnapshot, event: TurnchartEvent): ObservedStep {
  const { scope, transitions, emitted } = scopeFor(machine);
  transitions.length = 0;
  emitted.length = 0;
  const next = machine.transition(snapshot as MachineSnapshot<any, any, any, any, any, any, any, any>, event as never, scope) as GameSnapshot;
  const rejected = emitted.find((e) => e.type === 'turnchart.rejected');
  return { snapshot: next, transitions: transitions.slice(), ...(rejected?.rejection ? { rejection: rejected.rejection } : {}) };
}

/**
 * A started match's first snapshot and the transitions its start took
 * (the `startGame` and `startTurn` steps).
 */
export function observedStart(machine: GameMachine, input: { seed: string | number; setupData?: unknown }): ObservedStep {
  const transitions: AnyTransitionDefinition[] = [];
  const actor = createActor(machine, {
    input: { seed: input.seed, ...(input.setupData !== undefined ? { setupData: input.setupData } : {}) },
    inspect: (event) => {
      if (event.type === '@xstate.microstep') transitions.push(...event._transitions);
    },
  });
  const first = actor.getSnapshot();
  if (first.status === 'error') throw first.error;
  actor.start();
  const snapshot = actor.getSnapshot() as GameSnapshot;
  actor.stop();
  return { snapshot, transitions };
}
