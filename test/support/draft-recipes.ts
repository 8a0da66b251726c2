/**
 * Recipes run by both immer and turnchart's drafts in test/drafts.test.ts:
 * a name, a base to draft, and game code that reads, writes, returns or throws.
 */
import vm from 'node:vm';
/** New arrays made of an array draft's elements, as a move that returns a new G makes them. */
const arrayCopies: Record<string, (d: any) => unknown[]> = {
  spread: (d) => [...d.log, { n: 4 }],
  filter: (d) => d.log.filter((e: any) => e.n % 2 === 1),
  'shifted by one': (d) => [{ n: -1 }, ...d.log.slice(1)],
  reversed: (d) => [...d.log].reverse(),
  "mixed with another array's": (d) => [d.other[0], d.log[2], d.log[1], { wrap: d.log[0] }, d.log[3], d.other[0]],
  'one twice': (d) => [d.log[0], d.log[0]],
};

export const cases: [string, () => any, (d: any) => any][] = [
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
  [
    'a changed draft put in two more places',
    () => ({ a: { x: 1 }, list: [{ y: 1 }, { y: 2 }] }),
    (d) => {
      d.a.x = 2;
      d.list[1].y = 3;
      d.b = d.a;
      d.list.push(d.list[1], d.a);
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
    'one element of a long array changed, another moved by an assignment',
    () => ({ l: Array.from({ length: 20 }, (_, n) => ({ a: { n } })) }),
    (d) => {
      d.l[7].a.n = 70;
      d.l[3] = d.l[12];
      d.l[12].a.n = 120;
      d.l[19] = { a: d.l[5].a };
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
      // eslint-disable-next-line no-self-assign -- a draft's property set to itself is the case under test
      d.a = d.a;
      // eslint-disable-next-line no-self-assign -- the same, in an array
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
  // One case each: immer 11 leaves drafts in a result that holds several of these together.
  ...Object.entries(arrayCopies).map(([name, copy]): [string, () => any, (d: any) => any] => [
    `a new array of an array draft's elements: ${name}`,
    () => ({ log: [{ n: 0 }, { n: 1 }, { n: 2 }, { n: 3 }], other: [{ m: 0 }] }),
    (d) => ({ copy: copy(d), n: d.log.length }),
  ]),
  [
    'changed elements copied into new arrays',
    () => ({ log: [{ n: 0 }, { n: 1 }, { n: 2 }] }),
    (d) => {
      d.log[1].n = 10;
      d.copy = [...d.log];
      d.rest = d.log.filter((e: any) => e.n !== 0);
      d.log[2].n = 20;
    },
  ],
  [
    'new objects spread from drafts',
    () => ({ a: { x: { v: 1 }, y: { v: 2 } }, b: { z: [1] }, c: 1 }),
    (d) => ({ ...d, a: { ...d.a, extra: d.b.z }, b: { ...d.b }, swapped: { x: d.a.y, y: d.a.x } }),
  ],
  [
    'a named key of an array read, an element written',
    () => {
      const l: any = [{ n: 1 }];
      l.meta = { m: 1 };
      return { l };
    },
    (d) => {
      d.seen = [d.l.meta.m, d.l.meta === d.l.meta];
      d.l[0].n = 2;
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
