/**
 * "Stately Inspector ↗" on the page: opens Stately's inspector in a new
 * window with @statelyai/inspect's `createBrowserInspector` and hands it the
 * Stately-shaped events this page receives — the ones already received
 * (replayed once the window says it is connected) and every later one — so it
 * shows the same match as this page. Stately's inspector is a web app: this
 * one button needs the network. The window is opened at once (a browser lets
 * a click open one), then stately.ai is asked for: when it cannot be
 * reached, the window and the page say so instead of showing a browser
 * error page.
 */
import { createBrowserInspector, type StatelyInspectionEvent } from '@statelyai/inspect';

const received: StatelyInspectionEvent[] = [];
let forward: ((event: StatelyInspectionEvent) => void) | undefined;

export function isStatelyEvent(message: { type?: unknown }): message is StatelyInspectionEvent {
  return message.type === '@xstate.actor' || message.type === '@xstate.event' || message.type === '@xstate.snapshot';
}

/** Remember (and pass on, once a Stately window is open) one event of the stream. */
export function noteStatelyEvent(event: StatelyInspectionEvent): void {
  received.push(event);
  forward?.(event);
}

export const STATELY_URL = 'https://stately.ai/inspect';
const WINDOW_NAME = 'xstateinspector';

/** Whether stately.ai answers (any answer: an opaque one is enough) within a few seconds. */
async function reachable(url: string): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 6000);
  try {
    await fetch(url, { mode: 'no-cors', cache: 'no-store', signal: controller.signal });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

function offlinePage(win: Window, text: string): void {
  win.document.title = 'Stately Inspector cannot be reached';
  win.document.body.style.font = '15px/1.5 system-ui, sans-serif';
  win.document.body.style.margin = '40px';
  win.document.body.innerHTML = '';
  const heading = win.document.createElement('h1');
  heading.textContent = 'Stately Inspector cannot be reached';
  heading.style.fontSize = '20px';
  const paragraph = win.document.createElement('p');
  paragraph.textContent = text;
  win.document.body.append(heading, paragraph);
}

export function openStatelyInspector(problem: (text: string) => void = () => undefined): void {
  if (forward) {
    window.open('', WINDOW_NAME)?.focus();
    return;
  }
  // Opened now, while the click lets the page open a window; filled once stately.ai answers.
  const win = window.open('', WINDOW_NAME);
  if (win) {
    win.document.title = 'Stately Inspector';
    win.document.body.textContent = `Connecting to ${STATELY_URL} …`;
  }
  void reachable(STATELY_URL).then((ok) => {
    if (!ok) {
      const text = `${STATELY_URL} cannot be reached: this computer looks offline, or the site is blocked. The turnchart inspector works without it; try again once online.`;
      if (win) offlinePage(win, text);
      problem(`Stately Inspector: ${text}`);
      return;
    }
    if (forward) return;
    // createBrowserInspector opens its window by name: the one opened above, now sent to stately.ai.
    const inspector = createBrowserInspector({ url: STATELY_URL, maxDeferredEvents: 100_000 });
    forward = (event) => inspector.adapter.send(event);
    // The adapter keeps them until the window connects, then posts them all.
    received.forEach(forward);
  });
}
