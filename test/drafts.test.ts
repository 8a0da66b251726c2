/**
 * turnchart's drafts (src/machines/engine/drafts.ts: its own for plain G,
 * mutative for the rest) do what
 * boardgame.io's immer does with game code: the same results, the same
 * structure shared with the base, the same refusals, the base untouched.
 * (One deliberate difference, in docs/differences.md: Maps and Sets in G,
 * which immer refuses without its MapSet plugin.)
 */
import { Immer } from 'immer';
import vm from 'node:vm';
import { baseOf, isDraft, produce } from '../src/machines/engine/drafts';
import { cases } from './support/draft-recipes';

const immer = new Immer({ autoFreeze: false });

/** The library's result, or what it threw. */
const run = (lib: (b: any, r: any) => any, base: any, r: any) => {
  try {
    return { ok: true, value: lib(base, r) };
  } catch (e) {
    return { ok: false, error: String(e) };
  }
};
test.each(cases)('%s: as immer does', (_name, make, recipe) => {
  const b1 = make();
  const b2 = make();
  const a = run((b, r) => immer.produce(b, r), b1, recipe);
  const m = run(produce, b2, recipe);
  expect(m.ok).toBe(a.ok);
  if (a.ok) {
    const norm = (v: any) => JSON.stringify(v, (k, x) => (k === 'self' ? '[cycle]' : x));
    expect(norm(m.value)).toEqual(norm(a.value));
    expect(norm(b2)).toEqual(norm(b1));
    // Structure shared the same way.
    if (b1 && typeof b1 === 'object')
      for (const k of Object.keys(b1)) expect(m.value?.[k] === b2[k]).toBe(a.value?.[k] === b1[k]);
  }
});

test('a returned G holds no drafts; a draft reads back to its base', () => {
  const base = { a: { x: 1 }, list: [{ y: 1 }] };
  let seen: unknown;
  const next = produce(base, (draft) => {
    seen = baseOf(draft.a);
    expect(isDraft(draft.a)).toBe(true);
    return { both: [draft.a, draft.list], more: new Set([draft.a]), byKey: new Map([['a', draft.list]]) };
  }) as any;
  expect(seen).toBe(base.a);
  expect(next.both[0]).toBe(base.a);
  expect([...next.more][0]).toBe(base.a);
  expect(next.byKey.get('a')).toBe(base.list);
  expect(baseOf(base)).toBe(base);
});

test('a changed object keyed by seat keeps every key a spread keeps: symbols, an own "__proto__"', () => {
  const tag = Symbol('tag');
  const hidden = Symbol('hidden');
  const seats: any = JSON.parse('{"0": {"score": 1}, "1": {"score": 2}, "__proto__": {"own": true}, "name": "x"}');
  seats[tag] = 'kept';
  Object.defineProperty(seats, hidden, { value: 'skipped', enumerable: false });
  const next = produce({ seats }, (draft: any) => {
    draft.seats['1'].score = 3;
  }) as any;
  expect(Object.getPrototypeOf(next.seats)).toBe(Object.prototype);
  expect(Reflect.ownKeys(next.seats)).toEqual(['0', '1', '__proto__', 'name', tag]);
  expect(next.seats['__proto__']).toEqual({ own: true });
  expect(next.seats[tag]).toBe('kept');
  expect(next.seats['0']).toBe(seats['0']);
  expect(next.seats['1']).toEqual({ score: 3 });
  expect(seats['1'].score).toBe(2);
});

test('a changed object keyed by ids without seat "0" or "1", or by names, is copied whole', () => {
  const hidden = Symbol('hidden');
  const byId: any = JSON.parse('{"12": {"n": 1}, "57": {"n": 2}, "__proto__": {"own": true}, "name": "x"}');
  Object.defineProperty(byId, hidden, { value: 'skipped', enumerable: false });
  const named: any = { b: { n: 1 }, a: 2 };
  const next = produce({ byId, named }, (draft: any) => {
    draft.byId['57'].n = 3;
    draft.named.b.n = 4;
  }) as any;
  expect(Reflect.ownKeys(next.byId)).toEqual(['12', '57', '__proto__', 'name']);
  expect(Object.getPrototypeOf(next.byId)).toBe(Object.prototype);
  expect(next.byId['57']).toEqual({ n: 3 });
  expect(next.byId['12']).toBe(byId['12']);
  expect(Reflect.ownKeys(next.named)).toEqual(['b', 'a']);
  expect([next.named.b.n, named.b.n, byId['57'].n]).toEqual([4, 1, 2]);
});

test('an array with an own "__proto__" key: read through its draft, it is one draft, its elements their own', () => {
  const list: any = [{ n: 1 }, { n: 2 }];
  Object.defineProperty(list, '__proto__', { value: { p: 1 }, enumerable: true, writable: true, configurable: true });
  const next = produce({ list }, (d: any) => {
    const own = d.list['__proto__'];
    expect([own.p, own === d.list['__proto__'], Array.isArray(d.list)]).toEqual([1, true, true]);
    d.list[1].n = 3;
    expect([d.list[0].n, d.list[1].n, d.list.length]).toEqual([1, 3, 2]);
  }) as any;
  expect(next.list.map((item: any) => item.n)).toEqual([1, 3]);
  expect(next.list[0]).toBe(list[0]);
  expect(list[1].n).toBe(2);
});

test('a draft put inside itself ends as its copy, holding itself', () => {
  const base = { a: { x: 1 } };
  const next = produce(base, (d: any) => {
    d.a.self = d.a;
    d.self = d;
  }) as any;
  expect(next.self).toBe(next);
  expect(next.a.self).toBe(next.a);
  expect(base).toEqual({ a: { x: 1 } });
});

