/** The page's log: every request of the timeline, its steps or its refusal; a click goes to that point. */
import { element } from './dom';
import type { LogEntry, MatchView } from './match-view';
import type { PageActions } from './render';

function describe(entry: LogEntry, index: number): string {
  const server = entry.reported ? ' · server' : '';
  if (!entry.request) return entry.reported ? `#${index} server: ${entry.steps.length} log entries` : `#0 start`;
  const { type, playerID, args } = entry.request;
  // A timeout is the match's authority's (a server, a session, a local client's timer): no player's.
  if (type === 'timeout') return `#${index} timeout: a deadline ran out`;
  return `#${index} player ${playerID}: ${type}${args.length ? ` ${JSON.stringify(args)}` : ''}${server}`;
}

export function renderLog(view: MatchView, actions: PageActions) {
  const list = document.querySelector('#log ol')!;
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
  list.querySelector('li.current')?.scrollIntoView({ block: 'nearest' });
}
