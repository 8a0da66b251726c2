/**
 * "Stately Inspector ↗" on the page: opens Stately's inspector in a new
 * window with @statelyai/inspect's `createBrowserInspector` and hands it the
 * Stately-shaped events this page receives — the ones already received
 * (replayed once the window says it is connected) and every later one — so it
 * shows the same match as this page. Stately's inspector is a web app: this
 * one button needs the network.
 */
import { createBrowserInspector, type StatelyInspectionEvent } from '@statelyai/inspect';

const received: StatelyInspectionEvent[] = [];
let forward: ((event: StatelyInspectionEvent) => void) | undefined;

export function isStatelyEvent(message: { type?: unknown }): message is StatelyInspectionEvent {
  return message.type === '@xstate.actor' || message.type === '@xstate.event' || message.type === '@xstate.snapshot';
}

/** Remember (and pass on, once a Stately window is open) one event of the stream. */
export function noteStatelyEvent(event: StatelyInspectionEvent): void {
  received.push(event);
  forward?.(event);
}

export function openStatelyInspector(): void {
  if (forward) return;
  const inspector = createBrowserInspector({ maxDeferredEvents: 100_000 });
  forward = (event) => inspector.adapter.send(event);
  // The adapter keeps them until the window connects, then posts them all.
  received.forEach(forward);
}
