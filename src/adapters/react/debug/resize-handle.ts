/**
 * The panel's inner edge: drag it (mouse, pen, touch) or focus it and use
 * the arrow keys (Shift for larger steps, Home / End for the bounds) to
 * resize the panel. While a drag lasts the panel's frame ignores the
 * pointer, so the drag is not lost over it.
 */
import { createElement as h, useRef, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import { dock, sizeBounds, type DockSide } from './dock-layout';

const STEP = 16;
const BIG_STEP = 96;

const EDGE: Record<DockSide, CSSProperties> = {
  right: { width: 6, cursor: 'col-resize', flex: 'none', alignSelf: 'stretch' },
  bottom: { height: 6, cursor: 'row-resize', flex: 'none', alignSelf: 'stretch' },
};

export function ResizeHandle({
  side,
  size,
  onDragging,
}: {
  side: DockSide;
  size: number;
  onDragging: (dragging: boolean) => void;
}) {
  const start = useRef<{ at: number; size: number } | undefined>(undefined);
  const coordinate = (event: PointerEvent) => (side === 'right' ? event.clientX : event.clientY);
  // The panel is at the window's far edge: dragging towards the app (left, up) makes it larger.
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = { at: coordinate(event), size };
    onDragging(true);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (start.current) dock.resize(start.current.size + start.current.at - coordinate(event));
  };
  const onPointerEnd = () => {
    start.current = undefined;
    onDragging(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.shiftKey ? BIG_STEP : STEP;
    const larger = side === 'right' ? 'ArrowLeft' : 'ArrowUp';
    const smaller = side === 'right' ? 'ArrowRight' : 'ArrowDown';
    const { min, max } = sizeBounds(side);
    const next =
      event.key === larger
        ? size + step
        : event.key === smaller
          ? size - step
          : event.key === 'Home'
            ? min
            : event.key === 'End'
              ? max
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    dock.resize(next);
  };
  const { min, max } = sizeBounds(side);
  return h('div', {
    className: 'turnchart-debug-resize',
    role: 'separator',
    tabIndex: 0,
    title: 'drag (or focus and use the arrow keys) to resize the panel',
    'aria-label': 'resize the debug panel',
    'aria-orientation': side === 'right' ? 'vertical' : 'horizontal',
    'aria-valuenow': size,
    'aria-valuemin': min,
    'aria-valuemax': max,
    style: { ...EDGE[side], background: '#334155', touchAction: 'none' },
    onPointerDown,
    onPointerMove,
    onPointerUp: onPointerEnd,
    onPointerCancel: onPointerEnd,
    onKeyDown,
  });
}
