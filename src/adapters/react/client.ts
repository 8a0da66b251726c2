/**
 * boardgame.io 0.50's React `Client`, on turnchart: the same options and the
 * same board props, so a board written for boardgame.io renders unchanged.
 * The match runs in turnchart/boardgameio's Client; this file only wraps it
 * in a component, as boardgame.io's React client wraps its own. With
 * `multiplayer` (SocketIO or Local), the `loading` component shows until
 * the first sync, and the board gets isMultiplayer, isConnected, matchData
 * and the chat.
 *
 * With `debug` on (the default, as in boardgame.io), the live chart sits
 * beside the board: the inspector page (debug/panel.ts), loaded lazily and
 * only when `process.env.NODE_ENV !== 'production'`, a check bundlers fold,
 * so production builds leave the panel out.
 */
import { Component, createElement as h, Fragment, lazy, Suspense, type ComponentType } from 'react';
import { TurnchartClient, type ClientOptions } from '../boardgameio/client';
import type { ClientState } from '../boardgameio/client-view';
import type { BoardgameGame } from '../boardgameio/types';
import type { PlayerID, SeatTime } from '../../machines';
import { DebugBuffer } from './debug-buffer';
import { TICK_MS } from './use-game';

export interface DebugOptions {
  /** Start with the panel folded. */
  collapseOnLoad?: boolean;
  /** No button to fold the panel. */
  hideToggleButton?: boolean;
}

/** What a board receives: boardgame.io's board props. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- boardgame.io's default: an untyped game reads G freely
export type BoardProps<G = any> = ClientState<G> & {
  moves: TurnchartClient<G>['moves'];
  events: TurnchartClient<G>['events'];
  reset: () => void;
  undo: () => void;
  redo: () => void;
  playerID: PlayerID | null | undefined;
  matchID: string;
  matchData: unknown;
  sendChatMessage: (payload: unknown) => void;
  chatMessages: unknown[];
  isMultiplayer: boolean;
  credentials?: string | null;
  debug?: boolean | DebugOptions;
  /** turnchart: in a game with time limits, what is left of each seat's time, counting down (`client.timeLeft()`). */
  timeLeft?: Record<PlayerID, SeatTime>;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- boardgame.io's default: an untyped game reads G freely
export interface ReactClientOptions<G = any, P extends BoardProps<G> = BoardProps<G>> extends Omit<
  ClientOptions<G>,
  'matchID' | 'playerID' | 'credentials' | 'debug' | 'inspect'
> {
  game: BoardgameGame<G>;
  board?: ComponentType<P>;
  /** Shown while there is no state yet. */
  loading?: ComponentType;
  debug?: boolean | DebugOptions;
}

/** The wrapped board's own props: who plays, in which match; anything else goes on to the board. */
export interface WrappedBoardProps {
  matchID?: string;
  playerID?: PlayerID | null;
  credentials?: string | null;
  debug?: boolean | DebugOptions;
  [prop: string]: unknown;
}

const loadPanel = process.env.NODE_ENV !== 'production' ? () => import('./debug/panel') : undefined;
const DebugPanel = loadPanel ? lazy(loadPanel) : undefined;

const Loading = () => h('div', { className: 'bgio-loading' }, 'connecting...');

/** boardgame.io's `Client(opts)` from `boardgame.io/react`: a component class that renders `board` with the match's props. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- boardgame.io's default: an untyped game reads G freely
export function Client<G = any, P extends BoardProps<G> = BoardProps<G>>(
  opts: ReactClientOptions<G, P>,
): ComponentType<WrappedBoardProps> {
  const { board, loading = Loading, debug: debugOpt, ...clientOptions } = opts;
  const isMultiplayer = !!opts.multiplayer;

  class WrappedBoard extends Component<WrappedBoardProps> {
    static defaultProps = { matchID: 'default', playerID: null, credentials: null, debug: true };
    readonly client: TurnchartClient<G>;
    private readonly buffer: DebugBuffer | undefined;
    private readonly debug: boolean | DebugOptions;
    private unsubscribe: (() => void) | undefined;

    constructor(props: WrappedBoardProps) {
      super(props);
      this.debug = debugOpt ?? props.debug ?? true;
      // The panel follows the chart actor and the client's actions from the match's start.
      this.buffer = this.debug && DebugPanel ? new DebugBuffer() : undefined;
      this.client = new TurnchartClient<G>({
        ...clientOptions,
        matchID: props.matchID,
        playerID: props.playerID,
        credentials: props.credentials ?? undefined,
        ...(this.buffer ? { inspect: this.buffer.inspect } : {}),
      });
      const { buffer, client } = this;
      if (buffer)
        client.onAction((action, state) => buffer.action({ action, state, log: client.getState()?.log ?? [] }));
    }

    private ticker: ReturnType<typeof setInterval> | undefined;

    override componentDidMount(): void {
      this.unsubscribe = this.client.subscribe(() => this.forceUpdate());
      this.client.start();
      // A game with time limits: the countdown renders again while the game goes on.
      if (this.client.timed)
        this.ticker = setInterval(() => {
          if (this.client.getState()?.ctx.gameover === undefined) this.forceUpdate();
        }, TICK_MS);
    }

    override componentWillUnmount(): void {
      clearInterval(this.ticker);
      this.client.stop();
      this.unsubscribe?.();
    }

    override componentDidUpdate(prev: WrappedBoardProps): void {
      const { matchID, playerID, credentials } = this.props;
      if (matchID != prev.matchID) this.client.updateMatchID(matchID!);
      if (playerID != prev.playerID) this.client.updatePlayerID(playerID);
      if (credentials != prev.credentials) this.client.updateCredentials(credentials ?? undefined);
    }

    override render() {
      const state = this.client.getState();
      if (state === null) return h(loading);
      const { client } = this;
      const rendered = board
        ? h(board as ComponentType<BoardProps<G>>, {
            ...state,
            ...this.props,
            isMultiplayer,
            moves: client.moves,
            events: client.events,
            matchID: client.matchID,
            playerID: client.playerID,
            reset: client.reset,
            undo: client.undo,
            redo: client.redo,
            log: state.log,
            matchData: client.matchData,
            sendChatMessage: (payload: unknown) => client.sendChatMessage(payload),
            chatMessages: client.chatMessages,
            timeLeft: client.timeLeft(),
          })
        : null;
      const wrapped = h('div', { className: 'bgio-client' }, rendered);
      if (!this.buffer || !DebugPanel) return wrapped;
      const options = typeof this.debug === 'object' ? this.debug : {};
      const panel = h(DebugPanel, {
        client: client as TurnchartClient,
        buffer: this.buffer,
        collapseOnLoad: options.collapseOnLoad,
        hideToggleButton: options.hideToggleButton,
      });
      return h(Fragment, null, wrapped, h(Suspense, { fallback: null }, panel));
    }
  }
  return WrappedBoard;
}
