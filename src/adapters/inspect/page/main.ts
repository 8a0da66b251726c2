/**
 * The inspector page in the browser: follows the server's stream over a
 * WebSocket, keeps a MatchView of it, and draws that view (render.ts). Clicks
 * and keys become requests and time-travel messages to the server; the page
 * changes only when the stream says so.
 */
import type { PageMessage } from '../protocol';
import { SOCKET_PATH } from '../protocol';
import { applyMessage, emptyView } from './match-view';
import { renderView, type PageActions } from './render';
import { isStatelyEvent, noteStatelyEvent, openStatelyInspector } from './stately-window';
import { bindZoom } from './zoom';

const view = emptyView();
let socket: WebSocket | undefined;
let scheduled = false;

function status(text: string, error = false) {
  const element = document.getElementById('status')!;
  element.textContent = text;
  element.classList.toggle('error', error);
}

function post(message: PageMessage) {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  else status('not connected', true);
}

const actions: PageActions = {
  send: (request) => post({ type: 'send', request }),
  back: () => post({ type: 'back' }),
  forward: () => post({ type: 'forward' }),
  goto: (position) => post({ type: 'goto', position }),
  problem: (text) => status(text, true),
};

function schedule() {
  if (scheduled) return;
  scheduled = true;
  setTimeout(() => {
    scheduled = false;
    renderView(view, actions);
  }, 0);
}

function connect() {
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  socket = new WebSocket(`${protocol}//${location.host}${SOCKET_PATH}`);
  socket.onopen = () => status('live');
  socket.onclose = () => status('disconnected — restart the inspector and reload', true);
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data));
    if (isStatelyEvent(message)) noteStatelyEvent(message);
    applyMessage(view, message);
    if (view.lastError) {
      status(view.lastError, true);
      view.lastError = undefined;
    }
    schedule();
  };
}

document.getElementById('back')!.addEventListener('click', actions.back);
document.getElementById('forward')!.addEventListener('click', actions.forward);
document.getElementById('stately')!.addEventListener('click', openStatelyInspector);
document.addEventListener('keydown', (event) => {
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
  if (event.key === 'ArrowLeft') actions.back();
  if (event.key === 'ArrowRight') actions.forward();
});
bindZoom();
connect();
