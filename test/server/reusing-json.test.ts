/**
 * The server writes each update's state reusing the text of the objects
 * the last update shared with it: what it writes must be JSON.stringify's
 * text, byte for byte, across chains of states that share objects the way
 * drafts make them share (state-chains.ts), and for what JSON.stringify
 * treats specially.
 */
import fc from 'fast-check';
import { ReusingJson } from '../../src/adapters/server/reusing-json';
import { jsonOnlyParser } from '../../src/adapters/server/socket-parser';
import { PreEncoded } from '../../src/adapters/server/reusing-json';
import { change, json, steps } from './state-chains';

/** For random chains of G (a start, then changes through drafts), `check` gets each G of the chain and the one before it. */
function forChains(check: (encoder: ReusingJson, G: any, previous: any) => void, composeMin: number): void {
  fc.assert(
    fc.property(json, steps, (start, chain) => {
      const encoder = new ReusingJson(composeMin);
      let G: any = start;
      check(encoder, G, G);
      for (const [picks, value] of chain) {
        const previous = G;
        G = change(G, picks, value);
        check(encoder, G, previous);
      }
    }),
    { numRuns: 150 },
  );
}

const writtenRight = (encoder: ReusingJson, state: unknown) =>
  expect(encoder.stringify(state)).toBe(JSON.stringify(state));

test.each([0, 40, 1024])(
  'successive states are written as JSON.stringify writes them (objects composed from %s characters)',
  (composeMin) => forChains((encoder, G) => writtenRight(encoder, { G, ctx: { turn: 1 } }), composeMin),
);

test.each([0, 40])(
  'an object at two places (G in a state and in its undo entry) is written right at both (composed from %s characters)',
  (composeMin) =>
    // The newest undo entry holds the state's own G; an older one, the G before.
    forChains(
      (encoder, G, previous) =>
        writtenRight(encoder, { G, _undo: [{ G: previous }, { G, moveType: 'm' }], keys: Object.keys(G) }),
      composeMin,
    ),
);

test('values JSON.stringify treats specially are written as it writes them', () => {
  const encoder = new ReusingJson(0);
  const values = [
    {
      a: undefined,
      b: () => 1,
      c: Symbol('s'),
      d: [undefined, () => 1, NaN, Infinity],
      e: new Date(0),
      f: new Map([[1, 2]]),
    },
    { nested: { big: 'x'.repeat(200), inner: { toJSON: () => ({ replaced: true }) } } },
    { nested: { big: 'x'.repeat(200), inner: { toJSON: () => undefined } }, list: [{ toJSON: () => undefined }] },
    { nested: { big: 'x'.repeat(200), inner: { now: 'plain' } }, list: [{ now: 'plain' }] },
    Object.assign(Object.create(null), { plain: 'no prototype', list: [[[]]] }),
  ];
  for (const value of [...values, ...values]) expect(encoder.stringify(value)).toBe(JSON.stringify(value));
  expect(encoder.stringify(undefined)).toBe('null');
  const cycle: any = { big: 'x'.repeat(200) };
  cycle.self = cycle;
  expect(() => encoder.stringify(cycle)).toThrow(TypeError);
});

test('the socket.io encoder puts pre-encoded arguments in as they are', () => {
  const encoder = new jsonOnlyParser.Encoder();
  const state = { G: { cells: [1, 2] }, ctx: { turn: 3 } };
  const packet = {
    type: 2,
    nsp: '/game',
    data: ['update', 'match', new PreEncoded(JSON.stringify(state)), undefined, [{ a: 1 }]],
  };
  expect(encoder.encode(packet as any)).toEqual([
    `2/game,${JSON.stringify(['update', 'match', state, undefined, [{ a: 1 }]])}`,
  ]);
});
