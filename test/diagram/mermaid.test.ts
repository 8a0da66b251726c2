/**
 * toMermaid: the diagram is read back by the real Mermaid parser (the
 * `mermaid` package), and what the parser understood is compared with the
 * machine: every state where it belongs, seats as concurrent regions,
 * initial and final markers, one labelled edge per pair of states, moves on
 * the states that allow them, names of any shape surviving the round trip.
 * Drawn unfolded with dashed argument edges (every state and edge of the
 * machine), and as drawn by default: identical seats folded into one region,
 * argument-driven edges as notes.
 */
import type { AnyStateNode } from 'xstate';
import { createGameMachine, type Game } from 'turnchart';
import { chartGraph, toMermaid } from 'turnchart/diagram';
import { cardGame, flatGame } from './example-games';
import { parseMermaid } from './support/mermaid';
import { readBack, statePaths, type ParsedChart } from './support/mermaid-read-back';

const noop = () => {};

/** Phase and stage names that mean something to Mermaid or collide once made into ids. */
const awkwardGame: Game = {
  moves: { 'say "hi"; #35; <b>leave</b>': noop },
  phases: {
    end: { start: true, next: 'state' },
    start: {},
    state: {},
    'a -- b': {},
    'x --> y': {},
    '%% not a comment': {},
    '[*]': {},
    '{braces}: colon': {},
    '&amp; entity': {},
    'a b': {},
    'a-b': {},
  },
  turn: { stages: { 'semi;colon': { moves: { 'quote"d': noop } }, 'direction LR': {} } },
};

const machine = createGameMachine(cardGame, { numPlayers: 3 });
const awkward = createGameMachine(awkwardGame, { numPlayers: 2 });
const flat = createGameMachine(flatGame, { numPlayers: 3 });
const hooked = createGameMachine(
  {
    moves: { go: () => undefined },
    phases: { main: { start: true, onBegin: () => undefined } },
    turn: {
      onEnd: () => undefined,
      stages: { guard: { onBegin: () => undefined, onEnd: () => undefined, moves: { watch: () => undefined } } },
    },
  },
  { numPlayers: 2 },
);
const every = { seats: 'unfold', arguments: 'dashed' } as const;
const texts = [
  toMermaid(machine, every),
  toMermaid(machine, { ...every, arguments: false }),
  toMermaid(awkward, every),
  toMermaid(flat, { ...every, moves: false }),
  toMermaid(hooked, every),
  toMermaid(machine),
];
let parsed: ParsedChart[];

beforeAll(() => {
  parsed = parseMermaid(texts).map(readBack);
});

