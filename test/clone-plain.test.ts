/** clonePlain replaces structuredClone for event arguments: same result on plain data, no shared parts. */
import { clonePlain } from '../src/machines/engine/user-code';

const samples: unknown[] = [
  null,
  3,
  'x',
  [1, [2, { a: null }], 'z'],
  { others: 'discard', minMoves: 1, maxMoves: 1, value: { '0': { stage: 's', maxMoves: 2 } } },
  JSON.parse('{"__proto__": {"polluted": true}, "next": "0", "stage": "__proto__"}'),
  Object.assign(Object.create(null), { a: [1, 2] }),
];

test.each(samples.map((s) => [JSON.stringify(s), s]))('clonePlain(%s) is what structuredClone makes', (_, sample) => {
  const copy = clonePlain(sample);
  // (structuredClone makes its objects in Node's own realm, not jest's: compare by content and keys.)
  const reference = structuredClone(sample);
  expect(JSON.stringify(copy)).toBe(JSON.stringify(reference));
  if (sample !== null && typeof sample === 'object') {
    expect(copy).not.toBe(sample);
    expect(Object.keys(copy as object)).toEqual(Object.keys(reference as object));
    expect(Object.getPrototypeOf(copy)).toBe(Array.isArray(sample) ? Array.prototype : Object.prototype);
    // Nothing shared: changing the copy leaves the sample as it was.
    const before = JSON.stringify(sample);
    const scramble = (v: any) => {
      if (v && typeof v === 'object')
        for (const k of Object.keys(v)) {
          if (typeof v[k] === 'object' && v[k] !== null) scramble(v[k]);
          else v[k] = 'changed';
        }
    };
    scramble(copy);
    expect(JSON.stringify(sample)).toBe(before);
  }
  expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
});
