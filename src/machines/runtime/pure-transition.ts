/**
 * A fast pure reducer over a game machine's snapshots, for servers and
 * replays. xstate's own `transition(machine, snapshot, event)` builds a new
 * actor for every call, and building an actor of a game machine runs the
 * game's setup and start; here one inert actor scope is built per machine
 * and reused. Results are the same snapshots xstate's `transition` returns.
 */
import {
  createActor,
  type AnyActorScope,
  type AnyTransitionDefinition,
  type InspectionEvent,
  type MachineSnapshot,
} from 'xstate';
import type { ActionRejection } from '../engine/errors';
import type { GameMachine, TurnchartEvent } from '../game-machine';

type GameSnapshot = ReturnType<GameMachine['getInitialSnapshot']>;

interface Scope {
  scope: AnyActorScope;
  emitted: { type: string; rejection?: ActionRejection }[];
  /** Set while a caller asked for the transitions taken. */
  taken: AnyTransitionDefinition[] | undefined;
}

const scopes = new WeakMap<GameMachine, Scope>();

function scopeFor(machine: GameMachine): Scope {
  let entry = scopes.get(machine);
  if (entry) return entry;
  const emitted: Scope['emitted'] = [];
  const self = createActor(machine, { input: { seed: 'turnchart-scope' } });
  const scope = {
    self,
    defer: () => undefined,
    id: '',
    logger: () => undefined,
    sessionId: '',
    stopChild: () => undefined,
    system: self.system,
    emit: (event: { type: string; rejection?: ActionRejection }) => emitted.push(event),
    // Emitted events (turnchart.rejected) are the only actions with an effect outside the snapshot.
    actionExecutor: (action: { type: string; info?: unknown; params?: unknown; exec?: unknown }) => {
      const params = action.params as { event?: { type: string; rejection?: ActionRejection } } | undefined;
      if (action.type === 'xstate.emit' && params?.event) emitted.push(params.event);
    },
  } as unknown as AnyActorScope;
  entry = { scope, emitted, taken: undefined };
  scopes.set(machine, entry);
  return entry;
}

export interface PureResult {
  snapshot: GameSnapshot;
  /** The typed reason when the machine refused the request. */
  rejection?: ActionRejection;
  /** With `{ transitions: true }`: the chart transitions taken, microstep by microstep. */
  transitions?: AnyTransitionDefinition[];
}

/** The next snapshot of a game machine for an event, computed purely. */
export function transitionGame(
  machine: GameMachine,
  snapshot: GameSnapshot,
  event: TurnchartEvent,
  options: { transitions?: boolean } = {},
): PureResult {
  const entry = scopeFor(machine);
  entry.emitted.length = 0;
  entry.taken = options.transitions ? [] : undefined;
  // xstate reports each microstep to the inspection observers of the scope's actor system;
  // observing only when asked keeps the plain call free of inspection work.
  const taken = entry.taken;
  const observer =
    taken &&
    entry.scope.system.inspect((event: InspectionEvent) => {
      if (event.type === '@xstate.microstep') taken.push(...event._transitions);
    });
  try {
    const next = machine.transition(
      snapshot as MachineSnapshot<any, any, any, any, any, any, any, any>,
      event as never,
      entry.scope,
    ) as GameSnapshot;
    const rejected = entry.emitted.find((e) => e.type === 'turnchart.rejected');
    const result: PureResult = { snapshot: next };
    if (rejected?.rejection) result.rejection = rejected.rejection;
    if (entry.taken) result.transitions = entry.taken;
    return result;
  } finally {
    observer?.unsubscribe();
    entry.taken = undefined;
  }
}
