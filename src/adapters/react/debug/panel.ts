/**
 * The debug panel of turnchart/react: boardgame.io's panel (reset, save and
 * restore, the board's seat, the AI tab, its keyboard shortcuts) around the
 * live chart, which is the inspector page itself (page-frame.ts). It docks
 * beside or below the app, which gives up the room (dock-layout.ts), so it
 * never covers the board; it resizes by its inner edge and folds to a strip.
 *
 * Loaded lazily by the Client, and only outside production builds.
 */
import { createElement as h, useEffect, useMemo, useState, useSyncExternalStore, type CSSProperties } from 'react';
import type { TurnchartClient } from '../../boardgameio/client';
import type { DebugBuffer } from '../debug-buffer';
import { AiTab } from './ai-tab';
import { dock, dockedSize, FOLDED_SIZE, useDockLayout, useDockSpace, type DockSide } from './dock-layout';
import { MainTab, mainControls, type ControlNote } from './main-tab';
import { MovePrompt } from './move-prompt';
import { PageFrame } from './page-frame';
import { EVENT_KEYS, keyAction, type Tab } from './panel-keys';
import { panelRegistry } from './panel-registry';
import { ResizeHandle } from './resize-handle';
import { moveKeys, useShortcuts } from './shortcuts';
import { BAR, BUTTON, COLUMN, FIELD, FONT, PANEL, SPACER, TITLE, button } from './styles';
import { useBots } from './use-bots';

export interface DebugPanelProps {
  client: TurnchartClient;
  buffer: DebugBuffer;
  /** Start folded (boardgame.io's `debug: { collapseOnLoad: true }`). */
  collapseOnLoad?: boolean;
  /** No button to fold or unfold it (the `.` key still does). */
  hideToggleButton?: boolean;
}

const PLACE: Record<DockSide, (size: number) => CSSProperties> = {
  right: (size) => ({ top: 0, right: 0, bottom: 0, width: size, flexDirection: 'row' }),
  bottom: (size) => ({ left: 0, right: 0, bottom: 0, height: size, flexDirection: 'column' }),
};

/** Re-render on every change of the client (its state, its seat). */
function useClientUpdates(client: TurnchartClient): void {
  const [, setVersion] = useState(0);
  useEffect(() => client.subscribe(() => setVersion((version) => version + 1)), [client]);
}

/** The folded panel: a strip at the dock's edge that unfolds it. */
function FoldedStrip({ side }: { side: DockSide }) {
  const vertical = side === 'right';
  return h(
    'button',
    {
      type: 'button',
      className: 'turnchart-debug-toggle',
      title: 'show the debug panel (key .)',
      onClick: dock.toggle,
      style: {
        ...BUTTON,
        ...PANEL,
        ...PLACE[side](FOLDED_SIZE),
        background: '#1e293b',
        borderRadius: 0,
        padding: 0,
        justifyContent: 'center',
        alignItems: 'center',
        writingMode: vertical ? 'vertical-rl' : undefined,
      },
    },
    vertical ? '◀ turnchart debug' : '▲ turnchart debug',
  );
}

function ClientSwitcher({ client }: { client: TurnchartClient }) {
  const clients = panelRegistry.all();
  if (clients.length < 2) return null;
  return h(
    'select',
    {
      name: 'client',
      'aria-label': 'which client the panel shows',
      value: String(clients.indexOf(client)),
      onChange: (event: { target: { value: string } }) => panelRegistry.show(clients[Number(event.target.value)]),
      style: FIELD,
    },
    clients.map((other, index) =>
      h('option', { key: index, value: String(index) }, `client ${index}: player ${other.playerID ?? '—'}`),
    ),
  );
}