test('a draft used after its recipe throws, as with immer', () => {
  let kept: any;
  produce({ a: { x: 1 } }, (d: any) => {
    kept = d.a;
  });
  expect(() => kept.x).toThrow(TypeError);
  expect(() => {
    kept.x = 2;
  }).toThrow(TypeError);
});

describe('objects only a marked draft drafts, arriving in a G that had none', () => {
  // Such an object must be drafted: left as it is, a move that changes it changes the state it was given.
  const foreign = () => vm.runInNewContext('({ k: { v: 1 } })');
  const bare = () => Object.assign(Object.create(null), { k: { v: 1 } });
  test.each([
    [
      'without a prototype, set on G',
      (d: any, o: any) => {
        d.extra = o;
      },
    ],
    [
      'of another realm, set on G',
      (d: any, o: any) => {
        d.extra = o;
      },
      foreign,
    ],
    [
      'pushed into an array',
      (d: any, o: any) => {
        d.list.push(o);
      },
    ],
    [
      'put first in an array (the rest shifts)',
      (d: any, o: any) => {
        d.list.unshift(o);
      },
    ],
    [
      'inside a new plain object',
      (d: any, o: any) => {
        d.a = { inner: o };
      },
    ],
    [
      'as a value of a Map',
      (d: any, o: any) => {
        d.byKey = new Map([['o', o]]);
      },
    ],
    ['in a returned G', (d: any, o: any) => ({ ...d, extra: o })],
  ] as const)('%s', (_name, put, make = bare) => {
    let G: any = produce({ a: { x: 1 }, list: [{ y: 1 }, { y: 2 }] }, (d: any) => {
      d.a.x = 2;
    });
    G = produce(G, (d: any) => put(d, make()));
    const held = (g: any) => g.extra ?? g.a.inner ?? g.byKey?.get('o') ?? g.list.find((item: any) => 'k' in item);
    const before = G;
    const next = produce(G, (d: any) => {
      const o = held(d);
      o.k.v = 5;
      o.added = true;
    });
    expect(held(before).k.v).toBe(1);
    expect('added' in held(before)).toBe(false);
    expect(held(next).k.v).toBe(5);
    expect(held(next).added).toBe(true);
  });
});

describe('the ring of classified Gs sizes itself to the matches a process interleaves', () => {
  type Drafts = typeof import('../src/machines/engine/drafts');
  const fresh = (): Drafts => {
    let drafts: Drafts | undefined;
    jest.isolateModules(() => {
      drafts = require('../src/machines/engine/drafts');
    });
    return drafts!;
  };
  const bump = (G: { n: number }) => {
    G.n++;
  };

  test('one match at a time: the ring stays small', () => {
    const { produce, knownGCapacity } = fresh();
    let G = { n: 0, board: [[0, 0]] };
    for (let i = 0; i < 1000; i++) G = produce(G, bump);
    expect([G.n, knownGCapacity()]).toEqual([1000, 8]);
  });

  test('40 matches interleaved: it grows past 40, so each G is found again', () => {
    const { produce, knownGCapacity } = fresh();
    const matches = Array.from({ length: 40 }, () => ({ n: 0, board: [[0, 0]] }));
    for (let round = 0; round < 20; round++)
      for (let m = 0; m < matches.length; m++) matches[m] = produce(matches[m], bump);
    expect(knownGCapacity()).toBeGreaterThanOrEqual(40);
    expect(knownGCapacity()).toBeLessThanOrEqual(256);
  });

  test('500 matches interleaved: it grows past 500 and then holds its size', () => {
    const { produce, knownGCapacity } = fresh();
    const matches = Array.from({ length: 500 }, () => ({ n: 0, board: [[0, 0]] }));
    const sizes = new Set<number>();
    for (let round = 0; round < 40; round++) {
      for (let m = 0; m < matches.length; m++) matches[m] = produce(matches[m], bump);
      if (round >= 30) sizes.add(knownGCapacity());
    }
    expect(sizes.size).toBe(1);
    expect(knownGCapacity()).toBeGreaterThanOrEqual(500);
  });

  test('a lookup that ends a window and resizes the ring still answers for its own G', () => {
    const { produce, knownGCapacity } = fresh();
    const read = (G: any) => void G.o;
    // 60 Gs never seen (a lookup that misses each), then one holding an object without a prototype (a miss
    // and a hit), then the last plain one again (a hit): 63 lookups, a quarter of them missed.
    const plain = Array.from({ length: 60 }, (_, n) => ({ n }));
    for (const G of plain) produce(G, read);
    const G = { o: Object.assign(Object.create(null), { v: 1 }) };
    produce(G, read);
    produce(plain[59], read);
    expect(knownGCapacity()).toBe(8);
    // The 64th lookup grows the ring; G must still be drafted as it needs, its object not changed in place.
    produce(G, (d: any) => {
      d.o.v = 2;
    });
    expect([knownGCapacity(), G.o.v]).toEqual([16, 1]);
  });

  test('back to one match: it shrinks again', () => {
    const { produce, knownGCapacity } = fresh();
    const matches = Array.from({ length: 40 }, () => ({ n: 0 }));
    for (let round = 0; round < 20; round++)
      for (let m = 0; m < matches.length; m++) matches[m] = produce(matches[m], bump);
    const grown = knownGCapacity();
    let G = matches[0];
    for (let i = 0; i < 2000; i++) G = produce(G, bump);
    expect([grown >= 40, knownGCapacity()]).toEqual([true, 8]);
  });
});
