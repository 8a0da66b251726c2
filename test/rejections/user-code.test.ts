/**
 * User code never corrupts a match (design invariant 3): a move, hook, endIf,
 * `next` or turn-order function that throws, an event called where it may not
 * be, a G that is not plain data, turn-order results that are not seats and a
 * flow that never settles each reject the whole action with a typed reason
 * naming the culprit's place in the config; G, ctx, the chart and the random
 * state are as before, even when the code changed G or rolled dice first.
 * Failures while the game starts throw a GameStartError carrying the rejection.
 */
import { createGame, type ActionRejection, type Game } from 'turnchart';
import { accept, event, expectRejected, move, start } from './expect-rejection';

interface G {
  n: number;
  roll?: number;
  armed?: boolean;
  [key: string]: unknown;
}

const boom = new Error('boom');
/** Changes G and the random state, then throws: nothing of it may remain. */
const explode = ({ G, random }: { G: G; random: { D6(): number } }) => {
  G.n += 100;
  G.roll = random.D6();
  throw boom;
};

const base = (): Game<G> => ({
  setup: () => ({ n: 0 }),
  moves: {
    step: ({ G, random }) => {
      G.n++;
      G.roll = random.D6();
    },
    arm: ({ G }) => {
      G.armed = true;
    },
  },
});

/** Starts the game and plays a move, so the match has history and used its PRNG. */
function played(game: Game<G>, numPlayers = 2) {
  const match = start(game, numPlayers);
  accept(match, move('step'));
  return match;
}

function startError(game: Game<G>): { name: string; message: string; rejection: ActionRejection } {
  try {
    createGame(game, { numPlayers: 2 });
  } catch (error) {
    return error as any;
  }
  throw new Error('the game started');
}

