/**
 * The chart stays honest with time limits (src/machines/chart/timers.ts), on
 * random games given random turn, phase and stage limits and clocks, random
 * outcomes, and random pauses between the requests. The actor runs on
 * xstate's SimulatedClock and fires its timers by itself:
 * - no deadline is left passed: every timer fired at its deadline (the clock
 *   is moved from deadline to deadline, as a real one passes them);
 * - `snapshot.can(request)` is true exactly when the engine accepts the
 *   request at its time (a late one is TIME_UP);
 * - every transition taken, timers included, is in the definition, guarded
 *   by a rule the definition names;
 * - the active states agree with ctx after every snapshot.
 */
import fc from 'fast-check';
import {
  createActor,
  SimulatedClock,
  type AnyActorRef,
  type AnyTransitionDefinition,
  type InspectionEvent,
} from 'xstate';
import {
  compiledGame,
  createGameMachine,
  evaluateRequest,
  nextDeadline,
  type Game,
  type TurnchartContext,
} from 'turnchart';
import { chartAgreesWithCtx } from '../support/invariants';
import { definitionTransitions } from '../support/transition-set';
import { fcOptions, gameAndActions, gameOf, requestOf, runs } from './play';

const RUNS = runs(0.3);

type Outcome = 'endTurn' | 'endStage' | 'endPhase' | 'endGame' | 'hook' | 'hookEndsTurn';

interface TimeDesc {
  turn?: { limit: number; outcome: Outcome };
  phase?: { limit: number; outcome: Outcome };
  stage?: { limit: number; outcome: Outcome };
  clock?: { initial: number; increment: number; per: 'move' | 'turn'; outcome: Outcome };
}

const ALLOWED: Record<keyof TimeDesc, Outcome[]> = {
  turn: ['endTurn', 'endPhase', 'endGame', 'hook', 'hookEndsTurn'],
  phase: ['endPhase', 'endGame', 'hook', 'hookEndsTurn'],
  stage: ['endStage', 'endTurn', 'endPhase', 'endGame', 'hook', 'hookEndsTurn'],
  clock: ['endGame', 'endStage', 'endTurn', 'endPhase', 'hook', 'hookEndsTurn'],
};

const limitArb = (kind: keyof TimeDesc) =>
  fc.option(fc.record({ limit: fc.integer({ min: 2_000, max: 30_000 }), outcome: fc.constantFrom(...ALLOWED[kind]) }), {
    nil: undefined,
  });

const timeArb: fc.Arbitrary<TimeDesc> = fc
  .record({
    turn: limitArb('turn'),
    phase: limitArb('phase'),
    stage: limitArb('stage'),
    clock: fc.option(
      fc.record({
        initial: fc.integer({ min: 2_000, max: 60_000 }),
        increment: fc.constantFrom(0, 500, 5_000),
        per: fc.constantFrom('move' as const, 'turn' as const),
        outcome: fc.constantFrom(...ALLOWED.clock),
      }),
      { nil: undefined },
    ),
  })
  .filter((time) => Object.values(time).some((limit) => limit !== undefined));

function onTimeout(outcome: Outcome): unknown {
  if (outcome === 'hook') return ({ G }: { G: any }) => void (G.timeouts = (G.timeouts ?? 0) + 1);
  if (outcome === 'hookEndsTurn')
    return ({ G, events }: { G: any; events: any }) => {
      G.timeouts = (G.timeouts ?? 0) + 1;
      events.endTurn();
    };
  return outcome;
}

/** The random game with the time config of `time` on every turn, phase and stage. */
function timed(game: Game, time: TimeDesc): Game {
  const limit = (desc: { limit: number; outcome: Outcome }) => ({
    limit: desc.limit,
    onTimeout: onTimeout(desc.outcome),
  });
  const turns = [game.turn, ...Object.values(game.phases ?? {}).map((phase) => phase.turn)];
  for (const turn of turns) {
    if (!turn) continue;
    if (time.turn) turn.time = limit(time.turn) as never;
    if (time.stage) for (const stage of Object.values(turn.stages ?? {})) stage.time = limit(time.stage) as never;
  }
  if (time.phase) for (const phase of Object.values(game.phases ?? {})) phase.time = limit(time.phase) as never;
  if (time.clock) {
    const { initial, increment, per, outcome } = time.clock;
    game.clock = { initial, increment, per, onTimeout: onTimeout(outcome) as never };
  }
  return game;
}

