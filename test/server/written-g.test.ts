/**
 * G written once per action: the text around G, with G's text spliced in,
 * is the text JSON.stringify writes for the whole; the store's text of G is
 * handed to the transport once, and only for that G.
 */
import { jsonAround, takeWrittenG, writtenG } from '../../src/adapters/server/written-g';

const around = (G: unknown) => ({
  snapshot: { value: 'x', context: { G, ctx: { turn: 2 } } },
  undo: [{ G: { n: 0 } }],
});

test.each([
  ['an object', { board: [[{ owner: null, tags: ['a"b'] }]], note: '\u0000G: \u2028 "G"' }],
  ['an array', [1, 'two', { three: [3] }]],
  ['an empty object', {}],
])('%s: the spliced text is the text of the whole', (_name, G) => {
  expect(jsonAround(G, writtenG(G), around)).toBe(JSON.stringify(around(G)));
  expect(jsonAround(G, undefined, around)).toBe(JSON.stringify(around(G)));
});

test('a G that is not an object is written as JSON writes it (undefined: left out)', () => {
  for (const G of [undefined, null, 3, 'text']) {
    expect(writtenG(G)).toBeUndefined();
    expect(jsonAround(G, writtenG(G), around)).toBe(JSON.stringify(around(G)));
  }
});

test("the store's text of G goes to the transport once", () => {
  const G = { n: 1 };
  const text = writtenG(G);
  expect(text).toBe('{"n":1}');
  expect(writtenG(G)).toBe(text);
  expect(takeWrittenG({ n: 1 })).toBeUndefined();
  expect(takeWrittenG(G)).toBe(text);
  expect(takeWrittenG(G)).toBeUndefined();
});
