/**
 * chartGraph, the plain graph behind the Mermaid and SVG drawings, on a small
 * hand-written xstate machine: nodes and kinds, transitions merged into one
 * edge per pair of states and kind, labelled with their events and rules
 * (guard names); a rule with several targets, and a state's transitions into
 * its own children, as argument-driven edges (the latter drawn once, from the
 * state); targetless transitions kept on their state.
 */
import { createMachine } from 'xstate';
import { chartGraph } from 'turnchart/diagram';

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
          on: { ROUTE: [{ guard: { type: 'route(to)', params: { to: 'x' } }, target: '.x' }, { guard: { type: 'route(to)', params: { to: 'y' } }, target: '.y' }] },
          states: { x: { on: { STEP: { guard: 'rules.step', target: 'y' } } }, y: { on: { MOVE: { actions: () => {} } } }, z: {} },
        },
        right: { initial: 'u', states: { u: {} } },
      },
    },
    done: { type: 'final' },
  },
});

describe('chartGraph', () => {
  const graph = chartGraph(machine);
  const edge = (source: string, target: string) => graph.edges.filter((e) => e.source === source && e.target === target);

  test('has one node per state, with its kind, parent, children and initial child', () => {
    expect([...graph.nodes.keys()]).toEqual(['m', 'm.a', 'm.b', 'm.b.left', 'm.b.left.x', 'm.b.left.y', 'm.b.left.z', 'm.b.right', 'm.b.right.u', 'm.done']);
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
        rules: [{ event: 'GO' }, { event: 'ALSO' }, { event: 'NEXT', rule: 'rules.next' }, { event: 'maxMoves', rule: 'maxMoves' }, { event: 'END', rule: 'rules.next' }],
        // Unguarded events together; one line per rule, its events first; a rule named after its only event alone.
        labels: ['GO, ALSO', 'NEXT, END · rules.next', 'maxMoves'],
        kind: 'flow',
      },
    ]);
    expect(edge('m.b.left.x', 'm.b.left.y')).toEqual([expect.objectContaining({ labels: ['STEP · rules.step'], kind: 'flow' })]);
    expect(graph.nodes.get('m.a')!.internal).toEqual(['STAY']);
  });

  test('a rule with several targets from one state is argument-driven, apart from the declared flow', () => {
    expect(edge('m.a', 'm.b').find((e) => e.kind === 'argument')).toMatchObject({ labels: ['pick(state)'], events: ['pick'] });
    expect(edge('m.a', 'm.done')).toEqual([expect.objectContaining({ labels: ['pick(state)'], kind: 'argument' })]);
  });

  test("a state's transition into its own children is drawn once, from the state, as argument-driven", () => {
    expect(edge('m.b.left', 'm.b.left.x')).toEqual([{ source: 'm.b.left', target: 'm.b.left.x', events: ['ROUTE'], rules: [{ event: 'ROUTE', rule: 'route(to)' }], labels: ['ROUTE · route(to)'], kind: 'argument' }]);
    expect(edge('m.b.left', 'm.b.left.y')).toHaveLength(1);
    // Not the complete graph between the region's states.
    for (const from of ['x', 'y', 'z']) expect(edge(`m.b.left.${from}`, 'm.b.left.x')).toEqual([]);
    expect(edge('m.b', 'm.b.left.y')).toEqual([expect.objectContaining({ events: ['RESET'], labels: ['RESET'], kind: 'argument' })]);
  });

  test('arguments: false drops the argument-driven edges only', () => {
    const lean = chartGraph(machine, { arguments: false });
    expect(lean.edges.every((e) => e.kind === 'flow')).toBe(true);
    expect(lean.edges).toEqual(graph.edges.filter((e) => e.kind === 'flow'));
    expect(lean.edges.length).toBeLessThan(graph.edges.length);
    expect(lean.nodes.size).toBe(graph.nodes.size);
  });
});