test(`timers fire at their deadlines and the chart stays honest (${RUNS} random timed games)`, () => {
  const tally = { accepted: 0, refused: 0, timeUp: 0, timers: 0 };
  fc.assert(
    fc.property(
      gameAndActions(20),
      timeArb,
      fc.array(fc.integer({ min: 0, max: 15_000 }), { minLength: 20, maxLength: 20 }),
      ([desc, actions], time, gaps) => {
        const game = timed(gameOf(desc), time);
        let machine;
        try {
          machine = createGameMachine(game, { numPlayers: desc.numPlayers });
        } catch (error: any) {
          if (error?.name === 'GameConfigError') return;
          throw error;
        }
        const clock = new SimulatedClock();
        const taken: AnyTransitionDefinition[] = [];
        const inspect = (event: InspectionEvent) => {
          if (event.type === '@xstate.microstep') taken.push(...(event as any)._transitions);
        };
        const actor: AnyActorRef = createActor(machine, { clock, input: { seed: 'time', now: 0 }, inspect });
        actor.subscribe({
          next: (snapshot) => {
            const problem = chartAgreesWithCtx(game, snapshot.value, snapshot.context.ctx);
            if (problem) throw new Error(problem);
          },
          // A game that cannot start (its setup or first turn refused): the actor's error, observed.
          error: () => undefined,
        });
        try {
          actor.start();
        } catch (error: any) {
          if (error?.name === 'GameStartError') return;
          throw error;
        }
        if (actor.getSnapshot().status === 'error') return;
        const defined = definitionTransitions(machine.root);
        const guardNames = new Set(Object.keys(machine.implementations.guards));
        const context = () => actor.getSnapshot().context as TurnchartContext;
        let stuck = false;
        actions.forEach((action, i) => {
          if (stuck || actor.getSnapshot().status !== 'active') return;
          const target = clock.now() + gaps[i];
          // A real clock passes every deadline on its way: move it from one to the next.
          for (let next = nextDeadline(context().ctx); next && next.at <= target; next = nextDeadline(context().ctx)) {
            const before = context();
            clock.increment(next.at - clock.now());
            if (context() === before) {
              // The game's code refuses the outcome (a loop, a throw): the engine refuses that timeout too.
              const refusal = evaluateRequest(compiledGame(game), before, { type: 'timeout', now: next.at });
              expect(refusal.ok).toBe(false);
              if (!refusal.ok)
                expect(['FLOW_LOOP', 'USER_CODE_THREW', 'EVENT_NOT_ALLOWED_HERE']).toContain(refusal.rejection.code);
              stuck = true;
              return;
            }
            tally.timers++;
          }
          clock.increment(target - clock.now());
          const upcoming = nextDeadline(context().ctx);
          if (upcoming) expect(upcoming.at).toBeGreaterThan(clock.now());
          if (actor.getSnapshot().status !== 'active') return;
          // Now and then a request stamped after the next deadline, before the actor's clock gets there: TIME_UP.
          const late = i % 5 === 4 && upcoming !== undefined;
          const request = { ...requestOf(action, context().ctx), now: late ? upcoming.at : clock.now() };
          const outcome = evaluateRequest(compiledGame(game), context(), request);
          if (late) {
            expect(outcome.ok).toBe(false);
            if (!outcome.ok) expect(['TIME_UP', 'GAME_OVER', 'NOT_A_SEAT']).toContain(outcome.rejection.code);
            if (!outcome.ok && outcome.rejection.code === 'TIME_UP') tally.timeUp++;
          }
          const snapshot = actor.getSnapshot();
          expect(snapshot.can(request)).toBe(outcome.ok);
          actor.send(request);
          if (outcome.ok) tally.accepted++;
          else {
            tally.refused++;
            expect(actor.getSnapshot()).toBe(snapshot);
          }
        });
        for (const transition of taken) {
          expect(defined.has(transition)).toBe(true);
          const guard = transition.guard as { type?: string } | string | undefined;
          const name = typeof guard === 'string' ? guard : guard?.type;
          if (name !== undefined) expect(guardNames.has(name)).toBe(true);
        }
        actor.stop();
      },
    ),
    fcOptions(RUNS),
  );
  expect(tally.accepted).toBeGreaterThan(RUNS);
  expect(tally.timers).toBeGreaterThan(RUNS);
  expect(tally.timeUp).toBeGreaterThan(0);
});
