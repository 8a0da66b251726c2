/**
 * boardgame.io 0.50's local `Client`, on turnchart. The match's state is
 * boardgame.io's (G, ctx, plugins, undo/redo stacks, log) and is worked out by
 * the reducer (reducer.ts); the match's chart runs in an xstate actor that
 * takes every accepted move and event as a named transition (pass `inspect`
 * to watch it), with the game code replayed rather than run twice.
 *
 * It works from construction on, as boardgame.io's local client does; `stop`
 * stops the chart actor (the match goes on) and `start` brings it back.
 * Only the local, single-process client exists: `multiplayer` is refused.
 */
import type { FlowOutcome, RequestEvent } from '../../machines/game-machine';
import { contextOf } from './game-state';
import type { Ctx, FlowEventType, PlayerID } from '../../machines/rules/types';
import * as actions from './action-creators';
import type { CallTape } from './call-tape';
import { newMatchActor, replayOn, restoredActor, type ChartActor, type Inspect } from './chart-actor';
import { ClientLog } from './client-log';
import { clientView, type ClientState } from './client-view';
import { seatCount, startMatch } from './match-start';
import { applyAction } from './reducer';
import { bindGame, type BoundGame } from './taped-game';
import type { Action, BoardgameGame, ClientStore, LogEntry, State, TransientState } from './types';

export interface ClientOptions<G = any> {
  game: BoardgameGame<G>;
  numPlayers?: number;
  playerID?: PlayerID | null;
  matchID?: string;
  credentials?: string;
  /** Accepted for compatibility: turnchart has no debug panel (use `inspect`). */
  debug?: unknown;
  /** Not supported: only the local, single-process client exists. */
  multiplayer?: unknown;
  /** Not supported: there is no redux store to enhance. */
  enhancer?: unknown;
  /** An xstate inspector (e.g. from @statelyai/inspect) for the match's chart actor. */
  inspect?: Inspect;
  /**
   * Refuse a game whose config has a mistake that matters only if play
   * reaches it (a phase's `next` naming no phase) with a GameConfigError.
   * By default such a game runs, as on boardgame.io, after one console.warn.
   */
  strict?: boolean;
}

type Subscriber<G> = (state: ClientState<G> | null) => void;

/** Hears every action the client applies, with the state it led to (before a refusal's error is stripped). */
export type ActionListener<G> = (action: Action, state: TransientState<G>) => void;

/** The events boardgame.io's client offers: all but those the game disables, in its order. */
const CLIENT_EVENT_ORDER: FlowEventType[] = [
  'endTurn',
  'pass',
  'endPhase',
  'setPhase',
  'endGame',
  'setActivePlayers',
  'endStage',
  'setStage',
];

export class TurnchartClient<G = any> {
  readonly game: BoardgameGame<G>;
  readonly numPlayers: number;
  playerID: PlayerID | null | undefined;
  matchID: string;
  credentials: string | undefined;
  readonly multiplayer = undefined;
  readonly debugOpt: unknown;
  moves: Record<string, (...args: unknown[]) => void> = {};
  events: Partial<Record<FlowEventType, (arg?: unknown) => void>> = {};
  /** Custom plugin actions: none (custom plugins are not supported). */
  plugins: Record<string, never> = {};
  readonly chatMessages: unknown[] = [];
  matchData: unknown = undefined;
  /** A redux-like view of the match's store. */
  readonly store: ClientStore<G>;

  private readonly bound: BoundGame;
  private readonly inspect: Inspect | undefined;
  private initialState: State<G>;
  private state: TransientState<G>;
  private readonly log = new ClientLog();
  private actor: ChartActor | undefined;
  private readonly subscribers = new Map<number, Subscriber<G>>();
  private readonly storeListeners = new Set<() => void>();
  private readonly actionListeners = new Set<ActionListener<G>>();
  private nextSubscriber = 0;
  /** The state the chart actor stands in. */
  private synced: State<G> | undefined;
  private gameStateOverride: unknown = null;

