/**
 * The debug panel's keyboard shortcuts, heard from the app's page and from
 * the panel's own page alike, with the keys boardgame.io's panel taught its
 * users: `.` folds and unfolds the panel; `m` and `a` pick the main or AI
 * tab; on the main tab `1` `2` `3` reset, save and restore, `7` `8` `9`
 * end the stage, turn and phase, and a move's letter opens its argument
 * prompt; on the AI tab `1` `2` `3` reset, step and simulate; Escape
 * closes the prompt or stops a simulation. A key typed into a field (the
 * app's or the panel's) is the field's, and a key with Ctrl, Alt or Meta is
 * the browser's.
 */
import { useEffect, useRef } from 'react';

/** The letters boardgame.io keeps for its tabs (main, log, info, AI): never a move's. */
const KEPT = new Set(['m', 'l', 'i', 'a']);

/**
 * A key for each move: its first letter when those are all different and
 * free, else the free letters from `a` on, in the moves' order (the rule
 * boardgame.io's panel follows, so a game's moves get the keys its users know).
 */
export function moveKeys(names: readonly string[]): Record<string, string> {
  const firsts = names.map((name) => name[0]);
  const usable = new Set(firsts).size === firsts.length && firsts.every((key) => key && !KEPT.has(key));
  if (usable) return Object.fromEntries(names.map((name, index) => [name, firsts[index]]));
  const keys: Record<string, string> = {};
  let code = 'a'.charCodeAt(0);
  for (const name of names) {
    while (KEPT.has(String.fromCharCode(code))) code++;
    if (code > 'z'.charCodeAt(0)) break;
    keys[name] = String.fromCharCode(code++);
  }
  return keys;
}

/** A key typed where text goes (an input, a select, an editable element), in any document. */
function inField(target: EventTarget | null): boolean {
  const element = target as (Element & { isContentEditable?: boolean }) | null;
  if (!element || typeof element.closest !== 'function') return false;
  return element.isContentEditable === true || element.closest('input, textarea, select') !== null;
}

/**
 * While `enabled`, hear keys on the page and in `frame` (the panel's page,
 * same origin); `onKey` says whether it used the key (then the key does
 * nothing else).
 */
export function useShortcuts(frame: Window | null, enabled: boolean, onKey: (key: string) => boolean): void {
  const handler = useRef(onKey);
  handler.current = onKey;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
      if (event.key !== 'Escape' && inField(event.target)) return;
      if (handler.current(event.key)) event.preventDefault();
    };
    const windows = frame ? [window, frame] : [window];
    for (const target of windows) target.addEventListener('keydown', onKeyDown);
    return () => {
      for (const target of windows) target.removeEventListener('keydown', onKeyDown);
    };
  }, [frame, enabled]);
}
