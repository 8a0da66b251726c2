/**
 * The debug panel's look, as inline styles: the panel lives in the app's
 * document, where a stylesheet would reach the app's elements (and the
 * app's would reach the panel's). Its text is 12 px or more.
 */
import { createElement as h, type CSSProperties } from 'react';

export const FONT = '12px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif';

export const PANEL: CSSProperties = {
  position: 'fixed',
  zIndex: 2147483000,
  display: 'flex',
  background: '#f8fafc',
  boxShadow: '0 0 8px rgba(15, 23, 42, .25)',
  font: FONT,
  color: '#f1f5f9',
};

export const COLUMN: CSSProperties = { flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0, minHeight: 0 };

export const BAR: CSSProperties = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: 6,
  padding: '5px 10px',
  background: '#1e293b',
  borderBottom: '1px solid #334155',
};

export const SUB_BAR: CSSProperties = { ...BAR, background: '#273449' };

export const TITLE: CSSProperties = { fontWeight: 600, fontSize: 13, marginRight: 4 };

export const BUTTON: CSSProperties = {
  font: FONT,
  padding: '2px 8px',
  border: '1px solid #64748b',
  borderRadius: 4,
  background: '#334155',
  color: '#f1f5f9',
  cursor: 'pointer',
};

export const PRESSED: CSSProperties = { ...BUTTON, background: '#fbbf24', borderColor: '#fbbf24', color: '#1e293b' };

export const FIELD: CSSProperties = {
  font: '12px ui-monospace, Menlo, Consolas, monospace',
  padding: '1px 4px',
  border: '1px solid #64748b',
  borderRadius: 4,
  background: '#0f172a',
  color: '#f1f5f9',
};

export const NOTE: CSSProperties = { color: '#cbd5e1' };
export const PROBLEM: CSSProperties = { color: '#fca5a5' };
export const SPACER: CSSProperties = { flex: 1 };

const KEY: CSSProperties = {
  font: '11px ui-monospace, Menlo, Consolas, monospace',
  marginLeft: 5,
  padding: '0 3px',
  border: '1px solid currentColor',
  borderRadius: 3,
  opacity: 0.8,
};

/** A button with its shortcut shown beside its label. */
export function button(
  label: string,
  props: { onClick: () => void; shortcut?: string; title: string; disabled?: boolean; pressed?: boolean; name: string },
) {
  const { onClick, shortcut, title, disabled, pressed, name } = props;
  return h(
    'button',
    {
      type: 'button',
      key: name,
      'data-control': name,
      title: shortcut ? `${title} (key ${shortcut})` : title,
      disabled,
      'aria-pressed': pressed === undefined ? undefined : pressed,
      onClick,
      style: { ...(pressed ? PRESSED : BUTTON), ...(disabled ? { opacity: 0.45, cursor: 'default' } : {}) },
    },
    label,
    shortcut ? h('kbd', { style: KEY }, shortcut) : null,
  );
}
