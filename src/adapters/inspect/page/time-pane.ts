/**
 * The page's time pane, in a game with time limits: what is left of each
 * seat's time (the earliest limit that applies to it, and its clock),
 * counting down between the server's messages while the session's time
 * runs, and QA's "expire now" button (the next deadline comes at once).
 * Hooks for tests: `#time[data-now]`, `#time .seat[data-player]` with
 * `data-left` and `data-clock` (ms).
 */
import { element } from './elements';
import type { MatchView } from './match-view';
import { timeText } from '../../qa/time-text';
import type { PageActions } from './page-actions';

let bound = false;

export function renderTime(view: MatchView, actions: PageActions): void {
  const pane = document.getElementById('time');
  if (!pane) return;
  const time = view.time;
  pane.hidden = time === undefined;
  if (!bound) {
    bound = true;
    document.getElementById('expire')!.addEventListener('click', () => actions.expire());
  }
  if (!time) return;
  // Between messages, a running session's time goes on with the page's clock.
  const elapsed =
    time.running && view.timeReceived !== undefined ? Math.max(0, performance.now() - view.timeReceived) : 0;
  const now = time.now + elapsed;
  pane.dataset.now = String(Math.round(now));
  (document.getElementById('expire') as HTMLButtonElement).disabled = time.next === undefined;
  document.getElementById('time-list')!.replaceChildren(
    ...Object.entries(time.seats).map(([player, seat]) => {
      const left = seat.left === undefined ? undefined : seat.left - elapsed;
      const clock = seat.clock === undefined ? undefined : seat.clock - (seat.running ? elapsed : 0);
      const row = element('div', {
        class: `seat${left !== undefined && left <= 0 ? ' out' : ''}`,
        'data-player': player,
        ...(left !== undefined ? { 'data-left': String(Math.max(0, Math.round(left))) } : {}),
        ...(clock !== undefined ? { 'data-clock': String(Math.max(0, Math.round(clock))) } : {}),
      });
      const parts: string[] = [];
      if (left !== undefined) parts.push(`${timeText(left)} (${seat.limit})`);
      if (clock !== undefined) parts.push(`clock ${timeText(clock)}${seat.running ? ' ▶' : ''}`);
      row.textContent = `Player ${player}: ${parts.join(' · ') || 'no limit'}`;
      return row;
    }),
  );
}