describe('user code that throws', () => {
  const threw = (location: string): { code: 'USER_CODE_THREW'; mentions: string[]; location: string } => ({
    code: 'USER_CODE_THREW',
    mentions: [`${location} threw`, 'boom'],
    location,
  });

  test('a move: the rejection keeps the thrown error as its cause', () => {
    const match = played({ ...base(), moves: { ...base().moves, bad: explode } });
    const rejection = expectRejected(match, move('bad'), threw('moves.bad'));
    expect(rejection.cause).toBe(boom);
  });

  test('a stage move, named by its stage', () => {
    const match = played({
      ...base(),
      turn: {
        activePlayers: { all: 'respond' },
        stages: { respond: { moves: { step: base().moves!.step, respond: explode } } },
      },
    });
    expectRejected(match, move('respond', '1'), threw('turn.stages.respond.moves.respond'));
  });

  test('a move throwing something that is not an Error', () => {
    const match = played({
      ...base(),
      moves: {
        ...base().moves,
        bad: () => {
          throw 'just a string';
        },
      },
    });
    expectRejected(match, move('bad'), {
      code: 'USER_CODE_THREW',
      mentions: ['moves.bad', 'just a string'],
      location: 'moves.bad',
    });
  });

  test('turn.onMove', () => {
    const match = played({
      ...base(),
      turn: { onMove: ({ G, random }) => (G.armed ? explode({ G, random }) : undefined) },
    });
    expectRejected(match, move('arm'), threw('turn.onMove'));
  });

  test('turn.onEnd', () => {
    expectRejected(played({ ...base(), turn: { onEnd: explode } }), event('endTurn'), threw('turn.onEnd'));
  });

  test('turn.onBegin of the next turn', () => {
    const match = played({
      ...base(),
      turn: { onBegin: ({ G, ctx, random }) => (ctx.turn > 1 ? explode({ G, random }) : undefined) },
    });
    expectRejected(match, event('endTurn'), threw('turn.onBegin'));
  });

  test("a phase's onBegin and onEnd", () => {
    const game = {
      ...base(),
      phases: { A: { start: true, next: 'B' }, B: { onBegin: explode }, C: { onEnd: explode } },
    };
    expectRejected(played(game), event('endPhase'), threw('phases.B.onBegin'));
    const inC = played({ ...game, phases: { ...game.phases, A: { start: true, next: 'C' } } });
    accept(inC, event('endPhase'));
    expectRejected(inC, event('endPhase', undefined, '1'), threw('phases.C.onEnd'));
  });

  test("a phase's turn hook is located under the phase", () => {
    const match = played({ ...base(), phases: { A: { start: true, turn: { onEnd: explode } } } });
    expectRejected(match, event('endTurn'), threw('phases.A.turn.onEnd'));
  });

  test('the game onEnd: the game does not end', () => {
    const match = played({ ...base(), onEnd: explode });
    expectRejected(match, event('endGame'), threw('onEnd'));
    expect(match.getStateValue()).not.toBe('gameover');
  });

  test('the game, phase and turn endIf', () => {
    const armedThrow = ({ G }: { G: G }) => {
      if (G.armed) throw boom;
      return false;
    };
    expectRejected(played({ ...base(), endIf: armedThrow }), move('arm'), threw('endIf'));
    expectRejected(
      played({ ...base(), phases: { A: { start: true, endIf: armedThrow } } }),
      move('arm'),
      threw('phases.A.endIf'),
    );
    expectRejected(played({ ...base(), turn: { endIf: armedThrow } }), move('arm'), threw('turn.endIf'));
  });

  test("a phase's next function", () => {
    const match = played({
      ...base(),
      phases: {
        A: {
          start: true,
          next: () => {
            throw boom;
          },
        },
        B: {},
      },
    });
    expectRejected(match, event('endPhase'), threw('phases.A.next'));
  });

  test('turn order: next, first and playOrder', () => {
    const order = {
      first: () => 0,
      next: () => {
        throw boom;
      },
    };
    expectRejected(played({ ...base(), turn: { order } }), event('endTurn'), threw('turn.order.next'));
    const phases = (turnOrder: any) => ({
      ...base(),
      phases: { A: { start: true, next: 'B' }, B: { turn: { order: turnOrder } } },
    });
    expectRejected(
      played(
        phases({
          first: () => {
            throw boom;
          },
          next: () => 0,
        }),
      ),
      event('endPhase'),
      threw('phases.B.turn.order.first'),
    );
    expectRejected(
      played(
        phases({
          playOrder: () => {
            throw boom;
          },
          first: () => 0,
          next: () => 0,
        }),
      ),
      event('endPhase'),
      threw('phases.B.turn.order.playOrder'),
    );
  });

  test('setup, or the first turn, throwing: the game cannot start (GameStartError)', () => {
    const fromSetup = startError({
      ...base(),
      setup: () => {
        throw boom;
      },
    });
    expect(fromSetup.name).toBe('GameStartError');
    expect(fromSetup.message).toContain('setup threw: boom');
    expect(fromSetup.rejection).toMatchObject({ code: 'USER_CODE_THREW', location: 'setup', cause: boom });

    const fromFirstTurn = startError({ ...base(), turn: { onBegin: explode } });
    expect(fromFirstTurn.rejection).toMatchObject({ code: 'USER_CODE_THREW', location: 'turn.onBegin' });

    const fromOrder = startError({
      ...base(),
      turn: {
        order: {
          first: () => {
            throw boom;
          },
          next: () => 0,
        },
      },
    });
    expect(fromOrder.rejection).toMatchObject({ code: 'USER_CODE_THREW', location: 'turn.order.first' });
  });
});

