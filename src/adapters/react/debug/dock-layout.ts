/**
 * Where the debug panel docks: beside the app (right) or below it, how
 * large, and whether it is folded. The panel never covers the app: the page
 * gives up the panel's room (a margin on the root element, as a browser's
 * docked devtools take theirs from the window), so the app lays itself out
 * in what is left, and its clicks land on it. An app whose own elements are
 * `position: fixed` to the window's edge, or sized in `vw`, still reaches
 * under the panel.
 *
 * One layout for the page (one panel shows at a time): switching the shown
 * client keeps it.
 */
import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';

export type DockSide = 'right' | 'bottom';

export interface DockLayout {
  side: DockSide;
  /** The panel's width (right) or height (bottom), as asked; see `dockedSize` for what it gets. */
  size: number;
  open: boolean;
}

/** The folded panel: a strip this wide (or high) at the dock's edge. */
export const FOLDED_SIZE = 28;
/** The least the panel and the app each keep, in px along the dock's axis. */
const PANEL_MIN: Record<DockSide, number> = { right: 300, bottom: 180 };
const APP_MIN: Record<DockSide, number> = { right: 320, bottom: 200 };
/** Narrower windows dock below. */
const SIDE_DOCK_FROM = 820;

const viewport = (side: DockSide) => (side === 'right' ? window.innerWidth : window.innerHeight);

/** About half the window, for the chart to read at its drawn size. */
function defaultSize(side: DockSide): number {
  return side === 'right'
    ? Math.round(Math.min(900, Math.max(360, window.innerWidth * 0.52)))
    : Math.round(Math.min(700, Math.max(240, window.innerHeight * 0.45)));
}

/** The size the panel gets in the window as it is now: the app keeps its minimum first. */
export function dockedSize(layout: DockLayout): number {
  const room = viewport(layout.side);
  const most = room - APP_MIN[layout.side];
  return Math.round(Math.max(Math.min(layout.size, most), Math.min(PANEL_MIN[layout.side], room / 2)));
}

/** The bounds a resize keeps to, in the window as it is now. */
export function sizeBounds(side: DockSide): { min: number; max: number } {
  const room = viewport(side);
  const min = Math.min(PANEL_MIN[side], room / 2);
  return { min: Math.round(min), max: Math.round(Math.max(min, room - APP_MIN[side])) };
}

let layout: DockLayout | undefined;
const listeners = new Set<() => void>();

function current(): DockLayout {
  if (!layout) {
    const side: DockSide = window.innerWidth >= SIDE_DOCK_FROM ? 'right' : 'bottom';
    layout = { side, size: defaultSize(side), open: true };
  }
  return layout;
}

function update(change: Partial<DockLayout>): void {
  layout = { ...current(), ...change };
  for (const listener of [...listeners]) listener();
}

export const dock = {
  toggle: () => update({ open: !current().open }),
  setOpen: (open: boolean) => update({ open }),
  resize: (size: number) => {
    const { min, max } = sizeBounds(current().side);
    update({ size: Math.round(Math.min(max, Math.max(min, size))) });
  },
  /** Beside ⇄ below, at that side's default size. */
  flip: () => {
    const side: DockSide = current().side === 'right' ? 'bottom' : 'right';
    update({ side, size: defaultSize(side) });
  },
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The page's dock layout; `startFolded` applies when the page has none yet (the first panel's `collapseOnLoad`). */
export function useDockLayout(startFolded: boolean): DockLayout {
  if (!layout && startFolded) layout = { ...current(), open: false };
  const shared = useSyncExternalStore(subscribe, current, current);
  // The window's size bounds the panel's (dockedSize): render again when it changes.
  const [, setViewport] = useState(() => [window.innerWidth, window.innerHeight]);
  useEffect(() => {
    const onResize = () => setViewport([window.innerWidth, window.innerHeight]);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return shared;
}

const SPACE_ID = 'turnchart-debug-dock-space';

/** The app's page gives up `size` px at the dock's side while `active` (the shown panel); nothing once it unmounts. */
export function useDockSpace(active: boolean, side: DockSide, size: number): void {
  useLayoutEffect(() => {
    if (!active || size <= 0) return;
    const style = document.createElement('style');
    style.id = SPACE_ID;
    const margin = side === 'right' ? 'margin-right' : 'margin-bottom';
    style.textContent = `html { ${margin}: ${size}px !important; }`;
    document.head.appendChild(style);
    return () => style.remove();
  }, [active, side, size]);
}
