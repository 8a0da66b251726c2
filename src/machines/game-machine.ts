/**
 * A game's machine: the chart (chart/chart-config.ts) run by the flow. A
 * request (a move or flow event sent by a player) is worked out atomically
 * by the flow run; if it is allowed, the machine takes the new G and ctx and
 * then walks through the run's steps as named, guarded transitions. A
 * refused request changes nothing and emits `turnchart.rejected` with a
 * typed reason. The state nodes are built once per chart shape and shared
 * (runtime/machine-templates.ts); each game object's machine has its own code.
 */
import {
  enqueueActions,
  setup,
  type AnyEventObject,
  type AnyStateMachine,
  type MetaObject,
  type NonReducibleUnknown,
  type StateMachine,
  type StateSchema,
  type StateValue,
} from 'xstate';
import { RequestMemo } from './runtime/request-memo';
import { stepPayload, type StepEvent } from './chart/chart-steps';
import { chartConfig } from './chart/chart-config';
import type { CompiledGame } from './engine/config';
import { compiledGame } from './engine/compiled-game';
import { directStart } from './runtime/direct-start';
import { installDirectTransitions } from './runtime/direct-transition';
import { machineTemplate, type MachineTemplate } from './runtime/machine-templates';
import { cloneMachine } from './runtime/xstate-internals';
import { GameConfigError, type ActionRejection } from './engine/errors';
import { makeSeed, type RandomState } from './engine/random';
import type { Game, GameMoveNames } from './engine/types';
import type { RequestEvent as EngineRequest, TurnchartContext as EngineContext } from './engine/request';
export type { RequestType } from './engine/request';

/** A match as the chart holds it: the engine's match, and the start's steps until the root walks them. */
export interface TurnchartContext<G = any> extends EngineContext<G> {
  /** Chart steps of the game's start, consumed by the root's entry action. */
  startSteps?: StepEvent[];
}

/** A player's request (`probe` was once needed for `snapshot.can`, which is now exact without it; it is ignored). */
export interface RequestEvent<M extends string = string> extends EngineRequest<M> {
  probe?: boolean;
}

export type TurnchartEvent<M extends string = string> = RequestEvent<M> | StepEvent;

/** A machine's events: `any` only for `M` left out (any game's machine), as events are both read and written. */
type MachineEvent<M extends string> = IsAny<M> extends true ? any : TurnchartEvent<M>;
/** Whether T is `any` (`0 extends 1 & T` is no test here: `1 & M` with M a string is never, decided before M is known). */
type IsAny<T> = boolean extends (T extends never ? true : false) ? true : false;

/** Emitted when the machine refuses a request. */
export interface RejectedEvent<M extends string = string> {
  type: 'turnchart.rejected';
  rejection: ActionRejection;
  request: RequestEvent<M>;
}

export interface MachineInput {
  seed?: string | number;
  matchID?: string;
  setupData?: unknown;
}

export interface GameMachineOptions {
  numPlayers: number;
  seed?: string | number;
  matchID?: string;
  setupData?: unknown;
}

import {
  evaluateChartRequest as evaluateRequest,
  startChartMatch as startMatch,
  type ChartOutcome as Outcome,
} from './request-outcome';

/** A step the machine raised for this context (any other event, a stale step included, is a request). */
function isStep(event: AnyEventObject, context: TurnchartContext): event is StepEvent {
  return stepPayload(event, context.ctx) !== undefined;
}

/** Per machine: store an outcome worked out elsewhere, so the machine's guard does not work it out again. */
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

const machineCache = new WeakMap<Game, Map<number, GameMachine>>();

// The start's steps are walked once; they are not part of the game's state.
const startGame = enqueueActions(({ context, enqueue }: { context: TurnchartContext; enqueue: any }) => {
  const { startSteps } = context;
  enqueue.assign({ startSteps: undefined });
  for (const event of startSteps ?? []) enqueue.raise(event);
});
// Shows a game hook on the chart; the hook itself ran when the flow worked out the request.
const hook = () => undefined;
const eachGames = () => {
  throw new Error("turnchart: a machine template is cloned with its game's code, never run");
};

/** The chart's machine with its rule guards: the template of every game of its shape (runtime/machine-templates.ts). */
function buildTemplate(game: CompiledGame, numPlayers: number): MachineTemplate {
  const { config, guards } = chartConfig(game, numPlayers);
  const machine = setup({
    types: {} as {
      context: TurnchartContext;
      events: TurnchartEvent;
      input: MachineInput | undefined;
      emitted: { type: 'turnchart.rejected'; rejection: ActionRejection; request: RequestEvent };
    },
    guards: { requestAccepted: eachGames, ...guards },
    actions: { startGame: startGame as never, applyRequest: eachGames, hook },
  }).createMachine(config as never) as unknown as AnyStateMachine;
  return { machine, starts: { base: machine, byKey: new Map() } };
}

