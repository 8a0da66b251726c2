/**
 * selectOn (src/machines/direct-index.ts) picks a node's transition the way
 * xstate's own StateNode.next does, for every kind of guard and descriptor.
 */
import { and, createActor, setup, type AnyStateNode, type AnyTransitionDefinition, type EventObject } from 'xstate';
import { selectOn } from '../src/machines/runtime/direct-index';

const machine = setup({
  guards: {
    even: ({ context }) => (context as { n: number }).n % 2 === 0,
    above: ({ context }, params: { min: number }) => (context as { n: number }).n > params.min,
    typed: ({ event }) => (event as { ok?: boolean }).ok === true,
  },
}).createMachine({
  context: { n: 4 },
  initial: 'plain',
  states: {
    plain: {
      on: {
        go: [
          { guard: 'typed', target: 'wild' },
          { guard: { type: 'above', params: { min: 5 } }, target: 'wild' },
          { guard: 'even', target: 'plain', reenter: true },
        ],
        inline: { guard: ({ context }) => context.n === 4, target: 'wild' },
        both: { guard: and(['even', { type: 'above', params: { min: 1 } }]), target: 'wild' },
        dynamic: { guard: { type: 'above', params: ({ context }) => ({ min: context.n - 1 }) }, target: 'wild' },
        '*': { target: 'wild' },
      },
    },
    wild: { on: { 'a.*': { target: 'plain' }, 'a.b': { guard: 'typed', target: 'plain' }, other: 'plain' } },
  },
});

function xstateChoice(node: AnyStateNode, snapshot: any, event: EventObject): AnyTransitionDefinition | undefined {
  const taken = (node as any).next(snapshot, event) as AnyTransitionDefinition[] | undefined;
  return taken?.[0];
}

test.each([
  ['plain', { type: 'go' }],
  ['plain', { type: 'go', ok: true }],
  ['plain', { type: 'inline' }],
  ['plain', { type: 'both' }],
  ['plain', { type: 'dynamic' }],
  ['plain', { type: 'unknown' }],
  ['wild', { type: 'a.b' }],
  ['wild', { type: 'a.b', ok: true }],
  ['wild', { type: 'a.c' }],
  ['wild', { type: 'other' }],
  ['wild', { type: 'nothing' }],
])('%s on %j', (state, event) => {
  for (const n of [3, 4, 7, 8]) {
    const snapshot = machine.resolveState({ value: state, context: { n } });
    const node = machine.root.states[state] as AnyStateNode;
    expect(selectOn(node, snapshot, event)).toBe(xstateChoice(node, snapshot, event));
  }
});

test('a throwing guard is left to xstate, which reports it', () => {
  const failing = setup({
    guards: {
      boom: () => {
        throw new Error('boom');
      },
    },
  }).createMachine({ initial: 'a', states: { a: { on: { go: { guard: 'boom', target: 'b' } } }, b: {} } });
  const snapshot = createActor(failing).getSnapshot();
  expect(() => selectOn(failing.root.states.a as AnyStateNode, snapshot, { type: 'go' })).toThrow(
    /Unable to evaluate guard 'boom'/,
  );
});