describe('toMermaid, read back by the mermaid package', () => {
  test("the output is a stateDiagram-v2, after front matter that sets Mermaid's spacing", () => {
    for (const text of texts)
      expect(text.startsWith('---\nconfig:\n  state:\n    rankSpacing: 30\n---\nstateDiagram-v2\n')).toBe(true);
  });

  test('every state of the machine is a state of the diagram, nested as in the machine, and nothing else is', () => {
    for (const [index, source] of [machine, machine, awkward, flat].entries()) {
      const expected = statePaths(source);
      expect([...parsed[index].paths].sort()).toEqual([...expected].sort());
      expect(parsed[index].states).toHaveLength(expected.length);
    }
  });

  test("each phase's turn holds one concurrent region per seat, separated by --", () => {
    for (const phase of ['draw cards', 'main-phase', '(no phase)']) {
      expect(parsed[0].regions.get(`phases/${phase}/turn`)).toBe(3);
    }
    expect(parsed[3].regions.get('phases/(no phase)/turn')).toBe(3);
  });

  test('initial states are [*] --> edges, but in a box that draws one state in another; gameover is final (--> [*])', () => {
    const { edges, boxOf } = parsed[0];
    expect(edges).toContainEqual({ from: '[*]', to: 'phases', label: '' });
    expect(edges).toContainEqual({ from: 'phases/[*]', to: 'phases/draw cards', label: '' });
    // A phase and its turn are one box (`draw cards · turn`): no marker says where it starts.
    expect(boxOf.get('phases/draw cards/turn')).toBe('phases/draw cards');
    expect(edges.filter((edge) => /^phases\/draw cards\/(turn\/)?\[\*\]$/.test(edge.from))).toEqual([]);
    expect(edges).toContainEqual({
      from: 'phases/draw cards/turn/player2/[*]',
      to: 'phases/draw cards/turn/player2/idle',
      label: '',
    });
    expect(edges).toContainEqual({ from: 'gameover', to: '[*]', label: '' });
  });

  test("every edge of the chart is one Mermaid edge, labelled with each event and its rule, or a loop written in its box's name", () => {
    const { edges, boxOf, loops } = parsed[0];
    const pathOf = new Map<string, string>();
    const visit = (node: AnyStateNode) => {
      pathOf.set(node.id, node.path.join('/'));
      for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
    };
    visit(machine.root);
    const graph = chartGraph(machine, every);
    const box = (id: string) => boxOf.get(pathOf.get(id)!)!;
    let named = 0;
    for (const edge of graph.edges) {
      // A loop on a box that draws states is written in the box's name, one ↻ per rule.
      if (box(edge.source) === box(edge.target) && loops.has(box(edge.source))) {
        expect(loops.get(box(edge.source))).toEqual(expect.arrayContaining(edge.labels));
        named++;
        continue;
      }
      // One line per rule, broken (<br>) where it is long: before the rule, after a comma.
      const label = edges.find(
        (drawn) =>
          drawn.from === box(edge.source) &&
          drawn.to === box(edge.target) &&
          drawn.label.replace(/<br>/g, ' ').replace(/\s+/g, ' ') === edge.labels.join(' '),
      );
      expect([edge.labels, label?.label.split('<br>').every((line) => line.length <= 24)]).toEqual([edge.labels, true]);
    }
    // The rest are the [*] markers of initial and final states.
    expect(named).toBeGreaterThan(0);
    expect(edges.filter((edge) => !edge.from.endsWith('[*]') && edge.to !== '[*]')).toHaveLength(
      graph.edges.length - named,
    );
  });

  test('the declared flow and the argument-driven redirections are separate edges, named after their rules', () => {
    const { edges } = parsed[0];
    const between = (from: string, to: string) =>
      edges.filter((edge) => edge.from === from && edge.to === to).map((edge) => edge.label);
    expect(between('phases/draw cards', 'phases/main-phase')).toEqual(['endPhase, pass · next', 'setPhase(phase)']);
    // main-phase has no next: the flow goes to no phase; setPhase can go back to draw cards.
    expect(between('phases/main-phase', 'phases/(no phase)')).toEqual(['endPhase, pass · next']);
    expect(between('phases/main-phase', 'phases/draw cards')).toEqual(['setPhase(phase)']);
    expect(between('phases', 'gameover')).toEqual(['automatic · endIf<br>endGame(result)']);
    // The turn's loop, in its box's name (`main-phase · turn ↻ endTurn, pass · order.next ↻ …`).
    expect(between('phases/main-phase', 'phases/main-phase')).toEqual([]);
    expect(parsed[0].loops.get('phases/main-phase')).toEqual([
      'setPhase(phase)',
      'endTurn, pass · order.next',
      'endTurn({ next })',
      'pass({ next, remove })',
    ]);
    // A stage's declared next is its only endStage edge; the argument-driven ones come from the seat's region.
    const seat = 'phases/draw cards/turn/player0';
    expect(between(`${seat}/discard (optional)`, `${seat}/wait`)).toEqual(['endStage · next']);
    expect(between(`${seat}/discard (optional)`, `${seat}/idle`)).toEqual(['maxMoves']);
    expect(between(`${seat}/idle`, `${seat}/discard (optional)`)).toEqual([]);
    expect(between(seat, `${seat}/discard (optional)`)).toEqual(['setStage(stage)<br>setActivePlayers(set)']);
    expect(between(`${seat}/idle`, `${seat}/active`)).toEqual([
      'startTurn<br>· turn.activePlayers<br>endStage, maxMoves<br>· activePlayers.emptied',
    ]);
  });

  test('the moves a seat may make in a state are written on that state', () => {
    const describe = (path: string) => parsed[0].states.find((state) => state.path === path)?.description;
    expect(describe('phases/draw cards/turn/player1/discard (optional)')).toEqual(['move.discard']);
    expect(describe('phases/draw cards/turn/player1/active')).toEqual(['move.draw']);
    expect(describe('phases/main-phase/turn/player2/active')?.[0].split(', ')).toEqual([
      'move.play',
      'move.trade "gold"',
    ]);
    expect(describe('phases/main-phase/turn/player2/idle')).toEqual([]);
  });

  test("game hooks are written on their states as entry / exit actions (stage hooks on the stage's state)", () => {
    const describe = (path: string) => parsed[4].states.find((state) => state.path === path)?.description;
    expect(describe('phases/main/turn/player1/guard')).toEqual([
      'move.watch',
      'entry / turn.stages.guard.onBegin',
      'exit / turn.stages.guard.onEnd',
    ]);
    expect(texts[4]).toContain('%% turn: exit / turn.onEnd');
    expect(texts[4]).toContain('%% main: entry / phases.main.onBegin');
  });

  test('arguments: false leaves out the argument-driven edges and keeps the declared flow', () => {
    const full = parsed[0].edges;
    const lean = parsed[1].edges;
    const argumentDriven = (edge: { label: string }) => /setPhase|setStage|setActivePlayers/.test(edge.label);
    expect(full.some(argumentDriven)).toBe(true);
    expect(lean.filter(argumentDriven)).toEqual([]);
    const fromRegion = (edge: { from: string; to: string }) =>
      edge.to.startsWith(`${edge.from}/`) && !edge.from.endsWith('[*]');
    expect(full.some(fromRegion)).toBe(true);
    expect(lean.filter(fromRegion)).toEqual([]);
    expect(lean).toContainEqual(
      full.find(
        (edge) => edge.from === 'phases/draw cards' && edge.to === 'phases/main-phase' && !argumentDriven(edge),
      ),
    );
    expect(lean).toContainEqual({ from: 'phases', to: 'gameover', label: 'automatic · endIf<br>endGame(result)' });
    expect(lean).toContainEqual(
      full.find(
        (edge) =>
          edge.from === 'phases/draw cards/turn/player1/idle' && edge.to === 'phases/draw cards/turn/player1/active',
      ),
    );
    expect(lean.length).toBeLessThan(full.length);
  });

  test('names with quotes, semicolons, arrows, brackets, entities or Mermaid keywords survive', () => {
    const { paths, states } = parsed[2];
    for (const phase of Object.keys(awkwardGame.phases!)) {
      expect(paths.has(`phases/${phase}`)).toBe(true);
      expect(paths.has(`phases/${phase}/turn/player1/semi;colon`)).toBe(true);
      expect(paths.has(`phases/${phase}/turn/player0/direction LR`)).toBe(true);
    }
    const stage = states.find((state) => state.path === 'phases/a -- b/turn/player0/semi;colon');
    expect(stage?.description).toEqual(['move.quote"d']);
    const active = states.find((state) => state.path === 'phases/[*]/turn/player1/active');
    expect(active?.description).toEqual(['move.say "hi"; #35; <b>leave</b>']);
    expect(parsed[2].edges).toContainEqual(expect.objectContaining({ from: 'phases/end', to: 'phases/state' }));
    // A state named start or end is not taken for the [*] Mermaid makes in its parent.
    expect(parsed[2].edges).toContainEqual({ from: 'phases/[*]', to: 'phases/end', label: '' });
    expect(parsed[2].edges.filter((edge) => edge.label === '' && edge.from === 'phases/start')).toEqual([]);
  });

  test("by default, identical seats are one region, drawn in its turn's and phase's box, and argument-driven edges are written on a loop of the box they leave, a region's on its turn's", () => {
    const { paths, edges, regions, loops } = parsed[5];
    for (const phase of ['draw cards', 'main-phase', '(no phase)']) {
      expect(paths.has(`phases/${phase}/turn/each player (×3)/idle`)).toBe(true);
      expect(paths.has(`phases/${phase}/turn/player1`)).toBe(false);
      expect(regions.get(`phases/${phase}/turn`)).toBeUndefined();
    }
    const argumentDriven = edges.filter((edge) => /setPhase|setStage|setActivePlayers/.test(edge.label));
    expect(argumentDriven.map((edge) => `${edge.from} → ${edge.to}`)).toEqual([
      'phases/draw cards → phases/draw cards',
      'phases/main-phase → phases/main-phase',
      'phases/(no phase) → phases/(no phase)',
      'phases → phases',
    ]);
    // The turn's own loop is in the box's name; the loop drawn has the folded edges alone.
    expect(loops.get('phases/draw cards')).toEqual([
      'endTurn, pass · order.next',
      'endTurn({ next })',
      'pass({ next, remove })',
    ]);
    expect(argumentDriven[0].label.split('<br>')).toEqual([
      'each player (×3):',
      '⇢ setStage(stage)',
      '→ active,',
      'discard (optional), wait',
      '⇢ setActivePlayers(set)',
      '→ any state',
    ]);
    expect(argumentDriven[3].label).toBe('⇢ setPhase(phase)<br>→ draw cards, main-phase');
    expect(texts[5]).not.toContain('note ');
    expect(texts[5]).toContain('%% legend:');
    expect(edges).toContainEqual({
      from: 'phases/draw cards/turn/each player (×3)/discard (optional)',
      to: 'phases/draw cards/turn/each player (×3)/wait',
      label: 'endStage · next',
    });
  });

  test('moves: false writes no state descriptions', () => {
    expect(parsed[3].states.every((state) => state.description.length === 0)).toBe(true);
    expect(texts[3]).not.toContain('move.roll');
  });
});
