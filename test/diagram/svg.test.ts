/**
 * toSvg: a standalone SVG laid out by ELK. It is well-formed XML (read by a
 * strict XML parser), has a box per state nested as the states are, and an
 * arrow with its label per transition of the chart (a self-loop written in
 * its box). Checked unfolded with dashed argument edges (every state and
 * edge of the machine), then as drawn by default (seats folded, notes, a
 * legend), laid out for a pane, and greyed where no play reached.
 */
import { JSDOM } from 'jsdom';
import type { AnyStateNode } from 'xstate';
import { createGameMachine } from 'turnchart';
import { chartGraph, reachedStates, toSvg } from 'turnchart/diagram';
import { cardGame } from './example-games';
import { Discard } from '../../examples/discard/game';
import TinyCiv from '../../examples/large-flow/game';

const { DOMParser } = new JSDOM('').window;

/** Argument-driven arrows are dashed. */
const STYLE_DASHED = /\.transition-argument path \{[^}]*stroke-dasharray/;

function parseXml(text: string): Document {
  return new DOMParser().parseFromString(text, 'image/svg+xml');
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function boxOf(group: Element): Box {
  const rect = group.querySelector(':scope > rect.outer')!;
  const [x, y, width, height] = ['x', 'y', 'width', 'height'].map((name) => Number(rect.getAttribute(name)));
  return { x, y, width, height };
}

const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const machine = createGameMachine(cardGame, { numPlayers: 3 });
const allStates: AnyStateNode[] = [];
(function collect(node: AnyStateNode) {
  allStates.push(node);
  for (const child of Object.values(node.states) as AnyStateNode[]) collect(child);
})(machine.root);

const every = { seats: 'unfold', arguments: 'dashed' } as const;
let full: string;
let lean: string;
let folded: string;
beforeAll(async () => {
  [full, lean, folded] = await Promise.all([
    toSvg(machine, every),
    toSvg(machine, { ...every, arguments: false }),
    toSvg(machine),
  ]);
});

/** `flow`, `argument`: an edge's kind, from its class. */
const kindOf = (g: Element) => /transition-(flow|argument)/.exec(g.getAttribute('class') ?? '')?.[1];

describe('toSvg: the chart drawn from an ELK layout', () => {
  test('is well-formed XML with an <svg> root (and the parser does reject broken XML)', () => {
    expect(
      parseXml('<svg xmlns="http://www.w3.org/2000/svg"><g></svg>').getElementsByTagName('parsererror').length,
    ).toBeGreaterThan(0);
    for (const text of [full, lean]) {
      const doc = parseXml(text);
      expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
      expect(doc.documentElement.localName).toBe('svg');
      expect(doc.documentElement.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg');
      expect(Number(doc.documentElement.getAttribute('width'))).toBeGreaterThan(100);
    }
  });

  test('has one box per state of the machine, named after it', () => {
    const doc = parseXml(full);
    const groups = Array.from(doc.querySelectorAll('g.state'));
    expect(groups.map((g) => g.getAttribute('data-id')).sort()).toEqual(allStates.map((s) => s.id).sort());
    for (const group of groups) {
      const state = allStates.find((s) => s.id === group.getAttribute('data-id'))!;
      const name = group.querySelector(':scope > text.name')!.textContent;
      expect(name).toBe(state.parent ? state.key : machine.id);
    }
  });

  test('boxes nest as the states do (phases, turn, seat regions, stages), and siblings do not overlap', () => {
    const doc = parseXml(full);
    const boxes = new Map(
      Array.from(doc.querySelectorAll('g.state')).map((g) => [g.getAttribute('data-id')!, boxOf(g)]),
    );
    for (const state of allStates) {
      const box = boxes.get(state.id)!;
      expect(box.width).toBeGreaterThan(0);
      if (state.parent) expect(inside(box, boxes.get(state.parent.id)!)).toBe(true);
      const siblings = Object.values(state.states) as AnyStateNode[];
      for (const [i, a] of siblings.entries()) {
        for (const b of siblings.slice(i + 1)) expect(overlap(boxes.get(a.id)!, boxes.get(b.id)!)).toBe(false);
      }
    }
    const regions = doc.querySelectorAll('g.state-region');
    expect(regions).toHaveLength(9);
    expect(doc.querySelectorAll('g.state-parallel')).toHaveLength(3);
    expect(doc.querySelectorAll('g.state-final')).toHaveLength(1);
  });

  test('draws every edge of the chart labelled with its events and rules, solid or dashed by kind; a self-loop written in its box', () => {
    const doc = parseXml(full);
    const drawn = Array.from(doc.querySelectorAll('g.transition')).map((g) => ({
      kind: kindOf(g),
      loop: g.classList.contains('transition-loop'),
      source: g.getAttribute('data-source'),
      target: g.getAttribute('data-target'),
      events: g.getAttribute('data-events'),
      rules: JSON.parse(g.getAttribute('data-rules') ?? '[]'),
      title: g.querySelector('title')?.textContent,
      label: Array.from(g.querySelectorAll('tspan'))
        .map((span) => span.textContent)
        .join('\n'),
      path: g.querySelector('path')?.getAttribute('d') ?? '',
    }));
    const edges = chartGraph(machine, every).edges;
    expect(drawn).toHaveLength(edges.length);
    for (const edge of edges) {
      const arrow = drawn.find((d) => d.source === edge.source && d.target === edge.target && d.kind === edge.kind);
      // Long lines are wrapped at a comma or before the rule; the words are all there; the title has the full rule names.
      const lines = arrow?.label.replace(/^↻ /gm, '').replace(/,\n/g, ', ').replace(/\n· /g, ' · ').split('\n');
      expect(lines).toEqual(edge.labels);
      expect(arrow?.title).toBe(edge.titles.join('\n'));
      expect(arrow?.events).toBe(edge.events.join(' '));
      expect(arrow?.rules).toEqual([...new Set(edge.rules.map((rule) => rule.rule ?? rule.event))]);
      if (edge.source === edge.target) expect(arrow?.loop).toBe(true);
      else expect(arrow?.path).toMatch(/^M-?\d+(\.\d)? -?\d+(\.\d)?( L-?\d+(\.\d)? -?\d+(\.\d)?)+$/);
    }
    const labels = drawn.map((d) => d.label);
    expect(labels).toContain('automatic · endIf\nendGame(result)');
    expect(labels).toContain('endPhase, pass · next');
    expect(labels).toContain('↻ endTurn, pass · order.next\n↻ endTurn({ next })\n↻ pass({ next, remove })');
    expect(drawn.filter((d) => d.label === 'setPhase(phase)').every((d) => d.kind === 'argument')).toBe(true);
    expect(labels.some((label) => label.includes('setStage'))).toBe(true);
    expect(STYLE_DASHED.test(full)).toBe(true);
  });

  test('marks each initial state with a dot on its corner', () => {
    const doc = parseXml(full);
    const initial = Array.from(doc.querySelectorAll('circle.initial')).map((circle) =>
      circle.parentElement!.getAttribute('data-id'),
    );
    expect(initial).toContain(machine.root.states.phases.id);
    expect(initial).toContain('turnchart.phases.draw cards.turn.player2.idle');
    const initials = allStates
      .filter((state) => state.type === 'compound')
      .map((state) => state.initial!.target![0].id);
    expect(initial.sort()).toEqual(initials.sort());
  });

  test('lists the moves a seat may make inside the state that allows them', () => {
    const doc = parseXml(full);
    const lines = (id: string) =>
      Array.from(doc.querySelectorAll('g.state'))
        .find((g) => g.getAttribute('data-id') === id)!
        .querySelectorAll('text.internal');
    expect(
      Array.from(lines('turnchart.phases.draw cards.turn.player0.discard (optional)')).map((t) => t.textContent),
    ).toEqual(['move.discard']);
    expect(
      Array.from(lines('turnchart.phases.main-phase.turn.player1.active'))
        .map((t) => t.textContent)
        .join(' '),
    ).toBe('move.play, move.trade "gold"');
  });

  test('arguments: false leaves out the argument-driven arrows', () => {
    const doc = parseXml(lean);
    expect(doc.querySelectorAll('g.transition-argument:not(.transition-written)')).toHaveLength(0);
    expect(parseXml(full).querySelectorAll('g.transition-argument').length).toBeGreaterThan(0);
    expect(doc.querySelectorAll('g.transition-flow')).toHaveLength(
      parseXml(full).querySelectorAll('g.transition-flow').length,
    );
    expect(doc.querySelectorAll('g.transition-flow').length).toBeGreaterThan(0);
    expect(doc.querySelectorAll('g.state')).toHaveLength(allStates.length);
    const labels = Array.from(doc.querySelectorAll('g.transition tspan')).map((span) => span.textContent);
    expect(labels).toContain('endGame(result)');
    expect(labels).not.toContain('setPhase(phase)');
  });
});

describe('toSvg as drawn by default, for the inspector page, and greyed', () => {
  test('identical seats are one region, drawn in one box with the turn; argument-driven edges are notes; a legend explains', () => {
    const doc = parseXml(folded);
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const regions = Array.from(doc.querySelectorAll('g.state-region'));
    expect(regions).toHaveLength(3);
    for (const region of regions) {
      expect(region.classList.contains('folded')).toBe(true);
      expect(region.classList.contains('merged')).toBe(true);
      expect(region.getAttribute('data-also')).toMatch(/^phase\d-turn$/);
      expect(region.querySelector(':scope > text.name')!.textContent).toBe('turn · each player (×3)');
      expect(JSON.parse(region.getAttribute('data-members')!)).toHaveLength(3);
    }
    expect(doc.querySelectorAll('g.state-parallel')).toHaveLength(0);
    expect(doc.querySelectorAll('g.transition-argument:not(.transition-written)')).toHaveLength(0);
    const notes = Array.from(doc.querySelectorAll('g.transition-note text.note')).map((text) =>
      Array.from(text.querySelectorAll('tspan'))
        .map((span) => span.textContent!.trim())
        .join(' '),
    );
    expect(notes).toContain('⇢ setPhase(phase) → draw cards, main-phase');
    expect(notes).toContain('⇢ setActivePlayers(set) → any state');
    const legend = Array.from(doc.querySelectorAll('g.legend text')).map((text) => text.textContent);
    expect(legend).toEqual(
      expect.arrayContaining(['legend', 'each player (×3): identical seats, drawn once', '● where a box starts']),
    );
  });

  test('a chart taller than a pane lays its phases side by side, rows wrapped, at most 1600 px tall with 12 px text', async () => {
    const seats = createGameMachine(TinyCiv, { numPlayers: 8 });
    const doc = parseXml(await toSvg(seats));
    const height = Number(doc.documentElement.getAttribute('height'));
    expect(height).toBeLessThanOrEqual(1600);
    const [found, grow] = ['found', 'grow'].map((key) => boxOf(doc.querySelector(`g.state[data-key="${key}"]`)!));
    // Not one column of phases: some phase is beside the one before it, or the seats' states run left to right.
    const columns = grow.x >= found.x + found.width || grow.y < found.y + found.height;
    const stateBoxes = Array.from(doc.querySelectorAll('g.state-atomic')).map(boxOf);
    const sideBySide = stateBoxes.some((a) => stateBoxes.some((b) => b.x > a.x + a.width && Math.abs(b.y - a.y) < 20));
    expect(columns || sideBySide).toBe(true);
    expect(doc.querySelector('style')!.textContent).toContain('font-size: 12px');
  });

  test('the page gets the same drawing as the export, without its legend', async () => {
    const discard = createGameMachine(Discard, { numPlayers: 4 });
    const exported = await toSvg(discard);
    const page = await toSvg(discard, { legend: false });
    const boxes = (svg: string) =>
      Array.from(parseXml(svg).querySelectorAll('g.state')).map((g) => [g.getAttribute('data-id'), boxOf(g)]);
    expect(boxes(page)).toEqual(boxes(exported));
    expect(parseXml(page).querySelectorAll('g.legend')).toHaveLength(0);
  });

  test('reached: the states no play reached are grey', async () => {
    const discard = createGameMachine(Discard, { numPlayers: 4 });
    const found = reachedStates(Discard, { numPlayers: 4 });
    const doc = parseXml(await toSvg(discard, { reached: found.ids, reachedBy: found.description }));
    // Every state of discard is reached; drop one to see it grey.
    expect(doc.querySelectorAll('g.state.unreached')).toHaveLength(0);
    const less = new Set([...found.ids].filter((id) => !id.endsWith('.discard')));
    const greyed = parseXml(await toSvg(discard, { reached: less, reachedBy: 'a test' }));
    expect(Array.from(greyed.querySelectorAll('g.state.unreached')).map((g) => g.getAttribute('data-key'))).toEqual([
      'discard',
    ]);
    expect(greyed.querySelectorAll('g.transition.unreached').length).toBeGreaterThan(0);
    expect(Array.from(greyed.querySelectorAll('g.legend text')).map((text) => text.textContent)).toContain(
      'grey: no play reached it',
    );
    expect(Array.from(greyed.querySelectorAll('g.legend text')).map((text) => text.textContent)).toContain(
      'play: a test',
    );
  });
});