export default function DebugPanel({ client, buffer, collapseOnLoad, hideToggleButton }: DebugPanelProps) {
  useEffect(() => panelRegistry.add(client), [client]);
  useSyncExternalStore(panelRegistry.subscribe, panelRegistry.snapshot, panelRegistry.snapshot);
  useClientUpdates(client);
  const shown = panelRegistry.isShown(client);
  const layout = useDockLayout(collapseOnLoad === true);
  const size = dockedSize(layout);
  const [tab, setTab] = useState<Tab>('main');
  const [frameWindow, setFrameWindow] = useState<Window | null>(null);
  const [dragging, setDragging] = useState(false);
  const [note, setNote] = useState<ControlNote | undefined>(undefined);
  const [prompt, setPrompt] = useState<string | undefined>(undefined);
  const bots = useBots(client);
  const controls = useMemo(() => mainControls(client, setNote), [client]);
  const keys = useMemo(() => moveKeys(Object.keys(client.moves)), [client]);
  const folded = hideToggleButton ? 0 : FOLDED_SIZE;
  useDockSpace(shown, layout.side, layout.open ? size : folded);

  useShortcuts(shown ? frameWindow : null, shown, (key) => {
    const action = keyAction(key, {
      client,
      open: layout.open,
      tab,
      setTab,
      controls,
      bots,
      moveKeys: keys,
      prompt,
      setPrompt,
    });
    void action?.();
    return action !== undefined;
  });

  const tabButton = (name: Tab, label: string) =>
    button(label, {
      name: `tab-${name}`,
      shortcut: name[0],
      title: name === 'main' ? 'controls and seats' : "turnchart's bots",
      pressed: tab === name,
      onClick: () => setTab(name),
    });
  const bar = h(
    'div',
    { className: 'turnchart-debug-bar', style: BAR },
    h('span', { style: TITLE }, 'turnchart debug'),
    tabButton('main', 'main'),
    tabButton('ai', 'AI'),
    h(ClientSwitcher, { client }),
    h('span', { style: SPACER }),
    button(layout.side === 'right' ? 'dock below' : 'dock beside', {
      name: 'dock-side',
      title: 'move the panel below or beside the app',
      onClick: dock.flip,
    }),
    hideToggleButton
      ? null
      : h(
          'button',
          {
            type: 'button',
            className: 'turnchart-debug-toggle',
            title: 'fold the debug panel (key .)',
            onClick: dock.toggle,
            style: BUTTON,
          },
          layout.side === 'right' ? 'fold ▶' : 'fold ▼',
        ),
  );
  const moves = Object.keys(keys).map((name) =>
    button(name, {
      name: `move-${name}`,
      shortcut: keys[name],
      title: `play ${name} (arguments asked)`,
      onClick: () => setPrompt(name),
    }),
  );
  const events = Object.entries(EVENT_KEYS)
    .filter(([, name]) => client.events[name])
    .map(([key, name]) =>
      button(name, {
        name: `event-${name}`,
        shortcut: key,
        title: `send ${name}`,
        onClick: () => client.events[name]!(),
      }),
    );
  const body =
    tab === 'main' ? h(MainTab, { client, controls, note, moves: [...moves, ...events] }) : h(AiTab, { bots });
  return h(
    'div',
    {
      className: 'turnchart-debug',
      'data-open': String(layout.open),
      'data-side': layout.side,
      'data-shown': String(shown),
      style: { font: FONT },
    },
    shown && !layout.open && !hideToggleButton ? h(FoldedStrip, { side: layout.side }) : null,
    // Folded, or another client's panel shown, the frame stays (hidden): the page keeps its state and its stream.
    h(
      'div',
      {
        className: 'turnchart-debug-dock',
        role: 'complementary',
        'aria-label': 'turnchart debug panel',
        style: { ...PANEL, ...PLACE[layout.side](size), display: shown && layout.open ? 'flex' : 'none' },
      },
      h(ResizeHandle, { side: layout.side, size, onDragging: setDragging }),
      h(
        'div',
        { style: COLUMN },
        bar,
        body,
        prompt ? h(MovePrompt, { key: prompt, client, move: prompt, onClose: () => setPrompt(undefined) }) : null,
        h(PageFrame, { client, buffer, ignorePointer: dragging, onWindow: setFrameWindow }),
      ),
    ),
  );
}