  constructor(options: ClientOptions<G>) {
    const { game, numPlayers, playerID, matchID, credentials, debug, multiplayer, enhancer, inspect, strict } = options;
    if (multiplayer) {
      throw new Error(
        'turnchart/boardgameio: `multiplayer` is not supported; this Client is the local, single-process one. ' +
          'Run the match on a server with InitializeGame / CreateGameReducer, or leave `multiplayer` out.',
      );
    }
    if (enhancer !== undefined)
      throw new Error('turnchart/boardgameio: `enhancer` is not supported (there is no redux store)');
    this.game = game;
    this.bound = bindGame(game, strict);
    this.numPlayers = seatCount(numPlayers || 2);
    this.playerID = playerID;
    this.matchID = matchID || 'default';
    this.credentials = credentials;
    this.debugOpt = debug;
    this.inspect = inspect;
    const start = startMatch(this.bound, this.numPlayers);
    this.initialState = start.state;
    this.state = this.initialState;
    if (inspect) {
      // Inspected from the start: the chart actor takes the match's first transitions too.
      const actor = newMatchActor(
        this.bound,
        start.state,
        { seed: start.seed, matchID: this.matchID },
        start.tape,
        inspect,
      );
      actor.start();
      this.actor = actor;
      this.synced = this.initialState;
    }
    this.store = {
      getState: () => this.state,
      dispatch: (action) => this.dispatch(action),
      subscribe: (listener) => {
        this.storeListeners.add(listener);
        return () => this.storeListeners.delete(listener);
      },
    };
    this.createDispatchers();
  }

  // ------------------------------------------------------------------ lifecycle

  /**
   * Without `inspect`, the chart actor is made the first time `chart()` is
   * called (from the current state) and follows every action from then on;
   * a match nobody watches does not pay for it.
   */
  start(): void {
    if (this.inspect) this.chart();
  }

  stop(): void {
    this.actor?.stop();
    this.actor = undefined;
  }

  /** The running actor of the match's chart (restored from the current state if it was stopped). */
  chart(): ChartActor {
    if (!this.actor) {
      this.actor = restoredActor(this.bound, this.state, this.inspect);
      this.actor.start();
      this.synced = this.state;
    }
    return this.actor;
  }

  // ------------------------------------------------------------------ state

  subscribe(fn: Subscriber<G>): () => void {
    const id = this.nextSubscriber++;
    this.subscribers.set(id, fn);
    fn(this.getState());
    return () => {
      this.subscribers.delete(id);
    };
  }

  /** Hear every action applied (debug panels, recorders); returns the unsubscribe. */
  onAction(listener: ActionListener<G>): () => void {
    this.actionListeners.add(listener);
    return () => this.actionListeners.delete(listener);
  }

  getInitialState(): State<G> {
    return this.initialState;
  }

  getState(): ClientState<G> | null {
    const state = (this.gameStateOverride ?? this.state) as TransientState<G> | null;
    return state === null ? null : clientView(this.game, state, this.playerID, this.log.entries());
  }

  overrideGameState(state: unknown): void {
    this.gameStateOverride = state;
    this.notify();
  }

  // ------------------------------------------------------------------ players and matches

  updatePlayerID(playerID: PlayerID | null | undefined): void {
    this.playerID = playerID;
    this.createDispatchers();
    this.notify();
  }

  updateMatchID(matchID: string): void {
    this.matchID = matchID;
    this.createDispatchers();
    this.notify();
  }

  updateCredentials(credentials: string | undefined): void {
    this.credentials = credentials;
    this.createDispatchers();
    this.notify();
  }

  /** Chat needs a server; the local client drops messages, as boardgame.io's does. */
  sendChatMessage(_payload: unknown): void {}

  // ------------------------------------------------------------------ actions

