/**
 * boardgame.io 0.50's `Client`, on turnchart. The match's state is
 * boardgame.io's (G, ctx, plugins, undo/redo stacks, log) and is worked out by
 * the reducer (reducer.ts); the match's chart runs in an xstate actor that
 * takes every accepted move and event as a named transition (pass `inspect`
 * to watch it), with the game code replayed rather than run twice.
 *
 * A local client works from construction on, as boardgame.io's does; `stop`
 * stops the chart actor (the match goes on) and `start` brings it back.
 * With `multiplayer` (SocketIO or Local), a master holds the match: the
 * state is null until `start` connects and the first sync arrives, moves run
 * on the client at once (client-reducer.ts) and go to the master, whose
 * updates replace the state (multiplayer-link.ts).
 */
import type { Ctx, FlowEventType, PlayerID, SeatTime } from '../../machines';
import * as actions from './action-creators';
import type { ChartActor } from './chart-actor';
import { ChartFollower } from './chart-follower';
import { clientDispatchers, type Dispatchers } from './client-dispatchers';
import { ClientLog } from './client-log';
import { ClientTime } from './client-time';
import { clientView, type ClientState } from './client-view';
import { seatCount, startMatch } from './match-start';
import { applyClientAction } from './client-reducer';
import { chatMessageID, openTransport } from './multiplayer-link';
import { applyAction } from './reducer';
import { withoutTransients } from './state-keys';
import { bindGame, type BoundGame } from './taped-game';
import type { ChatMessage, SeatData, Transport, TransportFactory } from './transport';
import type { Action, BoardgameGame, ClientStore, LogEntry, State, TransientState } from './types';
import type { ClientOptions } from './client-options';

export type { ClientOptions };

type Subscriber<G> = (state: ClientState<G> | null) => void;

/** Hears every action the client applies, with the state it led to (before a refusal's error is stripped). */
export type ActionListener<G> = (action: Action, state: TransientState<G>) => void;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- boardgame.io's default: an untyped game reads G freely
export class TurnchartClient<G = any> {
  readonly game: BoardgameGame<G>;
  readonly numPlayers: number;
  playerID: PlayerID | null | undefined;
  matchID: string;
  credentials: string | undefined;
  readonly multiplayer: TransportFactory | undefined;
  readonly debugOpt: unknown;
  moves: Record<string, (...args: unknown[]) => void> = {};
  events: Partial<Record<FlowEventType, (arg?: unknown) => void>> = {};
  /** Custom plugin actions: none (custom plugins are not supported). */
  plugins: Record<string, never> = {};
  /** The match's chat (multiplayer), a new array with every message. */
  chatMessages: ChatMessage[] = [];
  /** The match's seats as its master tells them (multiplayer). */
  matchData: SeatData[] | undefined = undefined;
  /** A redux-like view of the match's store. */
  readonly store: ClientStore<G>;

  private readonly bound: BoundGame;
  private initialState: State<G> | null = null;
  private state: TransientState<G> | null = null;
  private readonly transport: Transport | undefined;
  private running = false;
  private readonly clientLog = new ClientLog();
  private readonly chartFollower: ChartFollower;
  /** Replaced, never changed: a notification walks the list as it began, uncopied; one entry per subscribe call. */
  private subscribers: readonly { fn: Subscriber<G> }[] = [];
  private readonly storeListeners = new Set<() => void>();
  private readonly actionListeners = new Set<ActionListener<G>>();
  private gameStateOverride: unknown = null;
  private readonly time: ClientTime;

  constructor(options: ClientOptions<G>) {
    const { game, numPlayers, playerID, matchID, credentials, debug, multiplayer, enhancer, inspect, strict } = options;
    if (enhancer !== undefined)
      throw new Error('turnchart/boardgameio: `enhancer` is not supported (there is no redux store)');
    this.game = game;
    this.bound = bindGame(game, strict);
    this.numPlayers = seatCount(numPlayers || 2);
    this.playerID = playerID;
    this.matchID = matchID || 'default';
    this.credentials = credentials;
    this.debugOpt = debug;
    this.chartFollower = new ChartFollower(this.bound, inspect);
    this.multiplayer = multiplayer || undefined;
    this.time = new ClientTime(this.bound.compiled.timed, !multiplayer, options.clock, (now) =>
      this.dispatch(actions.timeout(now)),
    );
    this.store = {
      getState: () => this.state,
      dispatch: (action) => this.dispatch(action),
      subscribe: (listener) => {
        this.storeListeners.add(listener);
        return () => this.storeListeners.delete(listener);
      },
    };
    this.createDispatchers();
    if (this.multiplayer) {
      this.transport = openTransport(this, this.multiplayer, () => this.notify());
      return;
    }
    const start = startMatch(this.bound, numPlayers || 2, undefined, this.time.requestTime());
    this.initialState = start.state;
    this.state = this.initialState;
    if (inspect) this.chartFollower.startWith(start, this.matchID);
    this.time.follow(this.state);
  }

  // ------------------------------------------------------------------ lifecycle

  /**
   * Without `inspect`, the chart actor is made the first time `chart()` is
   * called (from the current state) and follows every action from then on;
   * a match nobody watches does not pay for it.
   */
  start(): void {
    if (this.transport) {
      this.transport.connect();
      this.running = true;
    } else if (this.chartFollower.inspect) this.chart();
    this.time.follow(this.state);
  }

  stop(): void {
    this.time.clear();
    this.chartFollower.stop();
    this.transport?.disconnect();
    this.running = false;
  }

  /** The running actor of the match's chart (restored from the current state if it was stopped). */
  chart(): ChartActor {
    return this.chartFollower.actorFor(this.state);
  }

  // ------------------------------------------------------------------ state

