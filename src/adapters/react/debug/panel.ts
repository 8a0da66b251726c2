/**
 * The debug panel of turnchart/react: the inspector page itself (its HTML,
 * styles and script, page/*), running in an iframe beside the board and fed
 * by a DebugSession over postMessage instead of the inspector server's
 * WebSocket. The iframe keeps the page's styles and element ids away from
 * the app's. It folds to a tab at the window's edge.
 *
 * Loaded lazily by the Client, and only outside production builds.
 */
import { createElement as h, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import script from 'turnchart:inspector-page-script';
import type { TurnchartClient } from '../../boardgameio/client';
import { pageHtml } from '../../inspect/page-html';
import type { PageMessage } from '../../inspect/protocol';
import type { DebugBuffer } from '../debug-buffer';
import { DebugSession } from './debug-session';

export interface DebugPanelProps {
  client: TurnchartClient;
  buffer: DebugBuffer;
  /** Start folded (boardgame.io's `debug: { collapseOnLoad: true }`). */
  collapseOnLoad?: boolean;
  /** No button to fold it. */
  hideToggleButton?: boolean;
}

const PANEL: CSSProperties = {
  position: 'fixed',
  top: 0,
  right: 0,
  bottom: 0,
  width: 'min(62vw, 1100px)',
  zIndex: 2147483000,
  display: 'flex',
  boxShadow: '-2px 0 8px rgba(15, 23, 42, .25)',
  background: '#f8fafc',
};
const FRAME: CSSProperties = { flex: 1, border: 'none', height: '100%', minWidth: 0 };
const TAB: CSSProperties = {
  position: 'fixed',
  top: 8,
  right: 0,
  zIndex: 2147483001,
  font: '12px system-ui, sans-serif',
  padding: '4px 8px',
  border: '1px solid #64748b',
  borderRight: 'none',
  borderRadius: '4px 0 0 4px',
  background: '#1e293b',
  color: '#f1f5f9',
  cursor: 'pointer',
};

/** Everything the session published, kept so a page that loads (or reloads) late gets the whole stream, as the inspector server does. */
function useStream(client: TurnchartClient, buffer: DebugBuffer) {
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
  }, []);
  useEffect(() => {
    session.start();
    let drawn = true;
    session
      .drawChart()
      .catch(
        (error: unknown) =>
          drawn && post({ type: 'turnchart.error', message: `the chart could not be drawn: ${String(error)}` }),
      );
    const onMessage = (event: MessageEvent) => {
      const message = (event.data as { turnchartPage?: PageMessage } | null)?.turnchartPage;
      if (event.source === frame.current?.contentWindow && message) session.receive(message);
    };
    window.addEventListener('message', onMessage);
    return () => {
      drawn = false;
      window.removeEventListener('message', onMessage);
      session.stop();
    };
  }, [session, post]);
  return { frame, onLoad };
}

export default function DebugPanel({ client, buffer, collapseOnLoad, hideToggleButton }: DebugPanelProps) {
  const [open, setOpen] = useState(!collapseOnLoad);
  const { frame, onLoad } = useStream(client, buffer);
  const html = useMemo(() => pageHtml(client.game.name ?? 'game', { script }), [client]);
  return h(
    'div',
    { className: 'turnchart-debug', 'data-open': String(open) },
    hideToggleButton
      ? null
      : h(
          'button',
          {
            type: 'button',
            className: 'turnchart-debug-toggle',
            style: { ...TAB, right: open ? PANEL.width : 0 },
            onClick: () => setOpen(!open),
            title: open ? 'fold the chart' : 'show the chart',
          },
          open ? 'chart ▶' : '◀ chart',
        ),
    // Folded, the frame stays (hidden): the page keeps its state and its stream.
    h(
      'div',
      { style: { ...PANEL, display: open ? 'flex' : 'none' } },
      h('iframe', {
        ref: frame,
        className: 'turnchart-debug-frame',
        title: 'turnchart: the live chart',
        srcDoc: html,
        onLoad,
        style: FRAME,
      }),
    ),
  );
}
