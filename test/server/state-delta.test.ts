/**
 * The SQLite store writes each action's changes instead of its whole state
 * (state-delta.ts): the earlier state's JSON with the changes applied must
 * be the later state's JSON, byte for byte (key order included), across
 * chains of states that share objects as drafts make them share, and for
 * what JSON treats specially.
 */
import fc from 'fast-check';
import { applyDelta, stateDelta } from '../../src/adapters/server/state-delta';
import { change, json, steps } from './state-chains';

/** What a restart reads back: the earlier state as stored, with the changes applied. */
const restored = (before: unknown, after: unknown): string =>
  JSON.stringify(applyDelta(JSON.parse(JSON.stringify(before)), JSON.parse(stateDelta(before, after))));

test('the changes between successive states give the later state', () => {
  fc.assert(
    fc.property(json, steps, (start, chain) => {
      let state: any = { G: start, ctx: { turn: 1 } };
      for (const [picks, value] of chain) {
        const next = change(state, picks, value);
        expect(restored(state, next)).toBe(JSON.stringify(next));
        state = next;
      }
    }),
    { numRuns: 300 },
  );
});

test('an unchanged state has no changes, and a change writes only the new value', () => {
  const board = [
    [1, 2],
    [3, 4],
  ];
  const state = { G: { board, score: { a: 1 } }, ctx: { turn: 1 } };
  expect(stateDelta(state, state)).toBe('[]');
  const next = { ...state, G: { ...state.G, board: [board[0], [3, 5]] } };
  expect(stateDelta(state, next)).toBe('[[["G","board",1,1],5]]');
});

test('values JSON treats specially, keys that need escaping, and keys that moved', () => {
  class Point {
    constructor(readonly x: number) {}
  }
  const cases: [unknown, unknown][] = [
    [
      { a: 1, b: 2 },
      { b: 2, a: 1 },
    ],
    [
      { a: 1, b: 2 },
      { a: 1, b: undefined },
    ],
    [{ a: [1, 2] }, { a: [1, undefined] }],
    [{ a: [1, 2] }, { a: [1, () => 3] }],
    [{ a: { x: 1 } }, { a: new Point(2) }],
    [{ a: new Date(0) }, { a: new Date(1) }],
    [{ a: { toJSON: () => 'one' } }, { a: { toJSON: () => 'two' } }],
    [{ 'a"\n\u2028': 1 }, { 'a"\n\u2028': 2 }],
    [{ a: NaN }, { a: -0 }],
    [{ a: 1 }, [1]],
    [{ a: 1 }, null],
    [
      { b: undefined, a: 1 },
      { b: 2, a: 1 },
    ],
    [Object.assign(Object.create(null), { a: { b: 1 } }), Object.assign(Object.create(null), { a: { b: 2 } })],
  ];
  for (const [before, after] of cases) expect(restored(before, after)).toBe(JSON.stringify(after));
});
