/**
 * Stately Inspector for a match running in Node, in one call: starts a local
 * bridge (a page on `port` that embeds Stately's inspector, and a WebSocket
 * that relays the match's events to it, as @statelyai/inspect's
 * `createInspectorServer` does) and connects @statelyai/inspect's WebSocket
 * inspector to it. Pass `inspect` to `createGame` / `createActor`, or give
 * `sink` to the local inspector server so both inspectors get the same stream.
 *
 * ```ts
 * const stately = connectStately({ port: 8080 });
 * await stately.ready; // rejects when the port is in use
 * const match = createGame(Discard, { numPlayers: 4, inspect: stately.inspect });
 * console.log(`open ${stately.url}`);
 * ```
 *
 * The bridge page loads https://stately.ai/inspect, so this one needs the
 * network (the local inspector page does not); when stately.ai cannot be
 * reached, the page says so instead of showing an empty frame.
 */
import { createServer, type Server } from 'node:http';
import { createWebSocketInspector } from '@statelyai/inspect';
import type { InspectionEvent, Observer } from 'xstate';
import { WebSocket, WebSocketServer } from 'ws';
import { openInBrowser } from './open-browser';
import { toStatelyInspector, type StatelySink } from './stately-stream';

export interface StatelyConnection {
  /** Open this in a browser to see Stately Inspector. */
  readonly url: string;
  /** xstate's `inspect` option. */
  readonly inspect: Observer<InspectionEvent>;
  /** Already converted (Stately-shaped) events go here. */
  readonly sink: StatelySink;
  /** Resolves once the bridge listens; rejects with the listen error (`code: 'EADDRINUSE'` for a port in use). Events wait for it. */
  readonly ready: Promise<void>;
  stop(): void;
}

const STATELY_URL = 'https://stately.ai/inspect';
/** Events the bridge keeps for a page that opens later. */
const KEPT_EVENTS = 100_000;

/** The bridge page: Stately's inspector in a frame, fed from the WebSocket; a message when stately.ai cannot be reached. */
export function bridgeHtml(inspectorUrl: string = STATELY_URL): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Stately Inspector (turnchart)</title>
<style>
  * { margin: 0; padding: 0; box-sizing: border-box; }
  html, body { height: 100%; font: 15px/1.5 system-ui, sans-serif; color: #1f2937; }
  iframe { width: 100%; height: 100%; border: none; display: block; }
  #message { padding: 40px; max-width: 720px; }
  #message h1 { font-size: 20px; margin-bottom: 8px; }
  #notice { position: fixed; top: 0; left: 0; right: 0; padding: 6px 12px; background: #fef3c7; color: #92400e; font-size: 13px; display: none; }
</style>
</head>
<body>
<div id="message"><p>Connecting to ${inspectorUrl} …</p></div>
<div id="notice"></div>
<script>
  const url = ${JSON.stringify(inspectorUrl)};
  const buffer = [];
  let frame = null;
  let connected = false;
  const say = (title, text) => {
    document.getElementById('message').innerHTML = '';
    const h = document.createElement('h1');
    h.textContent = title;
    const p = document.createElement('p');
    p.textContent = text;
    document.getElementById('message').append(h, p);
  };
  window.addEventListener('message', (e) => {
    if (e.data && e.data.type === '@statelyai.connected') {
      connected = true;
      document.getElementById('notice').style.display = 'none';
      for (const event of buffer.splice(0)) frame.contentWindow.postMessage(event, '*');
    }
  });
  const ws = new WebSocket('ws://' + location.host);
  ws.onmessage = (event) => {
    const data = JSON.parse(event.data);
    if (connected) frame.contentWindow.postMessage(data, '*');
    else buffer.push(data);
  };
  ws.onclose = () => {
    const notice = document.getElementById('notice');
    notice.textContent = 'The match has stopped (the turnchart command ended): reload once it runs again.';
    notice.style.display = 'block';
  };
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 8000);
  fetch(url, { mode: 'no-cors', cache: 'no-store', signal: controller.signal }).then(
    () => {
      document.getElementById('message').remove();
      frame = document.createElement('iframe');
      frame.src = url;
      document.body.prepend(frame);
      setTimeout(() => {
        if (connected) return;
        const notice = document.getElementById('notice');
        notice.textContent = 'Stately Inspector has not answered yet: ' + url + ' may be slow or blocked.';
        notice.style.display = 'block';
      }, 20000);
    },
    () => say('Stately Inspector cannot be reached', url + ' does not answer: this computer looks offline, or the site is blocked. The turnchart inspector page works without it; reload this page once online.'),
  );
</script>
</body>
</html>
`;
}

/** The bridge: the page, and a WebSocket relaying what one client sends to the others (and to later ones). */
function startBridge(port: number): { server: Server; ready: Promise<void>; stop(): void } {
  const kept: string[] = [];
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(bridgeHtml());
  });
  const sockets = new WebSocketServer({ server });
  // The WebSocket server re-emits the HTTP server's errors: they reject `ready` instead of crashing the process.
  sockets.on('error', () => undefined);
  sockets.on('connection', (socket) => {
    for (const text of kept) socket.send(text);
    socket.on('message', (data) => {
      const text = data.toString();
      kept.push(text);
      if (kept.length > KEPT_EVENTS) kept.shift();
      for (const client of sockets.clients)
        if (client !== socket && client.readyState === WebSocket.OPEN) client.send(text);
    });
  });
  const ready = new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    server,
    ready,
    stop() {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.close();
    },
  };
}

export function connectStately(options: { port?: number; autoOpen?: boolean } = {}): StatelyConnection {
  const port = options.port ?? 8080;
  const bridge = startBridge(port);
  // Started once the bridge listens: until then (or if it cannot), events wait in the inspector.
  const inspector = createWebSocketInspector({ url: `ws://localhost:${port}`, autoStart: false });
  const ready = bridge.ready.then(() => {
    inspector.start();
    if (options.autoOpen) openInBrowser(`http://localhost:${port}/`);
  });
  ready.catch(() => bridge.stop());
  return {
    url: `http://localhost:${port}/`,
    inspect: inspector.inspect,
    sink: toStatelyInspector(inspector),
    ready,
    stop() {
      inspector.stop();
      bridge.stop();
    },
  };
}
