/**
 * A fast pure reducer over a game machine's snapshots, for servers and
 * replays. xstate's own `transition(machine, snapshot, event)` builds a new
 * actor for every call, and building an actor of a game machine runs the
 * game's setup and start; here one inert actor scope is built per machine
 * and reused. Results are the same snapshots xstate's `transition` returns.
 */
import { createActor, type AnyActorScope, type MachineSnapshot } from 'xstate';
import type { ActionRejection } from './errors';
import type { GameMachine, TurnchartEvent } from './game-machine';

type GameSnapshot = ReturnType<GameMachine['getInitialSnapshot']>;

interface Scope {
  scope: AnyActorScope;
  emitted: { type: string; rejection?: ActionRejection }[];
}

const scopes = new WeakMap<GameMachine, Scope>();

function scopeFor(machine: GameMachine): Scope {
  let entry = scopes.get(machine);
  if (entry) return entry;
  const self = createActor(machine, { input: { seed: 'turnchart-scope' } });
  const emitted: Scope['emitted'] = [];
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
  entry = { scope, emitted };
  scopes.set(machine, entry);
  return entry;
}

export interface PureResult {
  snapshot: GameSnapshot;
  /** The typed reason when the machine refused the request. */
  rejection?: ActionRejection;
}

/** The next snapshot of a game machine for an event, computed purely. */
export function transitionGame(machine: GameMachine, snapshot: GameSnapshot, event: TurnchartEvent): PureResult {
  const { scope, emitted } = scopeFor(machine);
  emitted.length = 0;
  const next = machine.transition(snapshot as MachineSnapshot<any, any, any, any, any, any, any, any>, event as never, scope) as GameSnapshot;
  const rejected = emitted.find((e) => e.type === 'turnchart.rejected');
  return { snapshot: next, ...(rejected?.rejection ? { rejection: rejected.rejection } : {}) };
}
