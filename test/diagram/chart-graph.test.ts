/**
 * chartGraph, the plain graph behind the Mermaid and SVG drawings, on a small
 * hand-written xstate machine: nodes and kinds, transitions merged into one
 * edge per pair of states and kind, labelled with their events and rules
 * (guard names); a rule with several targets, and a state's transitions into
 * its own children, as argument-driven edges (the latter drawn once, from the
 * state), dashed or folded into notes; targetless transitions kept on their
 * state. Then on turnchart charts: identical seat regions folded into one,
 * compact labels, flow order, reached states.
 */
import { createMachine } from 'xstate';
import { createGameMachine } from 'turnchart';
import { chartGraph, shortRule } from 'turnchart/diagram';
import { cardGame } from './example-games';
import { Discard } from '../../examples/discard/game';
import TinyCiv from '../../examples/large-flow/game';

const machine = createMachine({
  id: 'm',
  initial: 'a',
  on: { '*': { actions: () => {} } },
  states: {
    a: {
      on: {
        GO: [
          { guard: () => false, target: 'b' },
          { guard: () => true, target: 'b' },
        ],
        STAY: { actions: () => {} },
        ALSO: { target: 'b' },
        NEXT: { guard: 'rules.next', target: 'b' },
        pick: [
          { guard: { type: 'pick(state)', params: { to: 'b' } }, target: 'b' },
          { guard: { type: 'pick(state)', params: { to: 'done' } }, target: 'done' },
        ],
        maxMoves: [{ guard: { type: 'maxMoves', params: { seat: 0 } }, target: 'b' }],
        END: [{ guard: 'rules.next', target: 'b' }],
      },
    },
    b: {
      type: 'parallel',
      on: { RESET: { target: '#m.b.left.y', reenter: true } },
      states: {
        left: {
          initial: 'x',
          on: {
            ROUTE: [
              { guard: { type: 'route(to)', params: { to: 'x' } }, target: '.x' },
              { guard: { type: 'route(to)', params: { to: 'y' } }, target: '.y' },
            ],
          },
          states: {
            x: { on: { STEP: { guard: 'rules.step', target: 'y' } } },
            y: { on: { MOVE: { actions: () => {} } } },
            z: {},
          },
        },
        right: { initial: 'u', states: { u: {} } },
      },
    },
    done: { type: 'final' },
  },
});