describe('events called where they may not be', () => {
  const notHere = (mentions: string[], location?: string) => ({
    code: 'EVENT_NOT_ALLOWED_HERE' as const,
    mentions,
    ...(location ? { location } : {}),
  });

  test('an event called from the game, phase or turn endIf', () => {
    const calling = ({ G, events }: { G: G; events: { endTurn(): void } }) => {
      if (G.armed) events.endTurn();
      return false;
    };
    for (const game of [
      { ...base(), endIf: calling },
      { ...base(), phases: { A: { start: true, endIf: calling } } },
      { ...base(), turn: { endIf: calling } },
    ]) {
      expectRejected(played(game), move('arm'), notHere(['events.endTurn', 'endIf']));
    }
  });

  test('an event called from a turn-order function', () => {
    const order = {
      first: () => 0,
      next: ({ ctx, events }: any) => {
        events.endPhase();
        return (ctx.playOrderPos + 1) % 2;
      },
    };
    expectRejected(
      played({ ...base(), turn: { order } }),
      event('endTurn'),
      notHere(['events.endPhase', 'turn.order.next'], 'turn.order.next'),
    );
  });

  test('endTurn and setStage from turn.onEnd (0.50.2 rolls back: bgio-quirks 9)', () => {
    const endTurn = played({
      ...base(),
      turn: {
        onEnd: ({ G, events }) => {
          G.n = -1;
          events.endTurn();
        },
      },
    });
    expectRejected(endTurn, event('endTurn'), notHere(['events.endTurn', 'turn.onEnd'], 'turn.onEnd'));
    const setStage = played({ ...base(), turn: { onEnd: ({ events }) => events.setStage('x') } });
    expectRejected(setStage, event('endTurn'), notHere(['events.setStage', 'turn.onEnd'], 'turn.onEnd'));
  });

  test("setPhase and endPhase from a phase's onEnd", () => {
    const game = (call: (events: any) => void): Game<G> => ({
      ...base(),
      phases: { A: { start: true, next: 'B', onEnd: ({ events }) => call(events) }, B: {}, C: {} },
    });
    expectRejected(
      played(game((e) => e.setPhase('C'))),
      event('endPhase'),
      notHere(['events.setPhase', 'phases.A.onEnd'], 'phases.A.onEnd'),
    );
    expectRejected(
      played(game((e) => e.endPhase())),
      event('endPhase'),
      notHere(['events.endPhase', 'phases.A.onEnd'], 'phases.A.onEnd'),
    );
  });

  test("setStage from a phase's onBegin, endStage from turn.onBegin", () => {
    const phaseBegin = played({
      ...base(),
      phases: { A: { start: true, next: 'B' }, B: { onBegin: ({ events }) => events.setStage('x') } },
    });
    expectRejected(phaseBegin, event('endPhase'), notHere(['events.setStage', 'phases.B.onBegin'], 'phases.B.onBegin'));
    const turnBegin = played({
      ...base(),
      phases: { A: { start: true, next: 'B' }, B: { turn: { onBegin: ({ events }) => events.endStage() } } },
    });
    expectRejected(
      turnBegin,
      event('endPhase'),
      notHere(['events.endStage', 'phases.B.turn.onBegin'], 'phases.B.turn.onBegin'),
    );
  });

  test('an event called from setup: the game cannot start', () => {
    const error = startError({
      ...base(),
      setup: ({ events }) => {
        events.endTurn();
        return { n: 0 };
      },
    });
    expect(error.name).toBe('GameStartError');
    expect(error.rejection).toMatchObject({ code: 'EVENT_NOT_ALLOWED_HERE', location: 'setup' });
  });
});

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

describe('a flow that never settles', () => {
  test('turn.onBegin calling endTurn forever (0.50.2 hangs) is FLOW_LOOP, located at the hook', () => {
    const match = played({
      ...base(),
      phases: { A: { start: true }, B: { turn: { onBegin: ({ events }) => events.endTurn() } } },
    });
    expectRejected(match, event('setPhase', 'B'), {
      code: 'FLOW_LOOP',
      mentions: ['turns ended in one action'],
      location: 'phases.B.turn.onBegin',
    });
  });

  test('the same game from its start cannot start', () => {
    const error = startError({ ...base(), turn: { onBegin: ({ events }) => events.endTurn() } });
    expect(error.name).toBe('GameStartError');
    expect(error.rejection.code).toBe('FLOW_LOOP');
  });
});
