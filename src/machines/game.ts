/**
 * A small typed layer over the machine for code that just wants to play:
 * `createGame(game, { numPlayers })` then `move`, `event`, `getState`,
 * `subscribe`. Every call returns a result: `{ ok: true }` or the typed
 * rejection; a rejected call changes nothing.
 */
import { createActor, type Actor, type Snapshot } from 'xstate';
import { assertNoLatentMistakes, tolerateLatentMistakes, warnLatentMistakes } from './engine/config';
import type { ActionRejection } from './engine/errors';
import { compiledGame } from './engine/compiled-game';
import { createGameMachine, primeRequest, type GameMachine, type TurnchartContext } from './game-machine';
import { evaluateChartRequest as evaluateRequest } from './request-outcome';
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
  /** Passed to xstate's createActor, e.g. `inspect` from @statelyai/inspect. */
  inspect?: Parameters<typeof createActor>[1] extends infer O ? (O extends { inspect?: infer I } ? I : never) : never;
}

/**
 * A match of a game whose state is `G` and whose moves are named `M` (the
 * game's move names when it is a literal, else `string`). With `M` left out
 * it stands for a match of any moves.
 */
export interface TurnchartGame<G = any, M extends string = any> {
  readonly machine: GameMachine<G, M>;
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

/**
 * Start a match. `G` and the move names come from the game: a literal game
 * (or one declared with `satisfies Game<G>`) types `move(name)` with its move
 * names; a game typed as `Game<G>` accepts any name.
 */
export function createGame<G = any, M extends string = string>(
  game: Game<G> & GameMoveNames<M>,
  options: CreateGameOptions,
): TurnchartGame<G, M> {
  const strict = options.strict !== false;
  if (!strict) tolerateLatentMistakes(game);
  const compiled = compiledGame(game);
  if (strict) assertNoLatentMistakes(compiled);
  else warnLatentMistakes(compiled);
  const machine = createGameMachine<G, M>(game, { numPlayers: options.numPlayers });
  const actor = createActor(machine, {
    input: { seed: options.seed, matchID: options.matchID, setupData: options.setupData },
    ...(options.snapshot ? { snapshot: options.snapshot as any } : {}),
    ...(options.inspect ? { inspect: options.inspect as any } : {}),
  });
  const initial = actor.getSnapshot();
  if (initial.status === 'error') throw initial.error;
  actor.start();

  const send = (type: string, args: unknown[], playerID: PlayerID): ActionResult => {
    const context: TurnchartContext = actor.getSnapshot().context;
    const event = { type, playerID, args };
    // Evaluate first so the caller gets the reason; the machine then takes this very outcome
    // (game code runs once per action).
    const outcome = evaluateRequest(compiled, context, event);
    if (!outcome.ok) return { ok: false, error: outcome.rejection };
    primeRequest(machine, context, event, outcome);
    actor.send(event as Parameters<typeof actor.send>[0]);
    return { ok: true };
  };

  const state = (): GameState<G> => {
    const { G, ctx } = actor.getSnapshot().context;
    return { G, ctx };
  };

  return {
    machine,
    actor,
    move: (name, args, playerID) => send(`move.${name}`, args ?? [], playerID),
    event: (type, arg, playerID) => send(type, arg === undefined ? [] : [arg], playerID),
    getState: state,
    getStateValue: () => actor.getSnapshot().value,
    subscribe(listener) {
      const sub = actor.subscribe(() => listener(state()));
      return () => sub.unsubscribe();
    },
    getPersistedSnapshot: () => actor.getPersistedSnapshot(),
    stop: () => actor.stop(),
  };
}
