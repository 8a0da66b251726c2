/**
 * Draws a MatchView into the page: the chart's active states and the
 * transitions of the current request highlighted, each player's sendable
 * requests as buttons (with a JSON field for arguments), the log with the
 * timeline position, and G / ctx. Stable hooks for tests and styles:
 * `g.state[data-id].active`, `.player[data-player]`,
 * `button[data-type][data-player]`, `#log li[data-index]`, `body[data-position]`.
 */
import type { AllowedAction } from '../allowed-actions';
import { applyZoom } from './zoom';
import { activeStateIds, seatStates, type LogEntry, type LoggedRequest, type MatchView } from './match-view';

export interface PageActions {
  send(request: LoggedRequest): void;
  back(): void;
  forward(): void;
  goto(position: number): void;
  problem(text: string): void;
}

let drawnSvg: string | undefined;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<Record<string, string>> = {}, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) if (value !== undefined) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function parseArgs(text: string): unknown[] | string {
  let args: unknown;
  try {
    args = JSON.parse(text.trim() === '' ? '[]' : text);
  } catch (error) {
    return `arguments are not JSON: ${(error as Error).message}`;
  }
  return Array.isArray(args) ? args : [args];
}

function renderChart(view: MatchView) {
  const container = document.getElementById('chart')!;
  if (!view.chart) return;
  if (drawnSvg !== view.chart.svg) {
    const drawing = document.getElementById('drawing')!;
    drawing.innerHTML = view.chart.svg.replace(/^<\?xml[^>]*>\s*/, '');
    drawnSvg = view.chart.svg;
    applyZoom();
  }
  const active = activeStateIds(view.chart.nodes, view.value);
  for (const state of Array.from(container.querySelectorAll<SVGGElement>('g.state'))) {
    state.classList.toggle('active', active.has(state.dataset.id ?? ''));
  }
  // The transitions of the request at the current position, on the drawn edges: an edge is drawn from the
  // transition's own source (a region's setStage from the region) and lists its rules, so of two edges between
  // the same states (the declared flow and an argument-driven one) only the one whose rule was taken lights up.
  const entry = view.entries[view.position];
  const taken = entry?.request ? entry.transitions : [];
  for (const edge of Array.from(container.querySelectorAll<SVGGElement>('g.transition'))) {
    const source = edge.dataset.source ?? '';
    const target = edge.dataset.target ?? '';
    const rules = edge.dataset.rules ? (JSON.parse(edge.dataset.rules) as string[]) : undefined;
    const hit = taken.some((transition) => transition.source === source && transition.targets.includes(target) && (!rules || transition.rule === undefined || rules.includes(transition.rule)));
    edge.classList.toggle('taken', hit);
  }
}

function actionControl(action: AllowedAction, actions: PageActions): HTMLElement {
  const isMove = action.type.startsWith('move.');
  const classes = ['action', isMove ? 'move' : 'event', action.ok ? '' : 'needs-args'].filter(Boolean).join(' ');
  const wrapper = element('span', { class: classes });
  const button = element('button', { type: 'button', 'data-type': action.type, 'data-player': action.playerID }, action.type);
  if (action.rejection) button.title = `with ${JSON.stringify(action.args)}: ${action.rejection.message}`;
  wrapper.append(button);
  let field: HTMLInputElement | undefined;
  if (action.takesArgs) {
    field = element('input', { class: 'args', 'aria-label': `arguments of ${action.type} (JSON array)`, value: JSON.stringify(action.args) });
    wrapper.append(field);
  }
  button.addEventListener('click', () => {
    const args = field ? parseArgs(field.value) : action.args;
    if (typeof args === 'string') return actions.problem(args);
    actions.send({ type: action.type, playerID: action.playerID, args });
  });
  return wrapper;
}

let drawnPlayers: { allowed: MatchView['allowed']; seats: string } | undefined;