describe('chartGraph', () => {
  const graph = chartGraph(machine, { arguments: 'dashed' });
  const edge = (source: string, target: string) =>
    graph.edges.filter((e) => e.source === source && e.target === target);

  test('has one node per state, with its kind, parent, children and initial child', () => {
    expect([...graph.nodes.keys()]).toEqual([
      'm',
      'm.a',
      'm.b',
      'm.b.left',
      'm.b.left.x',
      'm.b.left.y',
      'm.b.left.z',
      'm.b.right',
      'm.b.right.u',
      'm.done',
    ]);
    expect(graph.root).toMatchObject({ id: 'm', kind: 'root', initial: 'm.a', internal: ['*'] });
    expect(graph.nodes.get('m.b')).toMatchObject({ kind: 'parallel', children: ['m.b.left', 'm.b.right'] });
    expect(graph.nodes.get('m.b')!.initial).toBeUndefined();
    expect(graph.nodes.get('m.b.left')).toMatchObject({ kind: 'region', parent: 'm.b', initial: 'm.b.left.x' });
    expect(graph.nodes.get('m.done')!.kind).toBe('final');
    expect(graph.nodes.get('m.b.left.y')).toMatchObject({ kind: 'atomic', internal: ['MOVE'], depth: 3 });
  });

  test('merges the transitions between two states into one edge, labelled with each event and its rule', () => {
    expect(edge('m.a', 'm.b').filter((e) => e.kind === 'flow')).toEqual([
      {
        source: 'm.a',
        target: 'm.b',
        events: ['GO', 'ALSO', 'NEXT', 'maxMoves', 'END'],
        rules: [
          { event: 'GO' },
          { event: 'ALSO' },
          { event: 'NEXT', rule: 'rules.next' },
          { event: 'maxMoves', rule: 'maxMoves' },
          { event: 'END', rule: 'rules.next' },
        ],
        // Unguarded events together; one line per rule, its events first; a rule named after its only event alone.
        labels: ['GO, ALSO', 'NEXT, END · rules.next', 'maxMoves'],
        titles: ['GO, ALSO', 'NEXT, END · rules.next', 'maxMoves'],
        kind: 'flow',
      },
    ]);
    expect(edge('m.b.left.x', 'm.b.left.y')).toEqual([
      expect.objectContaining({ labels: ['STEP · rules.step'], kind: 'flow' }),
    ]);
    expect(graph.nodes.get('m.a')!.internal).toEqual(['STAY']);
  });

  test('a rule with several targets from one state is argument-driven, apart from the declared flow', () => {
    expect(edge('m.a', 'm.b').find((e) => e.kind === 'argument')).toMatchObject({
      labels: ['pick(state)'],
      events: ['pick'],
    });
    expect(edge('m.a', 'm.done')).toEqual([expect.objectContaining({ labels: ['pick(state)'], kind: 'argument' })]);
  });

  test("a state's transition into its own children is drawn once, from the state, as argument-driven", () => {
    expect(edge('m.b.left', 'm.b.left.x')).toEqual([
      {
        source: 'm.b.left',
        target: 'm.b.left.x',
        events: ['ROUTE'],
        rules: [{ event: 'ROUTE', rule: 'route(to)' }],
        labels: ['ROUTE · route(to)'],
        titles: ['ROUTE · route(to)'],
        kind: 'argument',
      },
    ]);
    expect(edge('m.b.left', 'm.b.left.y')).toHaveLength(1);
    // Not the complete graph between the region's states.
    for (const from of ['x', 'y', 'z']) expect(edge(`m.b.left.${from}`, 'm.b.left.x')).toEqual([]);
    expect(edge('m.b', 'm.b.left.y')).toEqual([
      expect.objectContaining({ events: ['RESET'], labels: ['RESET'], kind: 'argument' }),
    ]);
  });

  test("arguments: 'none' (or false) drops the argument-driven edges only", () => {
    for (const lean of [chartGraph(machine, { arguments: 'none' }), chartGraph(machine, { arguments: false })]) {
      expect(lean.edges.every((e) => e.kind === 'flow')).toBe(true);
      expect(lean.edges).toEqual(graph.edges.filter((e) => e.kind === 'flow'));
      expect(lean.edges.length).toBeLessThan(graph.edges.length);
      expect(lean.nodes.size).toBe(graph.nodes.size);
      expect([...lean.nodes.values()].every((node) => node.notes.length === 0)).toBe(true);
    }
  });

  test('by default argument-driven edges are folded into notes on the state they leave, with where they lead', () => {
    const folded = chartGraph(machine);
    expect(folded.edges).toEqual(graph.edges.filter((e) => e.kind === 'flow'));
    const texts = (id: string) => folded.nodes.get(id)!.notes.map((note) => note.text);
    expect(texts('m.a')).toEqual(['pick(state) → b, done']);
    expect(texts('m.b')).toEqual(['RESET → y']);
    expect(texts('m.b.left')).toEqual(['ROUTE · route(to) → x, y']);
    // What the inspector page matches a taken transition against: the rule, and any of its sources and targets.
    expect(folded.nodes.get('m.a')!.notes[0]).toEqual({
      text: 'pick(state) → b, done',
      event: 'pick',
      rule: 'pick(state)',
      sources: ['m.a'],
      targets: ['m.b', 'm.done'],
    });
    expect(folded.legend.some((line) => line.startsWith('⇢'))).toBe(true);
  });

  test('children are in flow order: the initial one, then where the declared flow leads from it', () => {
    const ordered = createMachine({
      id: 'o',
      initial: 'start',
      states: { late: {}, middle: { on: { GO: 'late' } }, start: { on: { GO: 'middle' } }, alone: {} },
    });
    expect(chartGraph(ordered).root.children).toEqual(['o.start', 'o.middle', 'o.late', 'o.alone']);
  });
});