  readonly reset = (): void => this.dispatch(actions.reset(this.initialState));
  readonly undo = (): void => this.dispatch(actions.undo(this.assumedPlayerID(), this.credentials));
  readonly redo = (): void => this.dispatch(actions.redo(this.assumedPlayerID(), this.credentials));

  /** The client's player, or the current player when it has none (boardgame.io's single-player rule). */
  private assumedPlayerID(): PlayerID {
    return this.playerID === null || this.playerID === undefined
      ? (this.state.ctx as Ctx).currentPlayer
      : this.playerID;
  }

  private createDispatchers(): void {
    const moves: Record<string, (...args: unknown[]) => void> = {};
    for (const name of this.bound.compiled.moveNames) {
      moves[name] = (...args) => this.dispatch(actions.makeMove(name, args, this.assumedPlayerID(), this.credentials));
    }
    const events: Partial<Record<FlowEventType, (...args: unknown[]) => void>> = {};
    const disabled = this.game.events ?? {};
    for (const type of CLIENT_EVENT_ORDER) {
      if (disabled[type] === false) continue;
      events[type] = (...args) =>
        this.dispatch(actions.gameEvent(type, args, this.assumedPlayerID(), this.credentials));
    }
    this.moves = moves;
    this.events = events;
  }

  private dispatch(action: Action): void {
    const from = this.state;
    const { state, replay } = applyAction(this.bound, from, action);
    this.state = state as TransientState<G>;
    this.updateLog(action, state);
    this.updateChart(replay, from);
    for (const listener of this.actionListeners) listener(action, this.state);
    this.notify();
    if (state && state.transients !== undefined) {
      // boardgame.io strips the error right after its subscribers saw it, and tells them again.
      const { transients: _transients, ...rest } = state;
      this.state = rest as TransientState<G>;
      this.notify();
    }
  }

  private updateLog(action: Action, state: TransientState | null): void {
    switch (action.type) {
      case actions.MAKE_MOVE:
      case actions.GAME_EVENT:
      case actions.UNDO:
      case actions.REDO:
        this.log.append(state?.deltalog ?? []);
        return;
      case actions.RESET:
        this.log.replace([]);
        return;
      case actions.UPDATE: {
        const last = this.log.lastStateID();
        this.log.append(
          ((action as { deltalog?: LogEntry[] }).deltalog ?? []).filter((entry) => entry._stateID > last),
        );
        return;
      }
      case actions.SYNC: {
        const sync = action as { initialState?: State<G>; log?: LogEntry[] };
        if (sync.initialState) this.initialState = sync.initialState;
        this.log.replace(sync.log ?? []);
        return;
      }
    }
  }

  /** Bring the chart actor to the new state: replay an applied move or event, restore after anything else. */
  private updateChart(
    replay: { event: RequestEvent; tape: CallTape; outcome: FlowOutcome & { ok: true } } | undefined,
    from: State | null,
  ): void {
    if (!this.actor) return;
    const target = this.state;
    if (
      replay &&
      replayOn(
        this.actor,
        replay.event,
        replay.tape,
        from
          ? { outcome: replay.outcome, from: contextOf(from, this.bound.game), game: this.bound.compiled }
          : undefined,
      )
    ) {
      this.synced = target;
      return;
    }
    if (this.synced && this.synced.G === target.G && this.synced.ctx === target.ctx) return;
    this.actor.stop();
    this.actor = undefined;
    if (target) this.chart();
  }

  private notify(): void {
    for (const listener of this.storeListeners) listener();
    // Like boardgame.io, the player's view (and the log copy) is made only for subscribers.
    if (this.subscribers.size === 0) return;
    const state = this.getState();
    for (const fn of [...this.subscribers.values()]) fn(state);
  }
}

/** boardgame.io's `Client(opts)`. */
export function Client<G = any>(options: ClientOptions<G>): TurnchartClient<G> {
  return new TurnchartClient(options);
}
