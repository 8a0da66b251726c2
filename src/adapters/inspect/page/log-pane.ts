/** The page's log: every request of the timeline, its steps or its refusal; a click goes to that point. */
import { element } from './elements';
import type { LogEntry, MatchView } from './match-view';
import type { PageActions } from './page-actions';

function describe(entry: LogEntry, index: number): string {
  const server = entry.reported ? ' · server' : '';
  if (!entry.request) return entry.reported ? `#${index} server: ${entry.steps.length} log entries` : `#0 start`;
  const { type, playerID, args } = entry.request;
  // A timeout is the match's authority's (a server, a session, a local client's timer): no player's.
  if (type === 'timeout') return `#${index} timeout: a deadline ran out`;
  return `#${index} player ${playerID}: ${type}${args.length ? ` ${JSON.stringify(args)}` : ''}${server}`;
}

export function renderLog(view: MatchView, actions: PageActions) {
  const list = document.querySelector<HTMLElement>('#log ol')!;
  list.replaceChildren(
    ...view.entries.map((entry, index) => {
      const classes = [
        index === view.position ? 'current' : '',
        index > view.position ? 'future' : '',
        entry.rejection ? 'rejected' : '',
      ]
        .filter(Boolean)
        .join(' ');
      const item = element('li', { class: classes, 'data-index': String(index), title: 'go to this point' });
      item.append(element('div', { class: 'request' }, describe(entry, index)));
      if (entry.steps.length) item.append(element('div', { class: 'steps' }, `↳ ${entry.steps.join(' → ')}`));
      if (entry.rejection)
        item.append(element('div', { class: 'rejection' }, `✗ ${entry.rejection.code}: ${entry.rejection.message}`));
      item.addEventListener('click', () => actions.goto(index));
      return item;
    }),
  );
  const current = list.querySelector<HTMLElement>('li.current');
  if (current) showInLog(list, current);
}

/**
 * Scrolls the log (its own scroller) to show an entry, and nothing else:
 * scrollIntoView would scroll the side panel too, taking the players'
 * buttons out of sight in a short one (the React debug panel).
 */
function showInLog(list: HTMLElement, entry: HTMLElement): void {
  if (entry.offsetTop < list.scrollTop) list.scrollTop = entry.offsetTop;
  else if (entry.offsetTop + entry.offsetHeight > list.scrollTop + list.clientHeight)
    list.scrollTop = entry.offsetTop + entry.offsetHeight - list.clientHeight;
}
