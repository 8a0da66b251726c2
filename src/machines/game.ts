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
import { evaluateRequest, startMatch, type RequestEvent, type TurnchartContext } from './engine/request';
import type { FlowEventType, Game, GameMoveNames, GameState, PlayerID } from './engine/types';

export type ActionResult = { ok: true } | { ok: false; error: ActionRejection };

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
  /** Passed to xstate's createActor, e.g. `inspect` from @statelyai/inspect: the match then runs on its actor. */
  inspect?: Parameters<typeof createActor>[1] extends infer O ? (O extends { inspect?: infer I } ? I : never) : never;
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
  const input = {
    seed: options.seed ?? game.seed ?? makeSeed(),
    matchID: options.matchID,
    setupData: options.setupData,
  };
  const machineOf = () => createGameMachine<G, M>(game, { numPlayers });
  const listeners = new Set<(state: GameState<G>) => void>();
  let stopped = false;
  let actor: Actor<GameMachine<G, M>> | undefined;
  // Undefined only while an inspected match's actor starts it.
  let context: TurnchartContext | undefined =
    options.snapshot !== undefined
      ? (options.snapshot as unknown as { context: TurnchartContext }).context
      : options.inspect === undefined
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
  const actorOf = (): Actor<GameMachine<G, M>> => {
    if (actor) return actor;
    const machine = machineOf();
    const snapshot = machine.resolveState({ value: chartValueFor(compiled, context!.ctx) as never, context });
    return run(createActor(machine, { snapshot, ...(options.inspect ? { inspect: options.inspect } : {}) }));
  };
  // Inspected from the start: the actor starts the match, so the inspector sees its first transitions.
  if (context === undefined) run(createActor(machineOf(), { input, inspect: options.inspect }));

  const send = (type: string, args: unknown[], playerID: PlayerID): ActionResult => {
    const from = current();
    const event: RequestEvent = { type, playerID, args };
    const outcome = evaluateRequest(compiled, from, event);
    if (!outcome.ok) return { ok: false, error: outcome.rejection };
    if (stopped) return { ok: true };
    if (actor) {
      // The actor's guards take this very outcome: game code runs once per action.
      primeRequest(actor.logic, from, event, outcome);
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
