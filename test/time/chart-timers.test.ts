/**
 * The time limits on the chart (src/machines/chart/timers.ts): real xstate
 * delayed transitions, fired by the actor on its own clock, here xstate's
 * SimulatedClock (`createActor(machine, { clock })`). After every timer the
 * chart's states agree with ctx, the match equals the engine's (a timeout at
 * the deadline), and every transition taken is in the definition.
 */
import {
  createActor,
  SimulatedClock,
  type AnyActorRef,
  type AnyTransitionDefinition,
  type InspectionEvent,
} from 'xstate';
import { createGame, createGameMachine, type Game, type TurnchartContext } from 'turnchart';
import { chartAgreesWithCtx } from '../support/invariants';
import { definitionTransitions } from '../support/transition-set';

interface G {
  log: string[];
}

/** An actor of `game` on a simulated clock, started at time 0, with the checks run after every snapshot. */
function simulated(game: Game<G>, numPlayers: number) {
  const clock = new SimulatedClock();
  const machine = createGameMachine(game, { numPlayers });
  const defined = definitionTransitions(machine.root);
  const taken: AnyTransitionDefinition[] = [];
  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.microstep')
      taken.push(...(event as { _transitions: AnyTransitionDefinition[] })._transitions);
  };
  const actor: AnyActorRef = createActor(machine, { clock, input: { seed: 'timers', now: 0 }, inspect });
  actor.subscribe((snapshot) => {
    const problem = chartAgreesWithCtx(game, snapshot.value, snapshot.context.ctx);
    if (problem) throw new Error(problem);
  });
  actor.start();
  const context = () => actor.getSnapshot().context as TurnchartContext<G>;
  return {
    clock,
    actor,
    context,
    /** Sends a request at the clock's time. */
    send: (event: object) => actor.send({ ...event, now: clock.now() }),
    /** Every transition taken so far is one of the definition's. */
    allDefined: () => taken.length > 0 && taken.every((t) => defined.has(t)),
    takenEvents: () => taken.map((t) => String(t.eventType)),
  };
}

test("a turn limit fires by itself at the deadline, as the engine's timeout would", () => {
  const game: Game<G> = {
    setup: () => ({ log: [] }),
    moves: { play: ({ G, playerID }) => void G.log.push(playerID) },
    turn: { time: { limit: 30_000 } },
  };
  const sim = simulated(game, 2);
  sim.clock.increment(10_000);
  sim.send({ type: 'move.play', playerID: '0' });
  sim.clock.increment(19_999);
  expect(sim.context().ctx.currentPlayer).toBe('0');
  sim.clock.increment(1);
  expect(sim.context().ctx.currentPlayer).toBe('1');
  expect(sim.context().ctx.time).toEqual({ at: 30_000, turn: 60_000 });
  sim.clock.increment(30_000);
  expect(sim.context().ctx.currentPlayer).toBe('0');
  expect(sim.context().ctx.turn).toBe(3);

  // The same requests on the engine, the timeouts at their deadlines.
  const engine = createGame(game, { numPlayers: 2, seed: 'timers', now: () => 0 });
  engine.request({ type: 'move.play', playerID: '0', now: 10_000 });
  engine.request({ type: 'timeout', now: 30_000 });
  engine.request({ type: 'timeout', now: 60_000 });
  expect(sim.context().ctx).toEqual(engine.getState().ctx);
  expect(sim.context().G).toEqual(engine.getState().G);
  expect(sim.allDefined()).toBe(true);
  expect(sim.takenEvents().some((type) => type.startsWith('xstate.after'))).toBe(true);
});

test('stage limits fire seat by seat; the set empties and the current player acts', () => {
  const game: Game<G> = {
    setup: () => ({ log: [] }),
    moves: { ask: ({ events }) => events.setActivePlayers({ others: 'answer' }) },
    turn: {
      stages: {
        answer: { moves: { say: ({ G, playerID }) => void G.log.push(playerID) }, time: { limit: 5_000 } },
      },
    },
  };
  const sim = simulated(game, 3);
  sim.clock.increment(1_000);
  sim.send({ type: 'move.ask', playerID: '0' });
  sim.clock.increment(2_000);
  sim.send({ type: 'move.say', playerID: '2' });
  expect(sim.actor.getSnapshot().value).toEqual({
    phases: { '(no phase)': { turn: { player0: 'idle', player1: 'answer', player2: 'answer' } } },
  });
  sim.clock.increment(3_000);
  expect(sim.context().ctx.activePlayers).toBeNull();
  expect(sim.actor.getSnapshot().value).toEqual({
    phases: { '(no phase)': { turn: { player0: 'active', player1: 'idle', player2: 'idle' } } },
  });
  expect(sim.allDefined()).toBe(true);
});

test("a phase limit ends the phase, a clock's flag ends the game: the chart reaches gameover by itself", () => {
  const game: Game<G> = {
    setup: () => ({ log: [] }),
    moves: { play: ({ G, playerID }) => void G.log.push(playerID) },
    turn: { maxMoves: 1 },
    clock: { initial: 50_000 },
    phases: { warmup: { start: true, next: 'main', time: { limit: 20_000 } }, main: {} },
  };
  const sim = simulated(game, 2);
  sim.clock.increment(20_000);
  expect(sim.context().ctx.phase).toBe('main');
  sim.clock.increment(5_000);
  sim.send({ type: 'move.play', playerID: '1' });
  // Seat 0 used 20 s in warmup and has 30 s left, from 25 s.
  sim.clock.increment(29_999);
  expect(sim.actor.getSnapshot().status).toBe('active');
  sim.clock.increment(1);
  expect(sim.actor.getSnapshot().status).toBe('done');
  expect(sim.context().ctx.gameover).toEqual({ timedOut: '0', limit: 'clock' });
  expect(sim.allDefined()).toBe(true);
});

test("a hook's default move: the timer edge, then the hook's events on their own edges", () => {
  const game: Game<G> = {
    setup: () => ({ log: [] }),
    moves: { play: ({ G, playerID }) => void G.log.push(playerID) },
    turn: {
      time: {
        limit: 1_000,
        onTimeout: ({ G, playerID, events }) => {
          G.log.push(`auto${playerID}`);
          events.endTurn();
        },
      },
    },
  };
  const sim = simulated(game, 2);
  // SimulatedClock runs a timer set while it flushes from the end of that increment: one turn at a time.
  for (let i = 0; i < 3; i++) sim.clock.increment(1_000);
  expect(sim.context().G.log).toEqual(['auto0', 'auto1', 'auto0']);
  expect(sim.context().ctx.turn).toBe(4);
  expect(sim.allDefined()).toBe(true);
});

test('a timeout sent as a request takes the same edges; can() says whether it is due', () => {
  const game: Game<G> = {
    setup: () => ({ log: [] }),
    moves: { play: ({ G, playerID }) => void G.log.push(playerID) },
    turn: { time: { limit: 1_000 } },
  };
  const machine = createGameMachine(game, { numPlayers: 2 });
  // A real clock, far from the deadline: only the request can end the turn here.
  const actor = createActor(machine, { input: { now: 0 } }).start();
  expect(actor.getSnapshot().can({ type: 'timeout', now: 999 } as never)).toBe(false);
  expect(actor.getSnapshot().can({ type: 'timeout', now: 1_000 } as never)).toBe(true);
  actor.send({ type: 'timeout', now: 1_000 } as never);
  expect(actor.getSnapshot().context.ctx.currentPlayer).toBe('1');
  actor.stop();
});
