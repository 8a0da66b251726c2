/**
 * chartGraph, the plain graph behind the Mermaid and SVG drawings, on a small
 * hand-written xstate machine: nodes and kinds, guarded transitions merged
 * into one edge per pair of states, a region's "go to child" transitions
 * drawn from its other children, targetless transitions kept on their state.
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
      },
    },
    b: {
      type: 'parallel',
      on: { RESET: { target: '#m.b.left.y', reenter: true } },
      states: {
        left: {
          initial: 'x',
          on: { ROUTE: [{ guard: () => true, target: '.x' }, { guard: () => true, target: '.y' }] },
          states: { x: {}, y: { on: { MOVE: { actions: () => {} } } }, z: {} },
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

  test('merges every transition between the same two states into one edge listing its events', () => {
    expect(edge('m.a', 'm.b')).toEqual([{ source: 'm.a', target: 'm.b', events: ['GO', 'ALSO'], kind: 'flow' }]);
    expect(graph.nodes.get('m.a')!.internal).toEqual(['STAY']);
  });

  test("draws a region's transition to one of its children from each other child, as routing", () => {
    expect(edge('m.b.left.z', 'm.b.left.x')).toEqual([{ source: 'm.b.left.z', target: 'm.b.left.x', events: ['ROUTE'], kind: 'routing' }]);
    expect(edge('m.b.left.y', 'm.b.left.x')).toHaveLength(1);
    expect(edge('m.b.left.x', 'm.b.left.x')).toHaveLength(0);
    expect(edge('m.b.left', 'm.b.left.x')).toHaveLength(0);
    expect(edge('m.b', 'm.b.left.y')).toEqual([{ source: 'm.b', target: 'm.b.left.y', events: ['RESET'], kind: 'routing' }]);
  });

  test('routing: false drops the routing edges only', () => {
    const lean = chartGraph(machine, { routing: false });
    expect(lean.edges.every((e) => e.kind === 'flow')).toBe(true);
    expect(lean.edges).toEqual(graph.edges.filter((e) => e.kind === 'flow'));
    expect(lean.nodes.size).toBe(graph.nodes.size);
  });
});
