import { appended } from '../../src/adapters/boardgameio/array-append';

describe('appended', () => {
  it.each([0, 1, 2, 3, 4, 7])('is [...list, item] for a list of %i, in a new array, the list untouched', (n) => {
    const list = Array.from({ length: n }, (_, i) => ({ i }));
    const before = [...list];
    const item = { i: n };
    const out = appended(list, item);
    expect(out).toEqual([...before, item]);
    expect(out[n]).toBe(item);
    out.forEach((entry, i) => i < n && expect(entry).toBe(list[i]));
    expect(out).not.toBe(list);
    expect(list).toEqual(before);
  });
});
