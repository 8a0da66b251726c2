/**
 * The local inspector: an HTTP server for the page and a WebSocket that
 * streams the match to it. The match runs here, in an InspectorSession whose
 * actors are inspected; every inspection event is converted once to Stately's
 * shape and goes to every page (and to any other Stately inspector given as a
 * sink), in order with the session's own messages. A page that connects late
 * is sent the whole stream from the start, so every page shows the same match.
 *
 * Nothing here needs the network: the chart is drawn on the server (ELK via
 * the diagram adapter) and the page script is served from memory.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { reachedStates, type ReachedStates } from '../diagram/reached';
import { activeTurns, chartMessage } from './chart-tree';
import { createGameMachine, type Game } from '../../machines';
import { pageHtml } from './page-html';
import { loadPageScript } from './page-script';
import { SOCKET_PATH, type PageMessage, type ServerMessage } from './protocol';
import { InspectorSession } from '../qa/inspector-session';
import { sessionTrace } from '../qa/session-trace';
import { statelyStream, toWire, type StatelyInspectionEvent, type StatelySink } from './stately-stream';

type PagePane = { width: number; height: number };

export interface InspectorServerOptions {
  game: Game;
  numPlayers: number;
  seed?: string | number;
  setupData?: unknown;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Port (default 0: any free port). */
  port?: number;
  /** The page's bundled script (default: loadPageScript(), see page-script.ts). */
  pageScript?: string;
  /** Other Stately inspectors that get the same event stream, e.g. `toStatelyInspector(createWebSocketInspector(...))`. */
  sinks?: StatelySink[];
  /** Grey the states no play reaches, found by playing the game for a few seconds once the server is up (default true). */
  reached?: boolean;
}

export interface InspectorServer {
  /** The page's address, e.g. http://127.0.0.1:4173/ */
  readonly url: string;
  readonly port: number;
  readonly session: InspectorSession;
  close(): Promise<void>;
}

function parsePageMessage(data: string): PageMessage | string {
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return 'not JSON';
  }
  const type = (message as { type?: unknown } | null)?.type;
  if (type === 'back' || type === 'forward' || type === 'expire') return { type };
  if (type === 'goto' && Number.isInteger((message as { position?: unknown }).position)) return message as PageMessage;
  if (type === 'send' && typeof (message as { request?: unknown }).request === 'object') return message as PageMessage;
  const { expanded, pane } = message as { expanded?: unknown; pane?: { width?: unknown; height?: unknown } };
  const size = (value: unknown) => typeof value === 'number' && value >= 100 && value <= 10_000;
  if (type === 'layout' && Array.isArray(expanded) && expanded.every((id) => typeof id === 'string'))
    return { type, expanded, ...(pane && size(pane.width) && size(pane.height) ? { pane: pane as PagePane } : {}) };
  return `unknown message ${JSON.stringify(type)}`;
}

