/**
 * Development mode checks a G that a move changed in place where the move
 * wrote (engine/serializable.ts): whatever the way a value that is not plain
 * data gets into G — written through nested drafts, in an object the move
 * made, with a draft moved or put inside itself, by an array method, in a G
 * the move returned — the move is NOT_SERIALIZABLE with the message and
 * location the full walk gives; plain writes pass.
 */
import { type Game } from 'turnchart';
import { accept, expectRejected, move } from './expect-rejection';
import { base, played, type G } from './user-code-games';

class Unit {
  constructor(readonly hp: number) {}
}

const setup = () => ({
  n: 0,
  deep: { list: [{ x: 1 }, { x: 2 }], tag: 'a' } as { list: { x: number }[]; tag: string; made?: unknown },
  rows: [{ hp: 3 }, null, { hp: 2 }] as ({ hp: number } | null)[],
  log: ['a', 'b', 'c'],
});

type Deep = ReturnType<typeof setup> & Record<string, any>;

const gameWith = (bad: (G: Deep) => unknown): Game<G> =>
  ({ ...base(), setup, moves: { ...base().moves, bad: ({ G }: { G: Deep }) => bad(G) } }) as unknown as Game<G>;

const rejectedWith = (bad: (G: Deep) => unknown, problem: string) => {
  expectRejected(played(gameWith(bad)), move('bad'), {
    code: 'NOT_SERIALIZABLE',
    mentions: [`moves.bad left G that is not plain data: ${problem}`],
    location: 'moves.bad',
  });
};

const cases: [string, (G: Deep) => unknown, string][] = [
  ['NaN through nested drafts', (G) => void (G.deep.list[1].x = NaN), 'G.deep.list[1].x is NaN'],
  ['Infinity pushed onto a log', (G) => void G.log.push(Infinity as any), 'G.log[3] is Infinity'],
  [
    'a function in an object the move made',
    (G) => void (G.deep.made = { a: [{ f: () => 1 }] }),
    'G.deep.made.a[0].f is a function',
  ],
  [
    'a class instance in a pushed object',
    (G) => void G.deep.list.push({ unit: new Unit(1) } as any),
    'G.deep.list[2].unit is an instance of Unit',
  ],
  [
    'a draft moved, then written',
    (G) => {
      const unit = G.rows[0]!;
      G.rows[1] = unit;
      G.rows[0] = null;
      unit.hp = NaN;
    },
    'G.rows[1].hp is NaN',
  ],
  ['a draft put inside itself', (G) => void ((G.deep as any).self = G.deep), 'G.deep.self is a cycle'],
  [
    'two drafts inside each other',
    (G) => {
      const [a, b] = G.deep.list as any[];
      a.next = b;
      b.next = a;
    },
    'G.deep.list[0].next.next is a cycle',
  ],
  ['G inside a new object', (G) => void (G.deep.made = { root: G }), 'G.deep.made.root is a cycle'],
  ['a hole from a longer length', (G) => void (G.log.length = 5), 'G.log[3] is a hole'],
  ['a hole from a write past the end', (G) => void (G.log[5] = 'f'), 'G.log[3] is a hole'],
  [
    'a hole after a shorter length',
    (G) => {
      G.log.length = 1;
      G.log[2] = 'z';
    },
    'G.log[1] is a hole',
  ],
  ['an element deleted', (G) => void delete G.log[0], 'G.log[0] is undefined'],
  ['undefined spliced in', (G) => void G.log.splice(1, 0, undefined as any), 'G.log[1] is undefined'],
  [
    'a named function on an array the move made',
    (G) => void (G.deep.list = Object.assign([], { on: () => 1 })),
    'G.deep.list[on] is a function',
  ],
  [
    'a bad value among many writes',
    (G) => {
      for (let i = 0; i < 300; i++) G.log.push(`${i}`);
      G.deep.tag = NaN as any;
    },
    'G.deep.tag is NaN',
  ],
];

// prettier-ignore
test.each(cases)('a move that leaves %s is NOT_SERIALIZABLE, named as the full walk names it', (_, bad, problem) =>
  rejectedWith(bad, problem),
);

test('a G the move returns is walked: NaN beside drafts', () => {
  rejectedWith((G) => ({ ...G, rows: [...G.rows, { hp: NaN }] }), 'G.rows[3].hp is NaN');
  rejectedWith((G) => ({ ...G, deep: { ...G.deep, list: [G.deep.list[1], () => 0] } }), 'G.deep.list[1] is a function');
});

test('plain writes pass, and a bad value overwritten or dropped before the end leaves nothing to find', () => {
  const game = {
    ...base(),
    setup,
    moves: {
      ...base().moves,
      plain: ({ G }: { G: Deep }) => {
        const unit = G.rows[0]!;
        unit.hp += 1;
        G.rows[1] = unit;
        G.rows[0] = null;
        G.deep.list.push({ x: 3 });
        G.log.shift();
        G.deep.made = { a: [1, { b: 'c' }] };
      },
      overwritten: ({ G }: { G: Deep }) => {
        G.deep.tag = NaN as any;
        G.deep.tag = 'b';
        G.log.length = 9;
        G.log.length = 2;
      },
      dropped: ({ G }: { G: Deep }) => {
        G.deep.list[0].x = NaN;
        G.deep.list = [];
      },
    },
  } as unknown as Game<G>;
  const match = played(game);
  accept(match, move('plain'));
  accept(match, move('overwritten'));
  accept(match, move('dropped'));
  const { G } = match.getState() as unknown as { G: Deep };
  expect(G.rows).toEqual([null, { hp: 4 }, { hp: 2 }]);
  expect(G.deep).toEqual({ list: [], tag: 'b', made: { a: [1, { b: 'c' }] } });
  expect(G.log).toEqual(['b', 'c']);
});
