/**
 * Which turns the page draws open. A big chart (six seats in four phases,
 * seven phases of turn orders) fits the pane with its turns closed: by
 * default the turns the match is in are open and follow play (a new phase
 * opens its turn and closes the last), and a click on a turn's box opens or
 * closes it for good (`▾ all` / `▸ all` every one). The server draws a
 * layout when asked (a `layout` message), for this page's pane, and answers
 * with the chart; the body says `data-chart="pending"` until the chart drawn
 * is the one wanted.
 */
import { activeStateIds } from './chart-index';
import type { MatchView } from './match-view';
import { paneRoom } from './zoom';

type Pane = { width: number; height: number };

/** The turns a click opened (true) or closed (false): they stay so, whatever play does. */
const chosen = new Map<string, boolean>();
/** The layout asked for and not drawn yet (its turns, as a key). */
let asked: string | undefined;

const keyOf = (ids: readonly string[]) => JSON.stringify([...ids].sort());

/** The turns to draw open now. */
export function wantedTurns(view: MatchView): string[] {
  const chart = view.chart;
  if (!chart) return [];
  const active = view.value === undefined ? new Set<string>() : activeStateIds(chart.nodes, view.value);
  return chart.collapsible.filter((id) => chosen.get(id) ?? active.has(id));
}

/** How far (px) the pane a chart was laid out for may be from the page's own. */
const PANE_SLACK = 24;

/**
 * Whether the chart drawn has the turns wanted open, laid out for this
 * page's pane; when not, that layout is asked for (once).
 */
export function syncTurns(view: MatchView, ask: (expanded: string[], pane?: Pane) => void): boolean {
  if (!view.chart) return false;
  const wanted = wantedTurns(view);
  const room = paneRoom();
  const pane = room && { width: Math.round(room.width), height: Math.round(room.height) };
  const drawnFor = view.chart.pane;
  const fits =
    !pane ||
    (drawnFor !== undefined &&
      Math.abs(drawnFor.width - pane.width) <= PANE_SLACK &&
      Math.abs(drawnFor.height - pane.height) <= PANE_SLACK);
  const key = JSON.stringify([keyOf(wanted), pane]);
  if (keyOf(wanted) === keyOf(view.chart.expanded) && fits) {
    asked = undefined;
    return true;
  }
  if (asked !== key) {
    asked = key;
    ask(wanted, pane);
  }
  return false;
}

/** Clicks on a turn's box open or close it; the tools' buttons open or close every one. */
export function bindTurnClicks(view: MatchView, changed: () => void): void {
  document.getElementById('drawing')?.addEventListener('click', (event) => {
    // The state drawn under the click, through the transitions written over its box (a turn's ↻ lines).
    const box = document
      .elementsFromPoint(event.clientX, event.clientY)
      .map((element) => element.closest<SVGGElement>('g.state'))
      .find((state) => state !== null);
    if (!box?.dataset.collapse) return;
    chosen.set(box.dataset.collapse, box.classList.contains('collapsed'));
    changed();
  });
  document.getElementById('turns')?.addEventListener('click', (event) => {
    const open = (event.target as HTMLElement).closest('button')?.dataset.turns;
    if (!open || !view.chart) return;
    for (const id of view.chart.collapsible) chosen.set(id, open === 'open');
    changed();
  });
}
