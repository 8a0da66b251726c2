/**
 * A game's machine: the chart (chart-config.ts), run by xstate's own
 * interpreter. The flow decides every request (engine/request.ts); the chart
 * records which rule decided each step:
 *
 * - A request event (`move.playCard`, `endTurn`, ...) takes the edges of
 *   its first step itself: their guards, named after rules, ask the flow's
 *   outcome of the request (worked out once per context and event, and
 *   remembered), and pass when their rule is the one the flow followed.
 * - The first of those edges to run applies the outcome (`applyRequest`):
 *   the new G, ctx and PRNG state, and the rest of the steps raised as
 *   events, each taking the edges of its rule.
 * - A refused request passes no guard: it takes no transition, so
 *   `snapshot.can(request)` is false and nothing changes.
 */
import {
  enqueueActions,
  setup,
  type EventObject,
  type MetaObject,
  type NonReducibleUnknown,
  type StateMachine,
  type StateSchema,
  type StateValue,
} from 'xstate';
import { compiledGame } from '../engine/compiled-game';
import type { CompiledGame } from '../engine/config';
import { GameConfigError } from '../engine/errors';
import { makeSeed } from '../engine/random';
import { evaluateRequest, startMatch, type Outcome, type RequestEvent, type TurnchartContext } from '../engine/request';
import type { Ctx, Game, GameMoveNames } from '../engine/types';
import { chartConfig } from './chart-config';
import { stepEvents, stepPayload, type StepEvent } from './chart-steps';
import { RequestMemo } from './request-memo';
import type { StepOf, TimeoutsOf } from './rule-guards';
import { deadlineOf } from './timers';

export type { RequestEvent, TurnchartContext } from '../engine/request';

export type TurnchartEvent<M extends string = string> = RequestEvent<M> | StepEvent;

/** A machine's events: `any` only for `M` left out (any game's machine), as events are both read and written. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any game's machine takes and gives any game's events
type MachineEvent<M extends string> = IsAny<M> extends true ? any : TurnchartEvent<M>;
/** Whether T is `any` (`0 extends 1 & T` is no test here: `1 & M` with M a string is never, decided before M is known). */
type IsAny<T> = boolean extends (T extends never ? true : false) ? true : false;

export interface MachineInput {
  seed?: string | number;
  matchID?: string;
  setupData?: unknown;
  /** When the match starts (ms), in a game with time limits. */
  now?: number;
}

export interface GameMachineOptions {
  numPlayers: number;
  seed?: string | number;
  matchID?: string;
  setupData?: unknown;
}

/** An accepted request's outcome, with the events of the steps the chart takes for it. */
type ChartOutcome = (Outcome & { ok: false }) | (Outcome & { ok: true; events: StepEvent[] });

function withEvents(game: CompiledGame, from: TurnchartContext, outcome: Outcome): ChartOutcome {
  if (!outcome.ok) return outcome;
  return { ...outcome, events: stepEvents(game, from.ctx, outcome.steps, outcome.context.ctx) };
}

/** Per machine: store an outcome worked out elsewhere, so the machine's guards do not work it out again. */
const primers = new WeakMap<object, (context: TurnchartContext, event: RequestEvent, outcome: Outcome) => void>();

/**
 * Give a machine the outcome of a request computed outside it (by
 * `evaluateRequest` on the same context), so that sending `event` to an actor
 * whose context is `context` takes the transitions without running game code
 * again. For adapters that must compute first (the boardgame.io client); an
 * outcome that does not belong to that context and event corrupts the match.
 */
export function primeRequest(
  machine: GameMachine,
  context: TurnchartContext,
  event: RequestEvent,
  outcome: Outcome,
): void {
  primers.get(machine)?.(context, event, outcome);
}

/** The compiled game of each machine `createGameMachine` built. */
const games = new WeakMap<object, CompiledGame>();

/** The compiled game a machine runs (undefined for a machine `createGameMachine` did not build, e.g. from `provide`). */
export function gameOfMachine(machine: GameMachine): CompiledGame | undefined {
  return games.get(machine);
}

/** Shows a game hook on the chart; the hook itself ran when the flow worked out the request. */
const hook = () => undefined;

