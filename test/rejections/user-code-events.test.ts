/**
 * User code never corrupts a match (see user-code.test.ts): an event called
 * where it may not be, and a flow that never settles, reject the whole action
 * with a typed reason naming the place in the config, and change nothing.
 */
import { type Game } from 'turnchart';
import { event, expectRejected, move } from './expect-rejection';
import { base, played, startError, type G } from './user-code-games';

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
