/**
 * What each player may send now, as buttons (a move that takes arguments
 * with a JSON field for them), and the form that sends any request as any
 * player.
 */
import type { AllowedAction } from '../../qa/allowed-actions';
import { element } from './elements';
import { seatStates } from './chart-index';
import type { MatchView } from './match-view';
import type { PageActions } from './page-actions';

function parseArgs(text: string): unknown[] | string {
  let args: unknown;
  try {
    args = JSON.parse(text.trim() === '' ? '[]' : text);
  } catch (error) {
    return `arguments are not JSON: ${(error as Error).message}`;
  }
  return Array.isArray(args) ? args : [args];
}

function actionControl(action: AllowedAction, actions: PageActions): HTMLElement {
  const isMove = action.type.startsWith('move.');
  const classes = ['action', isMove ? 'move' : 'event', action.ok ? '' : 'needs-args'].filter(Boolean).join(' ');
  const wrapper = element('span', { class: classes });
  const button = element(
    'button',
    { type: 'button', 'data-type': action.type, 'data-player': action.playerID },
    action.type,
  );
  if (action.rejection) button.title = `with ${JSON.stringify(action.args)}: ${action.rejection.message}`;
  wrapper.append(button);
  let field: HTMLInputElement | undefined;
  if (action.takesArgs) {
    field = element('input', {
      class: 'args',
      'aria-label': `arguments of ${action.type} (JSON array)`,
      value: JSON.stringify(action.args),
    });
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

export function renderPlayers(view: MatchView, actions: PageActions) {
  const list = document.getElementById('player-list')!;
  const seats = seatStates(view.value);
  const players = view.match?.players ?? Object.keys(view.allowed);
  // Redraw only when something changed, so typed arguments survive other messages.
  const entry = view.entries[view.position];
  const refused =
    entry?.request && entry.rejection ? { playerID: entry.request.playerID, ...entry.rejection } : undefined;
  const seatKey = JSON.stringify([seats, refused ?? null]);
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
      box.append(title);
      if (refused?.playerID === player)
        box.append(
          element(
            'div',
            { class: 'refusal' },
            `✗ ${entry!.request!.type} refused: ${refused.code}: ${refused.message}`,
          ),
        );
      box.append(row);
      return box;
    }),
  );
  const select = document.querySelector<HTMLSelectElement>('#custom select')!;
  if (select.options.length !== players.length) {
    select.replaceChildren(...players.map((player) => element('option', { value: player }, `player ${player}`)));
  }
}

let customBound = false;
export function bindCustomForm(actions: PageActions) {
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
