/**
 * The inspector page in the browser: follows the server's stream over a
 * WebSocket, keeps a MatchView of it, and draws that view (render.ts). Clicks
 * and keys become requests and time-travel messages to the server; the page
 * changes only when the stream says so.
 */
import type { PageMessage } from '../protocol';
import { SOCKET_PATH } from '../protocol';
import { applyMessage, emptyView, type Incoming } from './match-view';
import { renderView, type PageActions } from './render';
import { isStatelyEvent, noteStatelyEvent, openStatelyInspector } from './stately-window';
import { bindTurnClicks } from './turn-boxes';
import { bindZoom } from './zoom';

const view = emptyView();
let socket: WebSocket | undefined;
/** Embedded by turnchart/react's debug panel: the stream comes from the embedding window, and requests go back to it. */
const embedded = document.body.dataset.channel === 'parent' && window.parent !== window;
let scheduled = false;

/** The connection, in the header. */
function status(text: string, error = false) {
  const element = document.getElementById('status')!;
  element.textContent = text;
  element.title = text;
  element.classList.toggle('error', error);
}

/** A problem with what was asked (arguments that are not JSON, a message the server could not read): until the next request goes through. */
function banner(text: string | undefined) {
  const element = document.getElementById('banner')!;
  element.hidden = text === undefined;
  element.querySelector('.text')!.textContent = text ?? '';
  element.title = text ?? '';
}

function post(message: PageMessage) {
  if (embedded) window.parent.postMessage({ turnchartPage: message }, '*');
  else if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  else status('not connected', true);
}

const actions: PageActions = {
  send: (request) => post({ type: 'send', request }),
  back: () => post({ type: 'back' }),
  forward: () => post({ type: 'forward' }),
  goto: (position) => post({ type: 'goto', position }),
  expire: () => post({ type: 'expire' }),
  layout: (expanded, pane) => post({ type: 'layout', expanded, ...(pane ? { pane } : {}) }),
  problem: (text) => banner(text),
};

function schedule() {
  if (scheduled) return;
  scheduled = true;
  setTimeout(() => {
    scheduled = false;
    renderView(view, actions);
  }, 0);
}

function receive(message: Incoming) {
  if (isStatelyEvent(message)) noteStatelyEvent(message);
  applyMessage(view, message);
  if (message.type === 'turnchart.time') view.timeReceived = performance.now();
  // A request went through (or the timeline moved): the last problem no longer applies.
  if (message.type === 'turnchart.timeline') banner(undefined);
  if (view.lastError) {
    banner(view.lastError);
    view.lastError = undefined;
  }
  schedule();
}

function connect() {
  if (embedded) {
    addEventListener('message', (event) => {
      if (event.source === window.parent && event.data?.turnchartStream) receive(event.data.turnchartStream);
    });
    return status('live');
  }
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  socket = new WebSocket(`${protocol}//${location.host}${SOCKET_PATH}`);
  socket.onopen = () => status('live');
  socket.onclose = () => status('disconnected — restart the inspector and reload', true);
  socket.onmessage = (event) => receive(JSON.parse(String(event.data)));
}

document.getElementById('back')!.addEventListener('click', actions.back);
document.getElementById('forward')!.addEventListener('click', actions.forward);
document.getElementById('stately')!.addEventListener('click', () => openStatelyInspector(banner));
document.querySelector('#banner button')!.addEventListener('click', () => banner(undefined));
document.addEventListener('keydown', (event) => {
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
  if (event.key === 'ArrowLeft') actions.back();
  if (event.key === 'ArrowRight') actions.forward();
});
bindZoom();
bindTurnClicks(view, schedule);
connect();
// A session whose time runs: its countdown is drawn again a few times a second.
setInterval(() => {
  if (view.time?.running) schedule();
}, 250);
