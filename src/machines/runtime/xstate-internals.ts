/**
 * Everything of xstate's that is not its public API, in one place: the
 * direct path (direct-*.ts) builds snapshots, reads their configuration,
 * selects transitions and reports microsteps as xstate's interpreter does,
 * and only this file knows how xstate keeps them. xstate is pinned to the
 * range this was written and tested against (package.json); the side-by-side
 * test (test/direct-transition.test.ts) compares full snapshots and full
 * inspection events with xstate's own interpreter, so a change on either
 * side fails it.
 */
import type {
  AnyActorScope,
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  AnyTransitionDefinition,
  EventObject,
} from 'xstate';

export interface SnapshotChanges {
  context?: unknown;
  /** The active state nodes, in xstate's order. */
  configuration?: AnyStateNode[];
  value?: unknown;
  status?: 'active' | 'done';
  /** The machine the snapshot belongs to (a clone sharing the state nodes). */
  machine?: AnyStateMachine;
}

/** The active state nodes of a snapshot, in xstate's order (its private `_nodes`). */
export function configuration(snapshot: AnyMachineSnapshot): AnyStateNode[] {
  return (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes;
}

/**
 * A snapshot as xstate's `createMachineSnapshot` makes it: the same fields in
 * the same order, so every snapshot of a game has one object shape
 * (spreading mixed shapes was a measurable cost), sharing the previous
 * snapshot's methods and unchanged parts.
 */
export function nextSnapshot(previous: AnyMachineSnapshot, changes: SnapshotChanges): AnyMachineSnapshot {
  const p = previous as any;
  const configurationChanged = changes.configuration !== undefined;
  return {
    status: changes.status ?? p.status,
    output: p.output,
    error: p.error,
    machine: changes.machine ?? p.machine,
    context: changes.context === undefined ? p.context : changes.context,
    _nodes: changes.configuration ?? p._nodes,
    value: changes.value ?? p.value,
    // xstate makes a new tag set per snapshot; the chart has no tags, so it is empty whenever the configuration changes.
    tags: configurationChanged ? new Set<string>() : p.tags,
    children: p.children,
    historyValue: p.historyValue,
    matches: p.matches,
    hasTag: p.hasTag,
    can: p.can,
    getMeta: p.getMeta,
    toJSON: p.toJSON,
  } as AnyMachineSnapshot;
}

/** xstate's own transition selection on one node (its internal `StateNode.next`), when it picks a single transition. */
export function selectedByXstate(
  node: AnyStateNode,
  snapshot: AnyMachineSnapshot,
  event: EventObject,
): AnyTransitionDefinition | undefined {
  const taken = (
    node as unknown as { next(s: AnyMachineSnapshot, e: EventObject): AnyTransitionDefinition[] | undefined }
  ).next(snapshot, event);
  return taken?.length === 1 ? taken[0] : undefined;
}

/** Reports a microstep to the actor system's inspectors, as xstate's interpreter does. */
export function reportMicrostep(
  scope: AnyActorScope,
  event: EventObject,
  snapshot: AnyMachineSnapshot,
  transitions: AnyTransitionDefinition[],
): void {
  const system = scope.system as unknown as { _sendInspectionEvent(event: object): void };
  system._sendInspectionEvent({
    type: '@xstate.microstep',
    actorRef: scope.self,
    event,
    snapshot,
    _transitions: transitions,
  });
}

/** Whether anyone may be watching this actor start: an inspected root, or any child (its system may be inspected). */
export function mayBeInspected(scope: AnyActorScope): boolean {
  const self = scope.self as unknown as { options?: { inspect?: unknown }; _parent?: unknown };
  return self === undefined || self._parent !== undefined || self.options?.inspect !== undefined;
}

/** The StateMachine methods xstate binds to the machine in its constructor. */
const BOUND_METHODS = ['transition', 'getInitialSnapshot', 'getPersistedSnapshot', 'restoreSnapshot', 'start'] as const;

/**
 * A machine sharing `base`'s state nodes, with its own config (the context
 * factory) and implementations, as xstate's constructor would make it for
 * the same config, without building the nodes again. xstate reads a
 * running machine's config and implementations through `this` or through
 * `snapshot.machine` (the clone); the nodes' own `machine` (still `base`) is
 * read only for its root and ids, which are the nodes themselves.
 */
export function cloneMachine<M extends AnyStateMachine>(
  base: M,
  config: object,
  implementations: M['implementations'],
): M {
  const proto = Object.getPrototypeOf(base) as Record<string, (...args: unknown[]) => unknown>;
  const clone = Object.assign(Object.create(proto), base, { config, implementations }) as Record<string, unknown>;
  for (const method of BOUND_METHODS) clone[method] = proto[method].bind(clone);
  return clone as unknown as M;
}