function renderPlayers(view: MatchView, actions: PageActions) {
  const list = document.getElementById('player-list')!;
  const seats = seatStates(view.value);
  const players = view.match?.players ?? Object.keys(view.allowed);
  // Redraw only when something changed, so typed arguments survive other messages.
  const seatKey = JSON.stringify(seats);
  if (drawnPlayers?.allowed === view.allowed && drawnPlayers.seats === seatKey) return;
  drawnPlayers = { allowed: view.allowed, seats: seatKey };
  list.replaceChildren(
    ...players.map((player) => {
      const seat = seats[player];
      const box = element('div', { class: 'player', 'data-player': player, 'data-seat': seat });
      const title = element('h3', {}, `Player ${player}`);
      if (seat) title.append(element('span', { class: `seat ${seat}` }, seat));
      const row = element('div', { class: 'actions' });
      const allowed = view.allowed[player] ?? [];
      if (allowed.length === 0) row.append(element('span', { class: 'none' }, 'nothing now'));
      for (const action of allowed) row.append(actionControl(action, actions));
      box.append(title, row);
      return box;
    }),
  );
  const select = document.querySelector<HTMLSelectElement>('#custom select')!;
  if (select.options.length !== players.length) {
    select.replaceChildren(...players.map((player) => element('option', { value: player }, `player ${player}`)));
  }
}

function describe(entry: LogEntry, index: number): string {
  if (!entry.request) return `#0 start`;
  const { type, playerID, args } = entry.request;
  return `#${index} player ${playerID}: ${type}${args.length ? ` ${JSON.stringify(args)}` : ''}`;
}

function renderLog(view: MatchView, actions: PageActions) {
  const list = document.querySelector('#log ol')!;
  list.replaceChildren(
    ...view.entries.map((entry, index) => {
      const classes = [index === view.position ? 'current' : '', index > view.position ? 'future' : '', entry.rejection ? 'rejected' : '']
        .filter(Boolean)
        .join(' ');
      const item = element('li', { class: classes, 'data-index': String(index), title: 'go to this point' });
      item.append(element('div', { class: 'request' }, describe(entry, index)));
      if (entry.steps.length) item.append(element('div', { class: 'steps' }, `↳ ${entry.steps.join(' → ')}`));
      if (entry.rejection) item.append(element('div', { class: 'rejection' }, `✗ ${entry.rejection.code}: ${entry.rejection.message}`));
      item.addEventListener('click', () => actions.goto(index));
      return item;
    }),
  );
  list.querySelector('li.current')?.scrollIntoView({ block: 'nearest' });
}

function renderHeader(view: MatchView) {
  if (view.match) {
    document.getElementById('match')!.textContent = `${view.match.name} · ${view.match.numPlayers} players · seed ${view.match.seed}`;
  }
  document.getElementById('position')!.textContent = `${view.position} / ${view.length}`;
  (document.getElementById('back') as HTMLButtonElement).disabled = view.position <= 0;
  (document.getElementById('forward') as HTMLButtonElement).disabled = view.position >= view.length;
  document.body.dataset.position = String(view.position);
  document.body.dataset.length = String(view.length);
  if (view.sessionId) document.body.dataset.session = view.sessionId;
}

function renderState(view: MatchView) {
  const { G, ctx } = view.context ?? {};
  document.querySelector('#state pre')!.textContent = JSON.stringify({ G, ctx }, null, 2);
}

let customBound = false;
function bindCustomForm(actions: PageActions) {
  if (customBound) return;
  customBound = true;
  const form = document.getElementById('custom') as HTMLFormElement;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const type = String(data.get('type') ?? '').trim();
    if (!type) return actions.problem('type a request: move.<name> or an event');
    const args = parseArgs(String(data.get('args') ?? '[]'));
    if (typeof args === 'string') return actions.problem(args);
    actions.send({ type, playerID: String(data.get('player')), args });
  });
}

export function renderView(view: MatchView, actions: PageActions): void {
  bindCustomForm(actions);
  renderHeader(view);
  renderChart(view);
  renderPlayers(view, actions);
  renderLog(view, actions);
  renderState(view);
  if (view.chart && view.value !== undefined) document.body.dataset.ready = 'true';
}