  subscribe(fn: Subscriber<G>): () => void {
    const entry = { fn };
    this.subscribers = this.subscribers.concat(entry);
    // A multiplayer client says nothing before it is started, as boardgame.io's.
    if (this.running || !this.transport) fn(this.getState());
    return () => {
      this.subscribers = this.subscribers.filter((other) => other !== entry);
    };
  }

  /** Hear every action applied (debug panels, recorders); returns the unsubscribe. */
  onAction(listener: ActionListener<G>): () => void {
    this.actionListeners.add(listener);
    return () => this.actionListeners.delete(listener);
  }

  /** The match's first state; a multiplayer client has it from its first sync on. */
  getInitialState(): State<G> | null {
    return this.initialState;
  }

  getState(): ClientState<G> | null {
    const state = (this.gameStateOverride ?? this.state) as TransientState<G> | null;
    if (state === null) return null;
    const { transport } = this;
    // A local client's view options are the default: no object per notification.
    const options = transport ? { multiplayer: true, isConnected: transport.isConnected ?? false } : undefined;
    return clientView(this.game, state, this.playerID, this.clientLog.entries(), options);
  }

  /** The match's log, as boardgame.io's `client.log`: the array `getState()` shows, new after each action. */
  get log(): LogEntry[] {
    return this.clientLog.entries();
  }

  /** turnchart: the client's time (its clock's). */
  now(): number {
    return this.time.clock.now();
  }

  /** turnchart: whether the game has time limits or clocks. */
  get timed(): boolean {
    return this.bound.compiled.timed;
  }

  /** turnchart: each seat's remaining time at `now` (default: the client's clock) in a game with time limits. */
  timeLeft(now?: number): Record<PlayerID, SeatTime> | undefined {
    return this.time.left(this.state, now);
  }

  overrideGameState(state: unknown): void {
    this.gameStateOverride = state;
    this.notify();
  }

  // ------------------------------------------------------------------ players and matches

  updatePlayerID(playerID: PlayerID | null | undefined): void {
    // The dispatchers read the player when called: hot-seat play switches players before every move.
    this.playerID = playerID;
    this.transport?.updatePlayerID(playerID ?? null);
    this.notify();
  }

  updateMatchID(matchID: string): void {
    this.matchID = matchID;
    this.createDispatchers();
    this.transport?.updateMatchID(matchID);
    this.notify();
  }

  updateCredentials(credentials: string | undefined): void {
    this.credentials = credentials;
    this.createDispatchers();
    this.transport?.updateCredentials(credentials);
    this.notify();
  }

  /** A chat message to the match's players (a local client has nobody to tell, as boardgame.io's). */
  readonly sendChatMessage = (payload: unknown): void => {
    this.transport?.sendChatMessage(this.matchID, { id: chatMessageID(), sender: this.playerID, payload });
  };

  // ------------------------------------------------------------------ actions

  readonly reset = (): void => this.dispatch(actions.reset(this.initialState as State<G>));
  readonly undo = (): void => this.dispatch(actions.undo(this.assumedPlayerID(), this.credentials));
  readonly redo = (): void => this.dispatch(actions.redo(this.assumedPlayerID(), this.credentials));

  /** The client's player, or (local clients) the current player when it has none: boardgame.io's single-player rule. */
  private assumedPlayerID(): PlayerID | null | undefined {
    if (this.transport || (this.playerID !== null && this.playerID !== undefined)) return this.playerID;
    return (this.state!.ctx as Ctx).currentPlayer;
  }

  private createDispatchers(): void {
    const { game, bound, credentials } = this;
    const made = clientDispatchers(
      game,
      bound.compiled.moveNames,
      (action) => this.dispatch(action),
      () => this.assumedPlayerID(),
      credentials,
    );
    this.moves = made.moves;
    this.events = this.offeredEvents(made.events);
  }

  /** The `events` the client offers, from those made for its match (turnchart/legacy's client translates them). */
  protected offeredEvents(events: Dispatchers['events']): TurnchartClient['events'] {
    return events;
  }

  private dispatch(action: Action): void {
    const from = this.state;
    const { state, replay } = this.transport
      ? applyClientAction(this.bound, from, action)
      : applyAction(this.bound, from, action, undefined, this.time.requestTime(), this.chartFollower.following);
    this.state = state as TransientState<G> | null;
    const initialState = this.clientLog.follow(action, state);
    if (initialState) this.initialState = initialState;
    this.chartFollower.follow(replay, from, state, !!this.transport);
    if (state !== from) this.time.follow(state);
    if (state && this.actionListeners.size > 0) for (const listener of this.actionListeners) listener(action, state);
    // Made on `from`: the master checks its `_stateID`. (Before the first sync there is nothing to act on.)
    if (this.transport && from !== null && !('clientOnly' in action) && action.type !== actions.STRIP_TRANSIENTS)
      this.transport.sendAction(from, action);
    this.notify();
    if (state && state.transients !== undefined) {
      // boardgame.io strips the error right after its subscribers saw it, and tells them again.
      this.state = withoutTransients(state) as TransientState<G>;
      this.notify();
    }
  }

  private notify(): void {
    if (this.storeListeners.size > 0) for (const listener of this.storeListeners) listener();
    // Like boardgame.io, the player's view (and the log copy) is made only for subscribers.
    const subscribers = this.subscribers;
    if (subscribers.length === 0) return;
    const state = this.getState();
    for (let i = 0; i < subscribers.length; i++) subscribers[i].fn(state);
  }
}

/** boardgame.io's `Client(opts)`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- boardgame.io's default: an untyped game reads G freely
export function Client<G = any>(options: ClientOptions<G>): TurnchartClient<G> {
  return new TurnchartClient(options);
}
