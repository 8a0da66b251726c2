/**
 * toSvg: a standalone SVG laid out by ELK. It is well-formed XML (read by a
 * strict XML parser), has a box per state nested as the states are, and an
 * arrow with its label per transition of the chart.
 */
import { JSDOM } from 'jsdom';
import type { AnyStateNode } from 'xstate';
import { createGameMachine } from 'turnchart';
import { chartGraph, toSvg } from 'turnchart/diagram';
import { cardGame } from './example-games';

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
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const machine = createGameMachine(cardGame, { numPlayers: 3 });
const allStates: AnyStateNode[] = [];
(function collect(node: AnyStateNode) {
  allStates.push(node);
  for (const child of Object.values(node.states) as AnyStateNode[]) collect(child);
})(machine.root);

let full: string;
let lean: string;
beforeAll(async () => {
  [full, lean] = await Promise.all([toSvg(machine), toSvg(machine, { arguments: false })]);
}, 60_000);

describe('toSvg: the chart drawn from an ELK layout', () => {
  test('is well-formed XML with an <svg> root (and the parser does reject broken XML)', () => {
    expect(parseXml('<svg xmlns="http://www.w3.org/2000/svg"><g></svg>').getElementsByTagName('parsererror').length).toBeGreaterThan(0);
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
    const boxes = new Map(Array.from(doc.querySelectorAll('g.state')).map((g) => [g.getAttribute('data-id')!, boxOf(g)]));
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

  test('draws every edge of the chart as an arrow labelled with its events and rules, solid or dashed by kind', () => {
    const doc = parseXml(full);
    const drawn = Array.from(doc.querySelectorAll('g.transition:not(.transition-initial)')).map((g) => ({
      kind: g.getAttribute('class'),
      source: g.getAttribute('data-source'),
      target: g.getAttribute('data-target'),
      events: g.getAttribute('data-events'),
      rules: JSON.parse(g.getAttribute('data-rules') ?? '[]'),
      label: Array.from(g.querySelectorAll('tspan')).map((span) => span.textContent).join('\n'),
      path: g.querySelector('path')?.getAttribute('d') ?? '',
    }));
    const edges = chartGraph(machine).edges;
    expect(drawn).toHaveLength(edges.length);
    for (const edge of edges) {
      const arrow = drawn.find((d) => d.source === edge.source && d.target === edge.target && d.kind === `transition transition-${edge.kind}`);
      // Long lines are wrapped at a comma or before the rule; the words are all there.
      expect(arrow?.label.replace(/,\n/g, ', ').replace(/\n· /g, ' · ').split('\n')).toEqual(edge.labels);
      expect(arrow?.events).toBe(edge.events.join(' '));
      expect(arrow?.rules).toEqual([...new Set(edge.rules.map((rule) => rule.rule ?? rule.event))]);
      expect(arrow?.path).toMatch(/^M-?\d+(\.\d)? -?\d+(\.\d)?( L-?\d+(\.\d)? -?\d+(\.\d)?)+$/);
    }
    const labels = drawn.map((d) => d.label);
    expect(labels).toContain('endGame · endIf\nendGame(result)');
    expect(labels).toContain('endPhase, pass · phases.draw cards.next');
    expect(drawn.filter((d) => d.label === 'setPhase(phase)').every((d) => d.kind === 'transition transition-argument')).toBe(true);
    expect(labels.some((label) => label.includes('setStage'))).toBe(true);
    expect(STYLE_DASHED.test(full)).toBe(true);
  });

  test('marks each initial state with an arrow from a dot', () => {
    const doc = parseXml(full);
    const initial = Array.from(doc.querySelectorAll('g.transition-initial')).map((g) => g.getAttribute('data-target'));
    expect(initial).toContain(machine.root.states.phases.id);
    expect(initial).toContain('turnchart.phases.draw cards.turn.player2.idle');
    expect(doc.querySelectorAll('circle.initial')).toHaveLength(initial.length);
  });

  test('lists the moves a seat may make inside the state that allows them', () => {
    const doc = parseXml(full);
    const lines = (id: string) =>
      Array.from(doc.querySelectorAll('g.state')).find((g) => g.getAttribute('data-id') === id)!.querySelectorAll('text.internal');
    expect(Array.from(lines('turnchart.phases.draw cards.turn.player0.discard (optional)')).map((t) => t.textContent)).toEqual(['move.discard']);
    expect(Array.from(lines('turnchart.phases.main-phase.turn.player1.active')).map((t) => t.textContent).join(' ')).toBe('move.play, move.trade "gold"');
  });

  test('arguments: false leaves out the argument-driven arrows', () => {
    const doc = parseXml(lean);
    expect(doc.querySelectorAll('g.transition-argument')).toHaveLength(0);
    expect(parseXml(full).querySelectorAll('g.transition-argument').length).toBeGreaterThan(0);
    expect(doc.querySelectorAll('g.transition-flow')).toHaveLength(parseXml(full).querySelectorAll('g.transition-flow').length);
    expect(doc.querySelectorAll('g.state')).toHaveLength(allStates.length);
    const labels = Array.from(doc.querySelectorAll('g.transition tspan')).map((span) => span.textContent);
    expect(labels).toContain('endGame(result)');
    expect(labels).not.toContain('setPhase(phase)');
  });
});