/** Build (not cached per game) the machine of a game for a number of seats: a clone of its shape's template with the game's code. */
function buildMachine(raw: Game, game: CompiledGame, numPlayers: number, defaults: MachineInput): GameMachine {
  const template = machineTemplate(raw, numPlayers, () => buildTemplate(game, numPlayers));
  // The outcome of a request is computed once, by the guard, and reused by the action.
  const memo = new RequestMemo<TurnchartContext, RequestEvent, Outcome>();
  const evaluate = (context: TurnchartContext, event: RequestEvent): Outcome => {
    const hit = memo.get(context, event);
    if (hit !== undefined) return hit;
    const outcome = evaluateRequest(game, context, event);
    memo.set(context, event, outcome);
    return outcome;
  };

  const start = directStart((raw): TurnchartContext => {
    const input = raw as MachineInput | undefined;
    const seed = input?.seed ?? defaults.seed ?? game.game.seed ?? makeSeed();
    const matchID = input?.matchID ?? defaults.matchID;
    const { state, random, steps } = startMatch(game, numPlayers, seed, input?.setupData ?? defaults.setupData);
    return {
      G: state.G,
      ctx: state.ctx,
      random,
      stateID: 0,
      ...(matchID !== undefined ? { matchID } : {}),
      startSteps: steps,
    };
  }, template.starts);

  const base = template.machine;
  const { guards, actions } = base.implementations;
  const machine = cloneMachine(
    base,
    { ...base.config, context: start.context },
    {
      ...base.implementations,
      guards: {
        ...guards,
        requestAccepted: ({ context, event }: { context: TurnchartContext; event: AnyEventObject }) =>
          !isStep(event, context) && evaluate(context, event as RequestEvent).ok,
      },
      actions: {
        ...actions,
        applyRequest: enqueueActions(
          ({ context, event, enqueue }: { context: TurnchartContext; event: AnyEventObject; enqueue: any }) => {
            const outcome = evaluate(context, event as RequestEvent);
            if (!outcome.ok) return;
            enqueue.assign(outcome.context);
            for (const step of outcome.events) enqueue.raise(step);
          },
        ),
      },
    },
  );
  type Installable = Parameters<typeof installDirectTransitions>[0];
  const install = (target: Installable) => {
    primers.set(target, (context, event, outcome) => memo.set(context, event, outcome));
    installDirectTransitions(target, evaluate, install);
    start.install(target as unknown as AnyStateMachine);
  };
  install(machine as unknown as Installable);
  // The chart's phase states are built at run time: xstate cannot infer its state value, nor that the input is optional.
  return machine as unknown as GameMachine;
}

/**
 * The machine of a game whose state is `G` and whose moves are named `M`
 * (`string` when the names are not known). Its input is optional: actor
 * options may be left out (`createActor(machine)`, `useMachine(machine)`).
 * With `M` left out it stands for any game's machine (as xstate's
 * `AnyStateMachine` does): every GameMachine is one, whatever its moves.
 */
export type GameMachine<G = any, M extends string = any> = StateMachine<
  TurnchartContext<G>,
  MachineEvent<M>,
  {},
  never,
  | { type: 'startGame'; params: unknown }
  | { type: 'applyRequest'; params: unknown }
  | { type: 'hook'; params: unknown },
  { type: 'requestAccepted'; params: unknown },
  never,
  StateValue,
  string,
  MachineInput | undefined,
  NonReducibleUnknown,
  RejectedEvent<M>,
  MetaObject,
  StateSchema
>;

/**
 * The statechart of a game for a number of players. Machines are cached per
 * (game, numPlayers); pass a per-match seed as actor input
 * (`createActor(machine, { input: { seed } })`) to reuse one machine. The
 * move names `M` are the game's when it is a literal (or declared with
 * `satisfies Game<G>`); a game typed as `Game<G>` has `string`.
 */
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
  if (hasDefaults) return typed(buildMachine(game, compiledGame(game), numPlayers, defaults));
  let byPlayers = machineCache.get(game);
  if (!byPlayers) machineCache.set(game, (byPlayers = new Map()));
  let machine = byPlayers.get(numPlayers);
  if (!machine) byPlayers.set(numPlayers, (machine = buildMachine(game, compiledGame(game), numPlayers, {})));
  return typed(machine);
}
