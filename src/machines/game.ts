/**
 * A small typed layer for code that just wants to play:
 * `createGame(game, { numPlayers })` then `move`, `event`, `getState`,
 * `subscribe`. Every call returns a result: `{ ok: true }` or the typed
 * rejection; a rejected call changes nothing.
 *
 * A match runs on the engine directly, and its chart value is a projection
 * of ctx (`chartValueFor`). Its `machine` is built, and its `actor` started
 * (restored where the match stands), only when first asked for, or at once
 * with `inspect`; from then on requests go through the actor, on xstate's
 * interpreter, with the outcome the engine already worked out.
 */
import { createActor, type Actor, type Snapshot } from 'xstate';
import { createGameMachine, primeRequest, type GameMachine } from './chart/game-machine';
import { chartValueFor } from './chart/seat-state';
import { compiledGame } from './engine/compiled-game';
import { assertNoLatentMistakes, tolerateLatentMistakes, warnLatentMistakes } from './engine/config';
import type { ActionRejection } from './engine/errors';
import { makeSeed } from './engine/random';
import {
  evaluateRequest,
  startMatch,
  type RequestEvent,
  type TimeoutRequest,
  type TurnchartContext,
} from './engine/request';
import type { FlowEventType, Game, GameMoveNames, GameState, LimitKind, PlayerID } from './engine/types';

export type ActionResult = { ok: true } | { ok: false; error: ActionRejection };

/** An option of xstate's createActor. */
type ActorOption<K extends string> = Parameters<typeof createActor>[1] extends infer O
  ? O extends { [key in K]?: infer V }
    ? V
    : never
  : never;

export interface CreateGameOptions {
  numPlayers: number;
  seed?: string | number;
  matchID?: string;
  setupData?: unknown;
  /** Restore a match from `getPersistedSnapshot()`. */
  snapshot?: Snapshot<unknown>;
  /**
   * A config mistake that matters only if play reaches it (a phase's `next`
   * naming no phase) is a GameConfigError here by default. `strict: false`
   * runs the game instead: a console.warn names each such mistake once per
   * game object, and a request that reaches one is refused (`UNKNOWN_PHASE`).
   * The boardgame.io and legacy adapters default to `false`.
   */
  strict?: boolean;
  /**
   * The clock of the requests, in a game with time limits (default
   * `Date.now`; never read in a game without): each request happens at its
   * time, and the match starts at it.
   */
  now?: () => number;
  /** Passed to xstate's createActor, e.g. `inspect` from @statelyai/inspect: the match then runs on its actor. */
  inspect?: ActorOption<'inspect'>;
  /**
   * Run the match on its actor from the start, so that its states are
   * entered and its time limits' delayed transitions fire by themselves
   * (an actor made later, from a snapshot, sets no timer).
   */
  actor?: boolean;
  /** The actor's clock for its timers (xstate's `clock`, e.g. a `SimulatedClock`). */
  clock?: ActorOption<'clock'>;
}

/**
 * A match of a game whose state is `G` and whose moves are named `M` (the
 * game's move names when it is a literal, else `string`). With `M` left out
 * it stands for a match of any moves.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- boardgame.io's default: an untyped game reads G freely; M left out: any game
export interface TurnchartGame<G = any, M extends string = any> {
  /** The game's machine (built when first read). */
  readonly machine: GameMachine<G, M>;
  /** An actor of the machine standing where the match stands (started when first read; the match then runs on it). */
  readonly actor: Actor<GameMachine<G, M>>;
  /** Make a move as `playerID`. */
  move(name: M, args: unknown[] | undefined, playerID: PlayerID): ActionResult;
  /** Send a flow event (`endTurn`, `setStage`, ...) as `playerID`. */
  event(type: FlowEventType, arg: unknown, playerID: PlayerID): ActionResult;
  /**
   * Apply a deadline that has passed (the earliest, or the one of `limit`
   * and `seat`), in a game with time limits; refused (`NO_DEADLINE_PASSED`)
   * while none has.
   */
  timeout(which?: { limit?: LimitKind; seat?: PlayerID }): ActionResult;
  /** Send a request as it is, with its own `now` (or none: it then happens when the match last changed). */
  request(event: RequestEvent<M> | TimeoutRequest): ActionResult;
  getState(): GameState<G>;
  /** The active state value of the chart, e.g. `{ phases: { draw: { turn: { player0: 'active', ... } } } }`. */
  getStateValue(): unknown;
  subscribe(listener: (state: GameState<G>) => void): () => void;
  getPersistedSnapshot(): Snapshot<unknown>;
  stop(): void;
}