export async function startInspectorServer(options: InspectorServerOptions): Promise<InspectorServer> {
  const pageScript = options.pageScript ?? (await loadPageScript());
  const stream: string[] = [];
  const sockets = new Set<WebSocket>();
  const publish = (message: ServerMessage | StatelyInspectionEvent) => {
    const text = JSON.stringify(toWire(message));
    stream.push(text);
    for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(text);
  };
  // Session messages wait for the next tick, as @statelyai/inspect's conversion does, so both stay in order.
  const later = (message: ServerMessage) => setTimeout(() => publish(message), 0);

  const seed = options.seed ?? `inspect-${Date.now().toString(36)}`;
  const players = Array.from({ length: options.numPlayers }, (_, seat) => String(seat));
  const machine = createGameMachine(options.game, { numPlayers: options.numPlayers });
  publish({
    type: 'turnchart.match',
    name: options.game.name ?? 'game',
    numPlayers: options.numPlayers,
    seed,
    players,
  });
  const session = new InspectorSession({
    game: options.game,
    numPlayers: options.numPlayers,
    seed,
    setupData: options.setupData,
    inspect: statelyStream([publish, ...(options.sinks ?? [])]),
    onMessage: later,
    // Time runs in the inspector as it would in play; its timeouts are requests of the timeline.
    time: 'real',
  });
  // The chart with the turns the match is in drawn open, the others closed; a page asks for others (`layout`).
  let played: ReachedStates | undefined;
  const chartFor = (expanded: readonly string[], pane?: PagePane) =>
    chartMessage(machine, { game: options.game, played, expanded, ...(pane ? { pane } : {}) });
  const playing = () => activeTurns(machine, session.actor.getSnapshot().value);
  publish(await chartFor(playing()));

  const html = pageHtml(options.game.name ?? 'game');
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0];
    const reply = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
      response.end(body);
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply(405, 'text/plain', 'method not allowed');
    if (path === '/' || path === '/index.html') return reply(200, 'text/html', html);
    if (path === '/page.js') return reply(200, 'text/javascript', pageScript);
    if (path === '/favicon.ico') return reply(204, 'text/plain', '');
    if (path === '/stream.json') return reply(200, 'application/json', `[${stream.join(',')}]`);
    if (path === '/trace.json') {
      // The match up to the current position as a turnchart-trace/1 file (the page's "save trace"; see turnchart/qa).
      response.setHeader(
        'content-disposition',
        `attachment; filename="${(options.game.name ?? 'game').replace(/[^\w.-]+/g, '-')}-trace.json"`,
      );
      return reply(
        200,
        'application/json',
        `${JSON.stringify(sessionTrace(session, { setupData: options.setupData, recordedBy: 'inspector' }), null, 2)}\n`,
      );
    }
    return reply(404, 'text/plain', 'not found');
  });

  // Only this server's own page (or a client that is not a browser): another site open in the browser may not drive the match.
  const sameOrigin = (request: IncomingMessage) => {
    const origin = request.headers.origin;
    return origin === undefined || origin === `http://${request.headers.host}`;
  };
  const sockets$ = new WebSocketServer({
    server,
    path: SOCKET_PATH,
    verifyClient: ({ req }: { req: IncomingMessage }) => sameOrigin(req),
  });
  sockets$.on('connection', (socket) => {
    for (const text of stream) socket.send(text);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A page's layouts are drawn one after another: the last it asked for comes last.
    let layouts = Promise.resolve();
    socket.on('message', (data) => {
      const message = parsePageMessage(String(data));
      if (typeof message === 'string') {
        socket.send(JSON.stringify({ type: 'turnchart.error', message }));
        return;
      }
      if (message.type === 'layout') {
        layouts = layouts
          .then(() => chartFor(message.expanded, message.pane))
          .then(
            (chart) => {
              if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(chart));
            },
            (error: unknown) => {
              if (socket.readyState === socket.OPEN)
                socket.send(JSON.stringify({ type: 'turnchart.error', message: `the chart: ${String(error)}` }));
            },
          );
        return;
      }
      if (message.type === 'back') session.back();
      else if (message.type === 'forward') session.forward();
      else if (message.type === 'goto') session.goto(message.position);
      else if (message.type === 'expire') session.expire();
      else session.send(message.request);
    });
  });

  // The WebSocket server re-emits the HTTP server's errors: a busy port must reject here, not crash the process.
  sockets$.on('error', () => undefined);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    session.stop();
    sockets$.close();
    throw error;
  }
  let closed = false;
  if (options.reached ?? true) {
    // Playing the game to find the states it reaches takes a moment: the page gets the chart first, greyed after.
    setTimeout(async () => {
      try {
        if (closed) return;
        played = reachedStates(options.game, { numPlayers: options.numPlayers, setupData: options.setupData });
        const chart = await chartFor(playing());
        if (!closed) publish(chart);
      } catch {
        // The game could not be explored (its code threw): the chart stays as drawn.
      }
    }, 50);
  }
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}/`,
    port: address.port,
    session,
    close: () =>
      new Promise<void>((resolve) => {
        closed = true;
        session.stop();
        for (const socket of sockets) socket.terminate();
        sockets$.close();
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}
