/**
 * Draws a MatchView into the page: on the chart, the active leaf states
 * (with the seats in each, where seats are folded into one region), their
 * ancestors more faintly, the transitions of the current request with the
 * event each took, and a refusal on the state of the seat that was refused;
 * each player's sendable requests as buttons (with a JSON field for
 * arguments), the log with the timeline position, and G / ctx. Stable hooks
 * for tests and styles: `g.state[data-id].active-leaf` (`.active` for
 * ancestors), `g.transition.taken[data-taken]`, `.taken-label`,
 * `g.state.refused`, `.player[data-player]`, `button[data-type][data-player]`,
 * `#log li[data-index]`, `body[data-position]`.
 */
import { element } from './elements';
import type { PageActions } from './page-actions';
import { bindCustomForm, renderPlayers } from './players';
import { applyZoom } from './zoom';
import { overlayLayer, refusalBadge, seatBadge } from './badges';
import { takenBadges } from './taken-labels';
import { renderState } from './state-pane';
import { syncTurns } from './turn-boxes';
import { renderLog } from './log-pane';
import { renderTime } from './time-pane';
import { activeBoxes, chartIndex, seatStates, type ChartIndex } from './chart-index';
import type { MatchView } from './match-view';
import { seatRuns } from './seat-runs';
import { takenEdges } from './taken-edges';

export type { PageActions } from './page-actions';

let drawnSvg: string | undefined;
let shownPosition: number | undefined;

let index: ChartIndex | undefined;
let boxes = new Map<string, SVGGElement>();
/** The drawn states this match has been in, at any position of its timeline. */
const visited = new Set<string>();

function renderChart(view: MatchView) {
  const container = document.getElementById('chart')!;
  if (!view.chart) return;
  if (drawnSvg !== view.chart.svg) {
    const drawing = document.getElementById('drawing')!;
    drawing.innerHTML = view.chart.svg.replace(/^<\?xml[^>]*>\s*/, '');
    drawnSvg = view.chart.svg;
    index = chartIndex(view.chart.nodes);
    boxes = new Map();
    for (const group of Array.from(container.querySelectorAll<SVGGElement>('g.state'))) {
      boxes.set(group.dataset.id ?? '', group);
      if (group.dataset.also) boxes.set(group.dataset.also, group);
    }
    const legend = document.getElementById('legend-lines');
    if (legend) legend.replaceChildren(...view.chart.legend.map((line) => element('li', {}, line)));
    applyZoom();
  }
  const svg = container.querySelector('svg');
  if (!svg || !index) return;
  for (const overlay of Array.from(svg.querySelectorAll('.overlay'))) overlay.remove();
  for (const line of Array.from(svg.querySelectorAll('.taken-line'))) line.classList.remove('taken-line');
  const layer = overlayLayer(svg);
  for (const group of Array.from(container.querySelectorAll<SVGGElement>('g.state'))) {
    group.classList.remove('active', 'active-leaf', 'refused');
    delete group.dataset.seats;
  }

  // Active leaf states strongly, their ancestors faintly; a folded seat region's leaf says which seats are in it.
  const { leaves, ancestors } = activeBoxes(index, view.value);
  // Where this match has been is reached, whatever exploration found: never grey.
  for (const id of [...ancestors, ...leaves.keys()]) visited.add(id);
  for (const id of visited) boxes.get(id)?.classList.remove('unreached');
  for (const id of ancestors) boxes.get(id)?.classList.add('active');
  for (const [id, seats] of leaves) {
    const group = boxes.get(id);
    if (!group) continue;
    group.classList.add('active-leaf');
    group.classList.remove('active');
    group.dataset.seats = seats.join(' ');
    const folded = [...index.byId.values()].some((node) => node.drawn === id);
    if (folded && seats.length) {
      seatBadge(layer, group, boxes.values(), `${seats.length > 1 ? 'players' : 'player'} ${seatRuns(seats)}`);
    }
  }

  // The transitions of the request at the current position, on the drawn edges, each showing the event it took:
  // an edge is drawn from the transition's own source and lists its rules, so of two edges between the same
  // states (the declared flow and an argument-driven one) only the one whose rule was taken lights up.
  const entry = view.entries[view.position];
  const taken = entry?.request ? takenEdges(index, entry.transitions) : [];
  for (const edge of Array.from(container.querySelectorAll<SVGGElement>('g.transition'))) {
    // An arrow joins one source and one target; argument-driven transitions written in a box, any of several.
    const sources = edge.dataset.sources ? (JSON.parse(edge.dataset.sources) as string[]) : [edge.dataset.source ?? ''];
    const targets = edge.dataset.targets ? (JSON.parse(edge.dataset.targets) as string[]) : [edge.dataset.target ?? ''];
    const rules = edge.dataset.rules ? (JSON.parse(edge.dataset.rules) as string[]) : undefined;
    const hits = taken.filter(
      (transition) =>
        sources.includes(transition.source) &&
        targets.includes(transition.target) &&
        (!rules || transition.rule === undefined || rules.includes(transition.rule)),
    );
    edge.classList.toggle('taken', hits.length > 0);
    if (hits.length === 0) {
      delete edge.dataset.taken;
      continue;
    }
    edge.dataset.taken = hits.flatMap((hit) => hit.events).join(' ');
    edge.classList.remove('unreached');
    takenBadges(layer, edge, hits, taken.length > 1);
  }

  // A refusal where it happened: on the state of the seat that was refused.
  if (entry?.request && entry.rejection) {
    const seat = entry.request.playerID;
    const state = seatStates(view.value)[seat];
    const leafId =
      state === undefined
        ? undefined
        : [...index.byId.values()].find(
            (node) => node.key === state && index!.seatOf(node.id) === seat && leaves.has(index!.drawnOf(node.id)),
          )?.id;
    const group = leafId === undefined ? undefined : boxes.get(index.drawnOf(leafId));
    if (group) {
      group.classList.add('refused');
      refusalBadge(layer, group, boxes.values(), `✗ player ${seat}: ${entry.rejection.code}`);
    }
  }
  applyZoom(); // Badges with no room left grew the chart.
  // A chart larger than the pane scrolls: after a step, to where the match is now (not while the user looks around).
  if (shownPosition !== view.position) {
    shownPosition = view.position;
    container.querySelector('g.state.active-leaf')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }
}

function renderHeader(view: MatchView) {
  if (view.match) {
    const match = document.getElementById('match')!;
    // Elided in a narrow panel: the whole line on hover.
    match.textContent = match.title = `${view.match.name} · ${view.match.numPlayers} players · seed ${view.match.seed}`;
  }
  document.getElementById('position')!.textContent = `${view.position} / ${view.length}`;
  (document.getElementById('back') as HTMLButtonElement).disabled = view.position <= 0;
  (document.getElementById('forward') as HTMLButtonElement).disabled = view.position >= view.length;
  document.body.dataset.position = String(view.position);
  document.body.dataset.length = String(view.length);
  if (view.sessionId) document.body.dataset.session = view.sessionId;
}

export function renderView(view: MatchView, actions: PageActions): void {
  bindCustomForm(actions);
  renderHeader(view);
  renderChart(view);
  renderPlayers(view, actions);
  renderTime(view, actions);
  renderLog(view, actions);
  renderState(view);
  // Ready once the chart drawn has the turns wanted open (the match's, or those clicked open).
  const current = syncTurns(view, actions.layout);
  document.body.dataset.chart = current ? 'current' : 'pending';
  if (current && view.value !== undefined) document.body.dataset.ready = 'true';
}
