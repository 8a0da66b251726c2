/**
 * User code never corrupts a match (see user-code.test.ts): a G that is not
 * plain data, and turn-order results that are not seats, reject the whole
 * action with a typed reason naming the place in the config, and change
 * nothing.
 */
import { type Game } from 'turnchart';
import { accept, event, expectRejected, move } from './expect-rejection';
import { base, played, type G } from './user-code-games';

describe('G that is not plain data', () => {
  class Card {
    constructor(readonly rank: number) {}
  }
  const cases: [string, (G: G) => unknown, string][] = [
    ['a class instance', (G) => (G.card = new Card(3)), 'G.card is an instance of Card'],
    ['a Date', (G) => (G.when = new Date(0)), 'G.when is an instance of Date'],
    ['a Map', (G) => (G.index = new Map()), 'G.index is an instance of Map'],
    ['a function', (G) => (G.fn = () => 1), 'G.fn is a function'],
    ['a bigint', (G) => (G.big = 10n), 'G.big is a bigint'],
    ['a symbol', (G) => (G.sym = Symbol('s')), 'G.sym is a symbol'],
    ['a cycle', (G) => (G.self = G), 'G.self is a cycle'],
    [
      'a nested cycle',
      (G) => {
        const a: any = { list: [] };
        a.list.push(a);
        G.a = a;
      },
      'G.a.list[0] is a cycle',
    ],
    // eslint-disable-next-line no-sparse-arrays -- the hole is the case under test
    ['a hole in an array', (G) => (G.list = [1, , 3]), 'G.list[1] is a hole'],
    ['an undefined element', (G) => (G.list = [1, undefined]), 'G.list[1] is undefined'],
    ['NaN deep in an array', (G) => (G.grid = [[0], [1, NaN]]), 'G.grid[1][1] is NaN'],
    [
      'a function as a named property of an array',
      (G) => (G.list = Object.assign([1], { on: () => 1 })),
      'G.list[on] is a function',
    ],
  ];

  test.each(cases)('a move that puts %s in G is NOT_SERIALIZABLE, naming the path', (_, put, path) => {
    const match = played({
      ...base(),
      moves: {
        ...base().moves,
        bad: ({ G }) => {
          G.n++;
          put(G);
        },
      },
    });
    expectRejected(match, move('bad'), {
      code: 'NOT_SERIALIZABLE',
      mentions: ['moves.bad', path],
      location: 'moves.bad',
    });
  });

  test('a named property on a new array inside an array the draft copied is found; the copy itself passes', () => {
    const game = {
      ...base(),
      setup: () => ({ n: 0, rows: [[0], [1]] }),
      moves: {
        ...base().moves,
        grow: ({ G }: { G: any }) => void G.rows[1].push(1),
        bad: ({ G }: { G: any }) => void G.rows.push(Object.assign([2], { on: () => 1 })),
      },
    } as Game<G>;
    const match = played(game);
    accept(match, move('grow'));
    expect(match.getState().G.rows).toEqual([[0], [1, 1]]);
    expectRejected(match, move('bad'), {
      code: 'NOT_SERIALIZABLE',
      mentions: ['moves.bad', 'G.rows[2][on] is a function'],
      location: 'moves.bad',
    });
  });

  test('a move that returns a class instance as G', () => {
    const match = played({ ...base(), moves: { ...base().moves, bad: () => new Card(1) as any } });
    expectRejected(match, move('bad'), {
      code: 'NOT_SERIALIZABLE',
      mentions: ['G is an instance of Card'],
      location: 'moves.bad',
    });
  });

  test('a hook that leaves a function in G', () => {
    const match = played({
      ...base(),
      turn: {
        onEnd: ({ G }) => {
          G.later = () => 0;
        },
      },
    });
    expectRejected(match, event('endTurn'), {
      code: 'NOT_SERIALIZABLE',
      mentions: ['turn.onEnd', 'G.later is a function'],
      location: 'turn.onEnd',
    });
  });
});

describe('turn orders that do not name seats', () => {
  const inB = (order: any): Game<G> => ({
    ...base(),
    phases: { A: { start: true, next: 'B' }, B: { turn: { order } } },
  });
  const bad = (location: string, shown: string) => ({
    code: 'INVALID_TURN_ORDER' as const,
    mentions: [location, shown],
    location,
  });

  test.each([
    [['0', '9'], '["0","9"]'],
    [[], '[]'],
    [['x'], '["x"]'],
    ['01', '"01"'],
  ])('playOrder returning %j', (playOrder, shown) => {
    const match = played(inB({ playOrder: () => playOrder, first: () => 0, next: () => 0 }));
    expectRejected(match, event('endPhase'), bad('phases.B.turn.order.playOrder', shown));
  });

  test.each([[5], [-1], [0.5], ['0']])('first returning %j', (pos) => {
    const match = played(inB({ first: () => pos, next: () => 0 }));
    expectRejected(match, event('endPhase'), bad('phases.B.turn.order.first', JSON.stringify(pos)));
  });

  test('next returning a position outside playOrder', () => {
    const match = played({ ...base(), turn: { order: { first: () => 0, next: () => 7 } } });
    expectRejected(match, event('endTurn'), bad('turn.order.next', '7'));
  });
});
