/**
 * xstate's inspection events in Stately's shape, converted at once.
 * @statelyai/inspect's `inspect` observer converts later, in an idle
 * callback in a browser, which a busy page may put off indefinitely and
 * which falls out of order with the session's own messages; its manual API
 * (`actor`, `event`, `snapshot`) sends the same kinds of events at once.
 *
 * An actor's parent is not public in xstate: a child names the actor seen
 * so far whose snapshot lists it among its children, else the root (the
 * page shows root actors only; the chart's machine spawns none).
 */
import { createInspector, type StatelyInspectionEvent } from '@statelyai/inspect';
import type { AnyActorRef, InspectionEvent } from 'xstate';

function parentOf(actorRef: AnyActorRef, rootId: string, seen: Iterable<AnyActorRef>): string | undefined {
  if (actorRef.sessionId === rootId) return undefined;
  for (const candidate of seen) {
    const children = (candidate.getSnapshot() as { children?: Record<string, AnyActorRef> }).children ?? {};
    if (Object.values(children).includes(actorRef)) return candidate.sessionId;
  }
  return rootId;
}

export function statelyNow(send: (event: StatelyInspectionEvent) => void): (inspection: InspectionEvent) => void {
  const inspector = createInspector({ send }, { autoStart: false });
  const seen = new Map<string, AnyActorRef>();
  return (inspection) => {
    const actorRef = inspection.actorRef as AnyActorRef;
    switch (inspection.type) {
      case '@xstate.actor': {
        // Stopped actors (the chart actor is made anew on time travel) parent nothing any more.
        for (const [id, seenRef] of seen) if (seenRef.getSnapshot().status === 'stopped') seen.delete(id);
        const parentId = parentOf(actorRef, inspection.rootId, seen.values());
        seen.set(actorRef.sessionId, actorRef);
        return inspector.actor(actorRef, actorRef.getSnapshot(), { rootId: inspection.rootId, parentId });
      }
      case '@xstate.event':
        return inspector.event(actorRef, inspection.event, { source: inspection.sourceRef });
      case '@xstate.snapshot':
        return inspector.snapshot(actorRef, inspection.snapshot, { event: inspection.event });
    }
  };
}
