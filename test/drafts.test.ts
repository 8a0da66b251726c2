/**
 * turnchart's drafts (mutative, src/machines/rules/drafts.ts) do what
 * boardgame.io's immer does with game code: the same results, the same
 * structure shared with the base, the same refusals, the base untouched.
 * (One deliberate difference, in docs/differences.md: Maps and Sets in G,
 * which immer refuses without its MapSet plugin.)
 */
import { Immer } from 'immer';
import vm from 'node:vm';
import { baseOf, isDraft, produce } from '../src/machines/rules/drafts';

const immer = new Immer({ autoFreeze: false });

const cases: [string, () => any, (d: any) => any][] = [
  [
    'mutate',
    () => ({ a: { x: 1 }, b: [1, 2] }),
    (d) => {
      d.a.x = 2;
      d.b.push(3);
    },
  ],
  ['return new with draft parts', () => ({ a: { x: 1 }, b: [1, 2] }), (d) => ({ ...d, c: 1 })],
  ['return child', () => ({ a: { x: 1 } }), (d) => d.a],
  [
    'return draft',
    () => ({ a: 1 }),
    (d) => {
      d.a = 2;
      return d;
    },
  ],
  [
    'noop assign',
    () => ({ a: 1 }),
    (d) => {
      d.a = 1;
    },
  ],
  [
    'null proto',
    () => {
      const o = Object.create(null);
      o.k = { v: 1 };
      return { o };
    },
    (d) => {
      d.o.k.v = 2;
    },
  ],
  [
    'other realm',
    () => ({ x: vm.runInNewContext('({k:{v:1}})') }),
    (d) => {
      d.x.k.v = 2;
    },
  ],
  ['return nested draft in array', () => ({ a: { x: 1 }, list: [{ y: 1 }] }), (d) => ({ list: [d.a, ...d.list] })],
  [
    'return cycle',
    () => ({ a: { x: 1 } }),
    (d) => {
      const o: any = { x: d.a };
      o.self = o;
      return o;
    },
  ],
  ['return primitive', () => ({ a: 1 }), () => 5],
  ['return null', () => ({ a: 1 }), () => null],
  ['primitive base', () => 3, () => undefined],
  ['primitive base returns', () => 3, (n) => n + 1],
  [
    'mutate and return',
    () => ({ a: 1 }),
    (d) => {
      d.a = 2;
      return { a: 3 };
    },
  ],
  [
    'mutate child and return',
    () => ({ a: { x: 1 } }),
    (d) => {
      d.a.x = 2;
      return { a: 3 };
    },
  ],
  [
    'class instance kept',
    () => ({
      c: new (class C {
        v = 1;
      })(),
    }),
    (d) => {
      d.c.v = 2;
      d.n = 1;
    },
  ],
  [
    'delete key',
    () => ({ a: 1, b: 2 }),
    (d) => {
      delete d.a;
    },
  ],
  [
    'array length',
    () => ({ l: [1, 2, 3] }),
    (d) => {
      d.l.length = 1;
    },
  ],
  [
    'splice and sort',
    () => ({ l: [{ n: 3 }, { n: 1 }, { n: 2 }] }),
    (d) => {
      d.l.sort((x: any, y: any) => x.n - y.n);
      d.l.splice(1, 1);
    },
  ],
  [
    'Object.keys/JSON on draft',
    () => ({ a: { b: 1 } }),
    (d) => {
      d.keys = Object.keys(d);
      d.json = JSON.stringify(d.a);
    },
  ],
  [
    'array methods',
    () => ({ l: [{ n: 1 }, { n: 2 }, { n: 3 }] }),
    (d) => {
      d.l.unshift({ n: 0 });
      d.l.reverse();
      d.l.pop();
      d.l.shift();
      d.l.push(d.l[0]);
      d.l[0].n = 7;
    },
  ],
  [
    'copyWithin, fill, grow',
    () => ({ l: [{ n: 1 }, { n: 2 }, 3, 4] }),
    (d) => {
      d.l.copyWithin(0, 1);
      d.l.fill({ n: 9 }, 3);
      d.l.length = 6;
    },
  ],
  [
    'draft moved, then changed',
    () => ({ a: { x: 1 }, b: 0 }),
    (d) => {
      d.b = d.a;
      d.b.x = 5;
    },
  ],
  [
    'draft put back',
    () => ({ a: { x: 1 }, l: [{ y: 1 }] }),
    (d) => {
      d.a = d.a;
      d.l[0] = d.l[0];
    },
  ],
  [
    'changed, then restored',
    () => ({ a: { x: 1 }, b: { y: 1 } }),
    (d) => {
      d.a.x = 2;
      d.a.x = 1;
    },
  ],
  [
    'delete a missing key, an element',
    () => ({ a: 1, l: [{ n: 1 }, 2] }),
    (d) => {
      delete d.zz;
      delete d.l[0];
    },
  ],
  [
    'read by in, entries, spread, for-of',
    () => ({ o: { a: { v: 1 }, b: 2 }, l: [{ n: 1 }, { n: 2 }] }),
    (d) => {
      d.has = 'a' in d.o;
      d.n = Object.entries(d.o).length;
      d.copy = { ...d.o };
      for (const item of d.l) item.n++;
      d.sum = d.l.map((i: any) => i.n).join();
    },
  ],
  [
    'new object holding a changed draft',
    () => ({ a: { x: 1 } }),
    (d) => {
      d.wrap = { inner: [d.a] };
      d.a.x = 3;
    },
  ],
  [
    'named key on an array',
    () => ({ l: [1] }),
    (d) => {
      d.l.named = 1;
    },
  ],
  [
    'defineProperty',
    () => ({ a: 1 }),
    (d) => {
      Object.defineProperty(d, 'b', { value: 1 });
    },
  ],
  [
    'return a changed child',
    () => ({ a: { x: 1 } }),
    (d) => {
      d.a.x = 2;
      return d.a;
    },
  ],
  [
    'class instance read, Date kept',
    () => ({ c: new Date(0), l: [new Date(1)] }),
    (d) => {
      d.t = d.c.getTime() + d.l[0].getTime();
    },
  ],
];
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