function seatCount(numPlayers: unknown): number {
  if (!Number.isInteger(numPlayers) || (numPlayers as number) < 1) {
    throw new RangeError(`numPlayers must be a positive integer, got ${JSON.stringify(numPlayers)}`);
  }
  return numPlayers as number;
}

/**
 * Start a match. `G` and the move names come from the game: a literal game
 * (or one declared with `satisfies Game<G>`) types `move(name)` with its move
 * names; a game typed as `Game<G>` accepts any name.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- boardgame.io's default: an untyped game reads G freely
export function createGame<G = any, M extends string = string>(
  game: Game<G> & GameMoveNames<M>,
  options: CreateGameOptions,
): TurnchartGame<G, M> {
  const strict = options.strict !== false;
  if (!strict) tolerateLatentMistakes(game);
  const compiled = compiledGame(game);
  if (strict) assertNoLatentMistakes(compiled);
  else warnLatentMistakes(compiled);
  const numPlayers = seatCount(options?.numPlayers);
  // The caller's clock, read only in a game with time limits.
  const clock = compiled.timed ? (options.now ?? Date.now) : undefined;
  const input = {
    seed: options.seed ?? game.seed ?? makeSeed(),
    matchID: options.matchID,
    setupData: options.setupData,
    ...(clock ? { now: clock() } : {}),
  };
  const machineOf = () => createGameMachine<G, M>(game, { numPlayers });
  const listeners = new Set<(state: GameState<G>) => void>();
  let stopped = false;
  let actor: Actor<GameMachine<G, M>> | undefined;
  // Undefined only while the actor starts the match (inspected, or asked for from the start).
  let context: TurnchartContext | undefined =
    options.snapshot !== undefined
      ? (options.snapshot as unknown as { context: TurnchartContext }).context
      : options.inspect === undefined && !options.actor
        ? startMatch(compiled, numPlayers, input).context
        : undefined;
  const current = (): TurnchartContext => (actor ? actor.getSnapshot().context : context!);
  const state = (): GameState<G> => {
    const { G, ctx } = current();
    return { G, ctx };
  };
  const notify = () => {
    const current = state();
    for (const listener of listeners) listener(current);
  };
  const run = (started: Actor<GameMachine<G, M>>) => {
    const snapshot = started.getSnapshot();
    if (snapshot.status === 'error') throw snapshot.error;
    actor = started;
    started.subscribe(() => notify());
    started.start();
    return started;
  };
  const actorOptions = {
    ...(options.inspect ? { inspect: options.inspect } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  };
  const actorOf = (): Actor<GameMachine<G, M>> => {
    if (actor) return actor;
    const machine = machineOf();
    const snapshot = machine.resolveState({ value: chartValueFor(compiled, context!.ctx) as never, context });
    return run(createActor(machine, { snapshot, ...actorOptions }));
  };
  // On the actor from the start: an inspector sees its first transitions, and its timers are set.
  if (context === undefined) run(createActor(machineOf(), { input, ...actorOptions }));

  const send = (type: string, args: unknown[], playerID: PlayerID): ActionResult => {
    const event: RequestEvent = { type, playerID, args };
    if (clock) event.now = clock();
    return request(event);
  };
  const request = (event: RequestEvent | TimeoutRequest): ActionResult => {
    const from = current();
    const outcome = evaluateRequest(compiled, from, event);
    if (!outcome.ok) return { ok: false, error: outcome.rejection };
    if (stopped) return { ok: true };
    if (actor) {
      // The actor's guards take this very outcome: game code runs once per action.
      primeRequest(actor.logic, from, event as RequestEvent, outcome);
      actor.send(event as never);
      return { ok: true };
    }
    context = outcome.context;
    notify();
    return { ok: true };
  };

  return {
    get machine() {
      return machineOf();
    },
    get actor() {
      return actorOf();
    },
    move: (name, args, playerID) => send(`move.${name}`, args ?? [], playerID),
    event: (type, arg, playerID) => send(type, arg === undefined ? [] : [arg], playerID),
    timeout: (which) => request({ type: 'timeout', ...which, ...(clock ? { now: clock() } : {}) }),
    request: (event) => request(event as RequestEvent),
    getState: state,
    getStateValue: () => (actor ? actor.getSnapshot().value : chartValueFor(compiled, current().ctx)),
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getPersistedSnapshot: () => {
      if (actor) return actor.getPersistedSnapshot();
      const machine = machineOf();
      const snapshot = machine.resolveState({ value: chartValueFor(compiled, current().ctx) as never, context });
      return machine.getPersistedSnapshot(snapshot);
    },
    stop: () => {
      stopped = true;
      actor?.stop();
    },
  };
}