function buildMachine(game: CompiledGame, numPlayers: number, defaults: MachineInput): GameMachine {
  const { config, guards, timers } = chartConfig(game, numPlayers);
  // A request's outcome is worked out once, by the first guard that asks, and read by the rest and by applyRequest.
  const memo = new RequestMemo<TurnchartContext, object, ChartOutcome>();
  const evaluate = (context: TurnchartContext, event: RequestEvent): ChartOutcome => {
    const known = memo.get(context, event);
    if (known !== undefined) return known;
    const outcome = withEvents(game, context, evaluateRequest(game, context, event));
    memo.set(context, event, outcome);
    return outcome;
  };
  const stepOf: StepOf = (args) => {
    const context = args.context as TurnchartContext;
    const event = args.event as RequestEvent;
    const raised = stepPayload(event, context.ctx);
    if (raised !== undefined) return raised;
    const outcome = evaluate(context, event);
    if (!outcome.ok) return undefined;
    const first = outcome.events[0];
    return first !== undefined && first.type === event.type ? first.tc : undefined;
  };
  const timeouts: TimeoutsOf = {
    // A limit's timer fired: the timeout of that limit, at its deadline (timers.ts).
    timer: ({ context, event }, limit, seat) => {
      const match = context as TurnchartContext;
      const known = memo.get(match, event as object);
      if (known !== undefined) return known.ok;
      const now = deadlineOf(match.ctx, limit, seat);
      if (now === undefined) return false;
      const outcome = withEvents(game, match, evaluateRequest(game, match, { type: 'timeout', now, limit, seat }));
      memo.set(match, event as object, outcome);
      return outcome.ok;
    },
    timeout: (args) => {
      const context = args.context as TurnchartContext;
      if (stepPayload(args.event as object, context.ctx) !== undefined) return true;
      return evaluate(context, args.event as RequestEvent).ok;
    },
  };
  // Several edges of one step run in one microstep: once the first has assigned, the memo no longer has the context.
  // The first step is the request's own (taken by its edges) when it has the request's type; a timer's are all raised.
  const applyRequest = enqueueActions<TurnchartContext, RequestEvent, undefined, TurnchartEvent>(
    ({ context, event, enqueue }) => {
      if (stepPayload(event, context.ctx) !== undefined) return;
      const outcome = memo.get(context, event);
      if (outcome === undefined || !outcome.ok) return;
      enqueue.assign(outcome.context);
      const events = outcome.events;
      for (let i = events.length > 0 && events[0].type === event.type ? 1 : 0; i < events.length; i++)
        enqueue.raise(events[i]);
    },
  );
  // The start's steps, by the ctx of the start: the root's entry raises them (not part of the game's state).
  const startSteps = new WeakMap<Ctx, StepEvent[]>();
  const startGame = enqueueActions<TurnchartContext, TurnchartEvent, undefined, TurnchartEvent>(
    ({ context, enqueue }) => {
      const steps = startSteps.get(context.ctx);
      startSteps.delete(context.ctx);
      for (const step of steps ?? []) enqueue.raise(step);
    },
  );
  const context = ({ input }: { input: MachineInput | undefined }): TurnchartContext => {
    const seed = input?.seed ?? defaults.seed ?? game.game.seed ?? makeSeed();
    const matchID = input?.matchID ?? defaults.matchID;
    const setupData = input?.setupData ?? defaults.setupData;
    const start = startMatch(game, numPlayers, { seed, matchID, setupData, now: input?.now });
    startSteps.set(start.context.ctx, stepEvents(game, start.setupState.ctx, start.steps, start.context.ctx, true));
    return start.context;
  };
  const machine = setup({
    types: {} as { context: TurnchartContext; events: TurnchartEvent; input: MachineInput | undefined },
    guards: guards.implementations(stepOf, timeouts),
    actions: { startGame: startGame as never, applyRequest: applyRequest as never, hook },
    delays: timers.implementations() as never,
  }).createMachine({ ...config, context } as never) as unknown as GameMachine;
  primers.set(machine, (from, event, outcome) => memo.set(from, event, withEvents(game, from, outcome)));
  games.set(machine, game);
  return machine;
}

/**
 * The machine of a game whose state is `G` and whose moves are named `M`
 * (`string` when the names are not known). Its input is optional: actor
 * options may be left out (`createActor(machine)`, `useMachine(machine)`).
 * With `M` left out it stands for any game's machine (as xstate's
 * `AnyStateMachine` does): every GameMachine is one, whatever its moves.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- boardgame.io's default: an untyped game reads G freely; M left out: any game's machine
export type GameMachine<G = any, M extends string = any> = StateMachine<
  TurnchartContext<G>,
  MachineEvent<M>,
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- xstate's children type of a machine that invokes no actor is exactly {}
  {},
  never,
  | { type: 'startGame'; params: unknown }
  | { type: 'applyRequest'; params: unknown }
  | { type: 'hook'; params: unknown },
  { type: string; params: unknown },
  never,
  StateValue,
  string,
  MachineInput | undefined,
  NonReducibleUnknown,
  EventObject,
  MetaObject,
  StateSchema
>;

const machineCache = new WeakMap<Game, Map<number, GameMachine>>();

/**
 * The statechart of a game for a number of players. Machines are cached per
 * (game, numPlayers); pass a per-match seed as actor input
 * (`createActor(machine, { input: { seed } })`) to reuse one machine. The
 * move names `M` are the game's when it is a literal (or declared with
 * `satisfies Game<G>`); a game typed as `Game<G>` has `string`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- boardgame.io's default: an untyped game reads G freely
export function createGameMachine<G = any, M extends string = string>(
  game: Game<G> & GameMoveNames<M>,
  options: GameMachineOptions,
): GameMachine<G, M> {
  if (game === null || typeof game !== 'object') throw new GameConfigError('game', 'must be an object');
  const { numPlayers } = options ?? ({} as GameMachineOptions);
  if (!Number.isInteger(numPlayers) || numPlayers < 1) {
    throw new RangeError(`numPlayers must be a positive integer, got ${JSON.stringify(numPlayers)}`);
  }
  const defaults: MachineInput = { seed: options.seed, matchID: options.matchID, setupData: options.setupData };
  const hasDefaults = options.seed !== undefined || options.matchID !== undefined || options.setupData !== undefined;
  // The cache holds machines of any game; this one is of `game`.
  const typed = (machine: GameMachine) => machine as unknown as GameMachine<G, M>;
  if (hasDefaults) return typed(buildMachine(compiledGame(game), numPlayers, defaults));
  let byPlayers = machineCache.get(game);
  if (!byPlayers) machineCache.set(game, (byPlayers = new Map()));
  let machine = byPlayers.get(numPlayers);
  if (!machine) byPlayers.set(numPlayers, (machine = buildMachine(compiledGame(game), numPlayers, {})));
  return typed(machine);
}
