/**
 * Stately Inspector for a match running in Node, in one call: starts
 * @statelyai/inspect's local bridge (a page on `port` that embeds Stately's
 * inspector and relays a WebSocket to it) and connects a WebSocket inspector
 * to it. Pass `inspect` to `createGame` / `createActor`, or give `sink` to the
 * local inspector server so both inspectors get the same stream.
 *
 * ```ts
 * const stately = connectStately({ port: 8080 });
 * const match = createGame(Discard, { numPlayers: 4, inspect: stately.inspect });
 * console.log(`open ${stately.url}`);
 * ```
 *
 * The bridge page loads https://stately.ai/inspect, so this one needs the
 * network (the local inspector page does not).
 */
import { createWebSocketInspector } from '@statelyai/inspect';
import { createInspectorServer } from '@statelyai/inspect/server';
import type { InspectionEvent, Observer } from 'xstate';
import { toStatelyInspector, type StatelySink } from './stately-stream';

export interface StatelyConnection {
  /** Open this in a browser to see Stately Inspector. */
  readonly url: string;
  /** xstate's `inspect` option. */
  readonly inspect: Observer<InspectionEvent>;
  /** Already converted (Stately-shaped) events go here. */
  readonly sink: StatelySink;
  stop(): void;
}

export function connectStately(options: { port?: number; autoOpen?: boolean } = {}): StatelyConnection {
  const port = options.port ?? 8080;
  const bridge = createInspectorServer({ port, autoOpen: options.autoOpen ?? false });
  const inspector = createWebSocketInspector({ url: `ws://localhost:${port}` });
  return {
    url: `http://localhost:${port}/`,
    inspect: inspector.inspect,
    sink: toStatelyInspector(inspector),
    stop() {
      inspector.stop();
      bridge.stop();
    },
  };
}