describe('chartGraph on a turnchart chart', () => {
  const discard = createGameMachine(Discard, { numPlayers: 4 });
  const turn = 'turnchart.phases.(no phase).turn';

  test('identical seat regions are one region "each player (×N)", standing for every seat; seats: unfold draws each', () => {
    const graph = chartGraph(discard);
    const regions = [...graph.nodes.values()].filter((node) => node.kind === 'region');
    expect(regions).toEqual([
      expect.objectContaining({
        id: `${turn}.player0`,
        label: 'each player (×4)',
        members: [0, 1, 2, 3].map((seat) => `${turn}.player${seat}`),
      }),
    ]);
    expect(graph.drawnAs.get(`${turn}.player3.discard`)).toBe(`${turn}.player0.discard`);
    expect(graph.drawnAs.get(`${turn}.player0.discard`)).toBe(`${turn}.player0.discard`);
    expect(graph.drawnAs.get('phase0-turn')).toBe('phase0-turn');
    // Every machine state is drawn somewhere; no edge leaves or reaches a folded-away seat.
    expect(graph.drawnAs.size).toBe(1 + 1 + 1 + 1 + 4 * 4 + 1);
    expect(graph.edges.every((edge) => graph.nodes.has(edge.source) && graph.nodes.has(edge.target))).toBe(true);
    expect(graph.legend).toContain('each player (×4): identical seats, drawn once');

    const unfolded = chartGraph(discard, { seats: 'unfold' });
    expect([...unfolded.nodes.values()].filter((node) => node.kind === 'region').map((node) => node.label)).toEqual([
      'player0',
      'player1',
      'player2',
      'player3',
    ]);
  });

  test('regions that differ are not folded together', () => {
    const uneven = createGameMachine(
      {
        moves: { go: () => undefined },
        turn: { activePlayers: { value: { '0': 'lead' } }, stages: { lead: { moves: { go: () => undefined } } } },
      },
      { numPlayers: 3 },
    );
    const labels = [...chartGraph(uneven).nodes.values()]
      .filter((node) => node.kind === 'region')
      .map((node) => node.label);
    expect(labels).toContain('players 1, 2 (×2)');
    expect(labels).toContain('player0');
  });

  test('labels are compact: the rule without the prefix of the box it leaves, `automatic` for what the flow does by itself', () => {
    const graph = chartGraph(createGameMachine(cardGame, { numPlayers: 3 }));
    const labelsOf = (source: string, target: string) =>
      graph.edges.find((edge) => edge.source === source && edge.target === target)?.labels;
    const titlesOf = (source: string, target: string) =>
      graph.edges.find((edge) => edge.source === source && edge.target === target)?.titles;
    const draw = graph.nodes.get('turnchart.phases')!.children[0];
    expect(graph.nodes.get(draw)!.key).toBe('draw cards');
    const main = graph.nodes.get('turnchart.phases')!.children[1];
    expect(labelsOf(draw, main)).toEqual(['endPhase, pass · next']);
    expect(titlesOf(draw, main)).toEqual(['endPhase, pass · phases.draw cards.next']);
    expect(labelsOf('turnchart.phases', 'turnchart.gameover')).toEqual(['automatic · endIf', 'endGame(result)']);
    const stage = (name: string) => `turnchart.phases.draw cards.turn.player0.${name}`;
    expect(labelsOf(stage('discard (optional)'), stage('wait'))).toEqual(['endStage · next']);
    expect(labelsOf(stage('discard (optional)'), stage('idle'))).toEqual(['maxMoves']);
    expect(shortRule('phases.draw.turn.order.next', ['phases', 'draw', 'turn'])).toBe('order.next');
    expect(shortRule('turn.order.next', ['phases', '(no phase)', 'turn'])).toBe('order.next');
    expect(shortRule('phases.draw.turn.stages.A.next', ['phases', 'draw', 'turn', 'player0', 'A'])).toBe('next');
    expect(shortRule('turn.order', ['phases', 'draw', 'turn', 'player0', 'idle'])).toBe('turn.order');
  });

  test('a note every phase carries alike is written once on `phases`, from any of them', () => {
    const graph = chartGraph(createGameMachine(TinyCiv, { numPlayers: 6 }));
    const phases = graph.nodes.get('turnchart.phases')!;
    const setPhase = phases.notes.find((note) => note.rule === 'setPhase(phase)')!;
    expect(setPhase.text).toBe('setPhase(phase) → found, grow, trade, war');
    expect(setPhase.sources.sort()).toEqual(['phase0', 'phase1', 'phase2', 'phase3', 'phase4']);
    expect(
      phases.children.every((child) => graph.nodes.get(child)!.notes.every((note) => note.rule !== 'setPhase(phase)')),
    ).toBe(true);
  });

  test('phases are in flow order from the start phase', () => {
    const graph = chartGraph(createGameMachine(TinyCiv, { numPlayers: 6 }));
    expect(graph.nodes.get('turnchart.phases')!.children.map((id) => graph.nodes.get(id)!.key)).toEqual([
      'found',
      'grow',
      'trade',
      'war',
      '(no phase)',
    ]);
  });

  test('with `reached`, the states no play reached (folded: no seat) and their edges are marked', () => {
    const reached = new Set([
      `turnchart`,
      'turnchart.phases',
      'phase0',
      'phase0-turn',
      `${turn}.player2`,
      `${turn}.player2.idle`,
      `${turn}.player3.active`,
    ]);
    const graph = chartGraph(discard, { reached, reachedBy: 'a test' });
    const marks = Object.fromEntries([...graph.nodes.values()].map((node) => [node.id, node.reached]));
    expect(marks[`${turn}.player0.idle`]).toBe(true);
    expect(marks[`${turn}.player0.active`]).toBe(true);
    expect(marks[`${turn}.player0.discard`]).toBe(false);
    expect(marks['turnchart.gameover']).toBe(false);
    expect(graph.edges.find((edge) => edge.target === 'turnchart.gameover')!.reached).toBe(false);
    expect(graph.edges.find((edge) => edge.source === `${turn}.player0.idle`)!.reached).toBeUndefined();
    expect(graph.legend).toEqual(expect.arrayContaining(['grey: no play reached it', 'play: a test']));
    expect([...chartGraph(discard).nodes.values()].every((node) => node.reached === undefined)).toBe(true);
  });
});
