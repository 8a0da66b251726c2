/**
 * Development mode checks a G that a move changed in place only where the
 * move wrote (engine/serializable.ts `findUnserializableWrites`). On random
 * plain Gs and random writes through nested drafts (good and bad values,
 * new objects, drafts moved, put inside themselves or dropped, holes, array
 * methods), its verdict is the full walk's: the same problem named the same
 * way, or none.
 */
import fc from 'fast-check';
import { arraysCopiedByLastDraft, produce, writesOfLastDraft } from '../src/machines/engine/drafts';
import { findUnserializable, findUnserializableWrites } from '../src/machines/engine/serializable';

class Card {
  constructor(readonly rank: number) {}
}

type Op = { path: number[]; via: number[]; act: number; val: number; n: number };

const leaf = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom('a', 'b', ''), fc.boolean(), fc.constant(null));
const { tree } = fc.letrec<{ tree: unknown }>((tie) => ({
  tree: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'g' },
    leaf,
    fc.array(tie('tree'), { maxLength: 5 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', '0', '1'), tie('tree'), { maxKeys: 4, noNullPrototype: true }),
  ),
}));
const plainG = fc.dictionary(fc.constantFrom('p', 'q', 'r', 's'), tree, {
  minKeys: 1,
  maxKeys: 4,
  noNullPrototype: true,
});
const op = fc.record({
  path: fc.array(fc.nat(7), { maxLength: 3 }),
  via: fc.array(fc.nat(7), { maxLength: 3 }),
  act: fc.nat(10),
  // Plain values more often than not: most moves write plain data.
  val: fc.oneof(
    { arbitrary: fc.constantFrom(0, 1, 2, 8, 11, 13, 15, 20), weight: 3 },
    { arbitrary: fc.nat(21), weight: 2 },
  ),
  n: fc.nat(9),
});

/** Down `path` from `root` through objects; the objects passed on the way, `root` first. */
function walk(root: any, path: number[]): any[] {
  const seen = [root];
  let at = root;
  for (const step of path) {
    const keys = Object.keys(at);
    if (keys.length === 0) break;
    const next = at[keys[step % keys.length]];
    if (next === null || typeof next !== 'object') break;
    seen.push((at = next));
  }
  return seen;
}

/** What a write puts: plain values, values that are not, new objects, drafts from elsewhere, ancestors (cycles). */
const VALUES: ((G: any, o: Op, seen: any[]) => unknown)[] = [
  (_, { n }) => n,
  () => 'x',
  () => null,
  () => NaN,
  () => -Infinity,
  () => undefined,
  (_, { n }) =>
    () =>
      n,
  (_, { n }) => new Card(n),
  (_, { n }) => ({ a: n, b: [n] }),
  () => ({ a: { b: NaN } }),
  // eslint-disable-next-line no-sparse-arrays -- a hole is a case under test
  () => [1, , 2],
  (_, { n }) => Object.assign([n], { named: n }),
  (_, { n }) => Object.assign([n], { on: () => n }),
  (G, { via }) => walk(G, via).at(-1),
  (_, { n }, seen) => seen[n % seen.length],
  (G, { via }) => ({ ref: walk(G, via).at(-1) }),
  (_, { n }) => {
    const self: any = { n };
    self.me = self;
    return self;
  },
  () => [undefined],
  (G, { via }, seen) => [walk(G, via).at(-1), seen[0]],
  () => Symbol('s'),
  (_, { n }) => `s${n}`,
];

/** What a write does where `path` leads: array methods on an array, a write or a delete on an object. */
const ARRAY_WRITES: ((at: any[], i: number, o: Op, v: () => unknown) => unknown)[] = [
  (at, _, { n }, v) => (at[n % (at.length + 3)] = v()),
  (at, _, __, v) => at.push(v()),
  (at) => at.pop(),
  (at) => at.shift(),
  (at, i, _, v) => at.splice(i, 1, v()),
  (at, _, { n }) => (at.length = n % (at.length + 4)),
  (at) => at.reverse(),
  (at, i) => delete at[i],
  (at, _, __, v) => at.unshift(v()),
  (at) => at.sort(() => 0),
  (at, i, _, v) => (at[i] = v()),
];

function apply(G: any, o: Op): void {
  const seen = walk(G, o.path);
  const at = seen.at(-1);
  const v = () => VALUES[o.val % VALUES.length](G, o, seen);
  if (Array.isArray(at)) ARRAY_WRITES[o.act % ARRAY_WRITES.length](at, at.length === 0 ? 0 : o.n % at.length, o, v);
  else {
    const keys = Object.keys(at);
    const key = o.act % 3 === 0 || keys.length === 0 ? `k${o.n % 3}` : keys[o.n % keys.length];
    if (o.act === 7) delete at[key];
    else at[key] = v();
  }
}

test('the written-keys check finds what the full walk finds, named alike (random writes through drafts)', () => {
  const tally = { changed: 0, problems: 0 };
  fc.assert(
    fc.property(plainG, fc.array(op, { minLength: 1, maxLength: 6 }), (base, ops) => {
      let G: unknown;
      try {
        G = produce(base, (draft: any) => void ops.forEach((o) => apply(draft, o)), undefined, true);
      } catch {
        return; // a write the drafts refuse (as immer does): nothing to check
      }
      const writes = writesOfLastDraft();
      if (G === base || writes === undefined) return;
      tally.changed++;
      const full = findUnserializable(G, 'G', base, arraysCopiedByLastDraft());
      expect(findUnserializable(G, 'G')).toBe(full);
      expect(findUnserializableWrites(G, base, writes, arraysCopiedByLastDraft())).toBe(full);
      if (full) tally.problems++;
    }),
    { numRuns: 3000, seed: 20261129 },
  );
  // Both verdicts were exercised.
  expect(tally.changed).toBeGreaterThan(1500);
  expect(tally.problems).toBeGreaterThan(300);
  expect(tally.changed - tally.problems).toBeGreaterThan(300);
});

test('writes of plain leaves are not listed, and a G changed only by them is told apart from a G returned', () => {
  const base = { score: 1, log: ['a'], seats: [{ hand: [1, 2] }] };
  const leaves = produce(
    base,
    (G) => void ((G.score += 1), G.log.push('b'), (G.seats[0].hand[1] = 3)),
    undefined,
    true,
  );
  expect(leaves).toEqual({ score: 2, log: ['a', 'b'], seats: [{ hand: [1, 3] }] });
  expect(writesOfLastDraft()).toEqual([]);
  produce(base, (G) => void ((G.log[3] = 'c'), G.seats.push({ hand: [] })), undefined, true);
  expect(writesOfLastDraft()?.filter((_, i) => i % 2 === 1)).toEqual(['3', '1']);
  produce(base, (G) => ({ ...G, score: 0 }), undefined, true);
  expect(writesOfLastDraft()).toBeUndefined();
});
