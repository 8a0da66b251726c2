/**
 * User code never corrupts a match (design invariant 3): a move, hook, endIf,
 * `next` or turn-order function that throws, an event called where it may not
 * be, a G that is not plain data, turn-order results that are not seats and a
 * flow that never settles each reject the whole action with a typed reason
 * naming the culprit's place in the config; G, ctx, the chart and the random
 * state are as before, even when the code changed G or rolled dice first.
 * Failures while the game starts throw a GameStartError carrying the rejection.
 * Here: code that throws. Events where they may not be and a flow that never
 * settles: user-code-events.test.ts; G and turn orders that are not what they
 * must be: user-code-results.test.ts.
 */
import { accept, event, expectRejected, move } from './expect-rejection';
import { base, boom, explode, played, startError, type G } from './user-code-games';

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
