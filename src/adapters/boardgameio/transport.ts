/**
 * What a multiplayer client talks to: boardgame.io 0.50's transport
 * interface, so `multiplayer: SocketIO({ server })` or `Local()` (and any
 * transport written for boardgame.io's client) plugs in. A transport carries
 * the client's actions, syncs and chat to a match master and hands back
 * what the master sends, as `{ type, args }` in the socket.io message's
 * argument order.
 */
import type { Operation } from 'rfc6902';
import type { PlayerID } from '../../machines';
import type { Action, BoardgameGame, LogEntry, State } from './types';

/** A seat as clients see it (boardgame.io's filtered match data). */
export interface SeatData {
  id: number;
  name?: string;
  data?: unknown;
  isConnected?: boolean;
}

export interface ChatMessage {
  id: string;
  sender: PlayerID | null | undefined;
  payload: unknown;
}

/** A `sync` reply: the match as this client may see it. */
export interface SyncInfo {
  state: State;
  filteredMetadata: SeatData[] | undefined;
  initialState: State;
  log: LogEntry[];
}

export type TransportData =
  | { type: 'sync'; args: [matchID: string, info: SyncInfo] }
  | { type: 'update'; args: [matchID: string, state: State, deltalog: LogEntry[]] }
  | {
      type: 'patch';
      args: [matchID: string, prevStateID: number, stateID: number, patch: Operation[], deltalog: LogEntry[]];
    }
  | { type: 'matchData'; args: [matchID: string, matchData: SeatData[]] }
  | { type: 'chat'; args: [matchID: string, message: ChatMessage] };

export interface TransportOpts {
  transportDataCallback: (data: TransportData) => void;
  /** The game object the client was given: transports that share a master key it by this. */
  gameKey: BoardgameGame;
  game: BoardgameGame;
  gameName?: string;
  playerID?: PlayerID | null;
  matchID?: string;
  credentials?: string;
  numPlayers?: number;
}

export type TransportFactory = (opts: TransportOpts) => Transport;

export abstract class Transport {
  isConnected = false;
  readonly gameName: string;
  playerID: PlayerID | null;
  matchID: string;
  credentials: string | undefined;
  readonly numPlayers: number;
  private readonly transportDataCallback: (data: TransportData) => void;
  private connectionStatusCallback: () => void = () => undefined;

  constructor({ transportDataCallback, gameName, playerID, matchID, credentials, numPlayers }: TransportOpts) {
    this.transportDataCallback = transportDataCallback;
    this.gameName = gameName || 'default';
    this.playerID = playerID || null;
    this.matchID = matchID || 'default';
    this.credentials = credentials;
    this.numPlayers = numPlayers || 2;
  }

  abstract connect(): void;
  abstract disconnect(): void;
  /** Send an action the client dispatched, made on `state` (its `_stateID` goes along). */
  abstract sendAction(state: State, action: Action): void;
  abstract sendChatMessage(matchID: string, message: ChatMessage): void;
  abstract requestSync(): void;

  /** The client changed match, seat or credentials: a sync brings the match as that client may see it. */
  updateMatchID(matchID: string): void {
    this.matchID = matchID;
    this.requestSync();
  }

  updatePlayerID(playerID: PlayerID | null): void {
    this.playerID = playerID;
    this.requestSync();
  }

  updateCredentials(credentials: string | undefined): void {
    this.credentials = credentials;
    this.requestSync();
  }

  subscribeToConnectionStatus(fn: () => void): void {
    this.connectionStatusCallback = fn;
  }

  /** Implementations call this when they connect or disconnect. */
  protected setConnectionStatus(isConnected: boolean): void {
    this.isConnected = isConnected;
    this.connectionStatusCallback();
  }

  /** Implementations call this with what the master sent. */
  protected notifyClient(data: TransportData): void {
    this.transportDataCallback(data);
  }
}
