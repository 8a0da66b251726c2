/**
 * `useGame`: a turnchart match in a component, for code written for
 * turnchart rather than moved from boardgame.io. The match is `createGame`'s
 * actor (the game's own machine); the component re-renders on each of its
 * snapshots, and `actor` is there for anything xstate offers (`@xstate/react`'s
 * `useSelector(actor, …)`, an inspector, persistence).
 *
 * The match lives as long as the component, and is made again when the game,
 * the number of players or the seed change.
 */
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { Actor } from 'xstate';
import {
  compiledGame,
  createGame,
  FLOW_EVENT_TYPES,
  timeLeft,
  type CreateGameOptions,
  type GameMachine,
  type SeatTime,
  type RequestEvent,
  type ActionResult,
  type Ctx,
  type FlowEventType,
  type Game,
  type GameMoveNames,
  type PlayerID,
} from '../../machines';

export interface UseGameOptions {
  numPlayers: number;
  /** Who acts; left out, each request is made by the current player (hot-seat). */
  playerID?: PlayerID | null;
  seed?: string | number;
  setupData?: unknown;
  /** A game with time limits: the requests' clock (default `Date.now`), also the countdown's. */
  now?: () => number;
  /** A game with time limits: the actor's clock for its timers (xstate's `clock`). */
  clock?: CreateGameOptions['clock'];
}

/** How often a game with time limits renders its countdown again, in ms. */
export const TICK_MS = 250;

/** A request for `can`: the event type (`move.<name>` or a flow event), its arguments, and who (default: as `playerID`). */
export interface GameRequest {
  type: string;
  args?: unknown[];
  playerID?: PlayerID;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- boardgame.io's default: an untyped game reads G freely
export interface UseGameResult<G = any, M extends string = string> {
  G: G;
  ctx: Ctx;
  /** The chart's active state value. */
  value: unknown;
  /** Each move, as the hook's player: `moves.clickCell(4)`; returns the result, a refusal with its reason. */
  moves: Record<M, (...args: unknown[]) => ActionResult>;
  /** Each flow event the game allows, as the hook's player. */
  events: Partial<Record<FlowEventType, (arg?: unknown) => ActionResult>>;
  /** Whether the machine would accept the request now (`snapshot.can`, exact). */
  can(request: GameRequest): boolean;
  /**
   * In a game with time limits, what is left of each seat's time
   * (`timeLeft`), counting down: the hook renders again every TICK_MS while
   * the game goes on. The match's actor applies each deadline by itself.
   */
  time: Record<PlayerID, SeatTime> | undefined;
  actor: Actor<GameMachine<G, M>>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- boardgame.io's default: an untyped game reads G freely
export function useGame<G = any, M extends string = string>(
  game: Game<G> & GameMoveNames<M>,
  options: UseGameOptions,
): UseGameResult<G, M> {
  const { numPlayers, seed, setupData, playerID, now, clock } = options;
  const timed = compiledGame(game).timed;
  // setupData is read at the match's start only: a new object each render must not restart the match.
  // A game with time limits runs on its actor from the start: its timers apply the deadlines.
  const match = useMemo(
    () =>
      createGame<G, M>(game, {
        numPlayers,
        seed,
        setupData,
        strict: false,
        ...(timed ? { actor: true, now, clock } : {}),
      }),
    [game, numPlayers, seed],
  );
  const subscribe = useCallback(
    (changed: () => void) => {
      const subscription = match.actor.subscribe(changed);
      return () => subscription.unsubscribe();
    },
    [match],
  );
  const current = () => match.actor.getSnapshot();
  const snapshot = useSyncExternalStore(subscribe, current, current);
  const { G, ctx } = snapshot.context;
  const ticking = timed && ctx.gameover === undefined;
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!ticking) return;
    const interval = setInterval(() => setTick((tick) => tick + 1), TICK_MS);
    return () => clearInterval(interval);
  }, [ticking]);
  const who = useCallback(
    (explicit?: PlayerID | null) => explicit ?? playerID ?? match.actor.getSnapshot().context.ctx.currentPlayer,
    [match, playerID],
  );

  const moves = useMemo(() => {
    const out = {} as Record<M, (...args: unknown[]) => ActionResult>;
    for (const name of compiledGame(game).moveNames as M[]) out[name] = (...args) => match.move(name, args, who());
    return out;
  }, [game, match, who]);
  const events = useMemo(() => {
    const out: Partial<Record<FlowEventType, (arg?: unknown) => ActionResult>> = {};
    for (const type of FLOW_EVENT_TYPES)
      if (game.events?.[type] !== false) out[type] = (arg) => match.event(type, arg, who());
    return out;
  }, [game, match, who]);
  const can = useCallback(
    (request: GameRequest) =>
      match.actor.getSnapshot().can({
        type: request.type,
        playerID: who(request.playerID),
        args: request.args ?? [],
      } as RequestEvent as never),
    [match, who],
  );
  const time = ctx.time ? timeLeft(ctx, (now ?? Date.now)()) : undefined;
  return { G: G as G, ctx, value: snapshot.value, moves, events, can, time, actor: match.actor };
}
