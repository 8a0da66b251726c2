/**
 * xstate's inspection events in the shape Stately Inspector receives them.
 * The conversion is @statelyai/inspect's own (`createInspector`), so the
 * local page and a Stately inspector connected with `createWebSocketInspector`
 * or `createBrowserInspector` get the same `@xstate.actor`, `@xstate.event`
 * and `@xstate.snapshot` events.
 */
import { createInspector, type StatelyInspectionEvent } from '@statelyai/inspect';
import type { InspectionEvent } from 'xstate';

export type { StatelyInspectionEvent };

/** Somewhere Stately-shaped events go: the page's socket, a Stately inspector's adapter. */
export type StatelySink = (event: StatelyInspectionEvent) => void;

/**
 * An xstate `inspect` callback that converts each event once and hands it to
 * every sink. Like @statelyai/inspect, it converts on the next tick (after
 * the actor has finished its step), in order.
 */
export function statelyStream(sinks: StatelySink[]): (event: InspectionEvent) => void {
  const inspector = createInspector({ send: (event) => sinks.forEach((sink) => sink(event)) }, { autoStart: false });
  return (event) => inspector.inspect.next?.(event);
}

/** Forward a Stately-shaped event to a Stately inspector made by `createWebSocketInspector` / `createBrowserInspector`. */
export function toStatelyInspector(inspector: { adapter: { send(event: StatelyInspectionEvent): void } }): StatelySink {
  return (event) => inspector.adapter.send(event);
}

const MAX_DEPTH = 10;

/**
 * Plain JSON data for the wire, as Stately's WebSocket adapter makes it:
 * `toJSON` is honoured, functions become `{ type: <name> }`, cycles and
 * anything deeper than 10 levels are cut.
 */
export function toWire(value: unknown, depth = 0, ancestors: object[] = []): unknown {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'function') return { type: value.name || 'anonymous' };
    if (typeof value === 'bigint') return value.toString();
    if (typeof value === 'number' && !Number.isFinite(value)) return null;
    return value === undefined ? undefined : value;
  }
  const withJson = value as { toJSON?: () => unknown };
  if (typeof withJson.toJSON === 'function') return toWire(withJson.toJSON(), depth, ancestors);
  if (ancestors.includes(value)) return '[Circular]';
  if (depth >= MAX_DEPTH) return '[...]';
  const inner = [...ancestors, value];
  if (Array.isArray(value)) return value.map((item) => toWire(item, depth + 1, inner) ?? null);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const plain = toWire(item, depth + 1, inner);
    if (plain !== undefined) out[key] = plain;
  }
  return out;
}
