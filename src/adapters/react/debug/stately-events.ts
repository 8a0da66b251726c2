/**
 * xstate's inspection events in Stately's shape, converted at once.
 * @statelyai/inspect's `inspect` observer converts later, in an idle
 * callback in a browser, which a busy page may put off indefinitely and
 * which falls out of order with the session's own messages; its manual API
 * (`actor`, `event`, `snapshot`) sends the same kinds of events at once.
 */
import { createInspector, type StatelyInspectionEvent } from '@statelyai/inspect';
import type { AnyActorRef, InspectionEvent } from 'xstate';

export function statelyNow(send: (event: StatelyInspectionEvent) => void): (inspection: InspectionEvent) => void {
  const inspector = createInspector({ send }, { autoStart: false });
  return (inspection) => {
    const actorRef = inspection.actorRef as AnyActorRef;
    switch (inspection.type) {
      case '@xstate.actor':
        // A game machine spawns no actors: each actor seen here is a root, with no parent (xstate keeps a parent private).
        return inspector.actor(actorRef, actorRef.getSnapshot(), { rootId: inspection.rootId });
      case '@xstate.event':
        return inspector.event(actorRef, inspection.event, { source: inspection.sourceRef });
      case '@xstate.snapshot':
        return inspector.snapshot(actorRef, inspection.snapshot, { event: inspection.event });
    }
  };
}
