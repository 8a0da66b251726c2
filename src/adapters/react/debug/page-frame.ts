/**
 * The inspector page itself (its HTML, styles and script, inspect/page/*)
 * in an iframe, fed by a DebugSession over postMessage instead of the
 * inspector server's WebSocket. The iframe keeps the page's styles and
 * element ids away from the app's. It stays mounted while the panel is
 * folded or another client's panel shows, so the page keeps its state.
 */
import { createElement as h, useCallback, useEffect, useMemo, useRef, type CSSProperties } from 'react';
import script from 'turnchart:inspector-page-script';
import type { TurnchartClient } from '../../boardgameio/client';
import { pageHtml } from '../../inspect/page-html';
import type { PageMessage } from '../../inspect/protocol';
import type { DebugBuffer } from '../debug-buffer';
import { DebugSession } from './debug-session';

/** The chart's text in the panel: never smaller (the chart pane scrolls instead). */
const MIN_TEXT_PX = 11;

const FRAME: CSSProperties = { flex: 1, border: 'none', width: '100%', minWidth: 0, minHeight: 0, display: 'block' };

/** Everything the session published, kept so a page that loads (or reloads) late gets the whole stream, as the inspector server does. */
function useStream(client: TurnchartClient, buffer: DebugBuffer, onWindow: (frame: Window | null) => void) {
  const frame = useRef<HTMLIFrameElement>(null);
  const loaded = useRef(false);
  const stream = useRef<unknown[]>([]);
  const post = useCallback((message: unknown) => {
    stream.current.push(message);
    if (loaded.current) frame.current?.contentWindow?.postMessage({ turnchartStream: message }, '*');
  }, []);
  const session = useMemo(() => new DebugSession(client, buffer, post), [client, buffer, post]);
  const onLoad = useCallback(() => {
    loaded.current = true;
    for (const message of stream.current) frame.current?.contentWindow?.postMessage({ turnchartStream: message }, '*');
    onWindow(frame.current?.contentWindow ?? null);
  }, [onWindow]);
  useEffect(() => {
    session.start();
    // A chart that cannot be drawn is said to the page (panel-chart.ts).
    void session.drawChart();
    const onMessage = (event: MessageEvent) => {
      const message = (event.data as { turnchartPage?: PageMessage } | null)?.turnchartPage;
      if (event.source === frame.current?.contentWindow && message) session.receive(message);
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      session.stop();
    };
  }, [session, post]);
  useEffect(() => () => onWindow(null), [onWindow]);
  return { frame, onLoad };
}

export function PageFrame({
  client,
  buffer,
  ignorePointer,
  onWindow,
}: {
  client: TurnchartClient;
  buffer: DebugBuffer;
  /** While the panel is resized: the drag must not be lost over the frame. */
  ignorePointer: boolean;
  /** The page's window once it loaded (same origin: the panel's shortcuts listen there too), null once gone. */
  onWindow: (frame: Window | null) => void;
}) {
  const { frame, onLoad } = useStream(client, buffer, onWindow);
  const html = useMemo(() => pageHtml(client.game.name ?? 'game', { script, minTextPx: MIN_TEXT_PX }), [client]);
  return h('iframe', {
    ref: frame,
    className: 'turnchart-debug-frame',
    title: 'turnchart: the live chart',
    srcDoc: html,
    onLoad,
    style: { ...FRAME, pointerEvents: ignorePointer ? 'none' : undefined },
  });
}
