/**
 * boardgame.io 0.50's socket.io protocol, served by turnchart: one
 * namespace per game (`/<game name>`); clients send `sync`, `update` and
 * `chat`; the server sends `sync`, `update` (or `patch` for `deltaState`
 * games), `matchData` and `chat`, each filtered for the seat (or spectator)
 * it goes to. A malformed or refused message is answered with a
 * `turnchart.error` event (and through a socket.io acknowledgement when the
 * client asked for one) and changes nothing; no message a client sends can
 * throw out of a handler.
 */
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { Server as IOServer, type Namespace, type Socket } from 'socket.io';
import type { Broadcast, MatchMaster, Refused } from '../boardgameio/master/match-master';
import { checkChat, checkSync, checkUpdate, type Checked } from '../boardgameio/master/message-guards';
import { requestAllowed, type OriginRule } from './origins';
import { broadcastArgs, syncView } from '../boardgameio/master/player-view';
import { PreWritten, serverParser } from './socket-parser';
import { jsonAround, takeWrittenG } from './written-g';
import type { LogEntry, State } from '../boardgameio/types';
import { STORE_UNAVAILABLE, StoreTimeoutError } from './store-timeout';
import type { ServerGame } from '../boardgameio/master/types';

export interface SocketTransportOptions {
  /** Largest message a client may send, in bytes (default 1 MB). */
  maxMessageBytes?: number;
  /** Passed on to socket.io's Server. */
  socketOpts?: Record<string, unknown>;
}

/** What a synced socket holds in its `data`: the match it follows, as which seat. */
interface SyncedClient {
  matchID: string;
  playerID: string | null;
  credentials: string | undefined;
}

/** The socket.io room of a match's clients (prefixed: every socket is also in a room named by its own id). */
export const matchRoom = (matchID: string): string => `match:${matchID}`;

const syncedOf = (socket: Socket): SyncedClient | undefined => (socket.data as { synced?: SyncedClient }).synced;

type Log = (message: string) => void;

function sameOrigin(request: IncomingMessage, origin: string): boolean {
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

type Hooks = { joined(matchID: string): void; left(matchID: string): void };

export class SocketTransport {
  private io: IOServer | undefined;
  private master: MatchMaster | undefined;
  /** Each game's namespace. */
  private readonly namespaces = new Map<ServerGame, Namespace>();
  /** Shutting down: clients leaving now are not recorded as disconnected (the store closes next). */
  private closing = false;

  constructor(
    private readonly games: readonly ServerGame[],
    private readonly options: SocketTransportOptions = {},
    private readonly log: Log = (message) => console.error(message),
  ) {}

  /** Serve the games' namespaces on `http`; `hooks` hear of every client that joins or leaves a match. */
  attach(http: HttpServer, master: MatchMaster, origins: OriginRule | undefined, hooks: Hooks): IOServer {
    this.master = master;
    const io = new IOServer(http, {
      pingTimeout: 20_000,
      pingInterval: 10_000,
      maxHttpBufferSize: this.options.maxMessageBytes ?? 1_000_000,
      parser: serverParser,
      cors: { origin: (origin, callback) => callback(null, origin === undefined || requestAllowed(origin, origins)) },
      allowRequest: (request, callback) => {
        const origin = request.headers.origin;
        callback(null, origin === undefined || requestAllowed(origin, origins) || sameOrigin(request, origin));
      },
      ...this.options.socketOpts,
    });
    this.io = io;
    for (const game of this.games) {
      const nsp = io.of(`/${game.name}`);
      this.namespaces.set(game, nsp);
      nsp.on('connection', (socket) => this.connect(socket, game, hooks));
    }
    return io;
  }

  close(): Promise<void> {
    this.closing = true;
    return new Promise((resolve) => (this.io ? this.io.close(() => resolve()) : resolve()));
  }

  private connect(socket: Socket, game: ServerGame, hooks: Hooks): void {
    const master = this.master!;
    const guard = (name: string, handler: (args: unknown[]) => Promise<void>) => {
      socket.on(name, (...raw: unknown[]) => {
        const ack = typeof raw[raw.length - 1] === 'function' ? (raw.pop() as (reply: unknown) => void) : undefined;
        handler(raw)
          .then(() => ack?.({ ok: true }))
          .catch((error) => {
            const refused = refusalOf(error);
            if (error instanceof StoreTimeoutError) this.log(`turnchart server: ${name} failed: ${error.message}`);
            else if (!isRefused(error))
              this.log(`turnchart server: ${name} failed: ${(error as Error)?.stack ?? String(error)}`);
            socket.emit('turnchart.error', { request: name, ...refused });
            ack?.({ ok: false, ...refused });
          });
      });
    };
    const checked = <T>(result: Checked<T>): T => {
      if (!result.ok) throw { error: 'malformed message', message: result.error } satisfies Refused;
      return result.value;
    };
    const settled = (result: { ok: boolean } & Partial<Refused>) => {
      if (!result.ok) throw { error: result.error!, message: result.message! } satisfies Refused;
    };

    guard('update', async (args) => {
      const { action, stateID, matchID, playerID } = checked(checkUpdate(args));
      settled(await master.update(game.name, action, stateID, matchID, playerID));
    });

    guard('sync', async (args) => {
      const { matchID, playerID, credentials, numPlayers } = checked(checkSync(args));
      // Held from before the sync loads it, so the match stays in memory for this client's first move.
      hooks.joined(matchID);
      let added = false;
      try {
        const result = await master.sync({ matchID, gameName: game.name, playerID, credentials, numPlayers });
        if (!result.ok) settled(result);
        if (!socket.connected) return;
        this.leave(socket, hooks);
        const synced: SyncedClient = { matchID, playerID: playerID ?? null, credentials };
        if (result.ok) socket.emit('sync', matchID, syncView(game, synced.playerID, result.value));
        socket.data = { synced };
        socket.join(matchRoom(matchID));
        added = true;
      } finally {
        if (!added) hooks.left(matchID);
      }
      await master.connectionChange(matchID, playerID, credentials, true);
    });

    guard('chat', async (args) => {
      const { matchID, message, credentials } = checked(checkChat(args));
      if (syncedOf(socket)?.matchID !== matchID)
        throw { error: 'not synced', message: `sync to match ${matchID} before chatting in it` } satisfies Refused;
      settled(await master.chat(matchID, message, credentials));
    });

    socket.on('disconnect', () => {
      const client = this.leave(socket, hooks);
      if (!client || this.closing) return;
      master
        .connectionChange(client.matchID, client.playerID, client.credentials, false)
        .catch((error) => this.log(`turnchart server: disconnect failed: ${String(error)}`));
    });
  }

  /** Take the socket out of the match it followed (if any); returns what it followed. */
  private leave(socket: Socket, hooks: Hooks): SyncedClient | undefined {
    const synced = syncedOf(socket);
    if (!synced) return undefined;
    socket.data = {};
    socket.leave(matchRoom(synced.matchID));
    hooks.left(synced.matchID);
    return synced;
  }

  /**
   * Send a master's broadcast to every client of the match, each its own
   * view, through socket.io's rooms. Clients whose view is the same (every
   * client, for a game without `playerView` and a log without `redact`ed
   * entries) get one emit, which socket.io encodes and frames once.
   */
  broadcast = (message: Broadcast): void => {
    const room = matchRoom(message.matchID);
    // The text of G the store wrote, if it did: taken now, so none is kept (a patch, a match nobody follows).
    const gText = 'state' in message ? takeWrittenG(message.state.G) : undefined;
    for (const [game, nsp] of this.namespaces) {
      const ids = nsp.adapter.rooms.get(room);
      if (ids === undefined || ids.size === 0) continue;
      if (sameForEveryone(message, game)) {
        const args = this.argsFor(game, null, message);
        if (args && message.type === 'update') nsp.to(room).emit('update', writtenUpdate(args, gText));
        else if (args) nsp.to(room).emit(message.type, ...args);
        continue;
      }
      const views = new Map<string | null, string[]>();
      for (const id of ids) {
        const socket = nsp.sockets.get(id);
        const synced = socket && syncedOf(socket);
        if (synced === undefined) continue;
        const sockets = views.get(synced.playerID);
        if (sockets) sockets.push(id);
        else views.set(synced.playerID, [id]);
      }
      for (const [playerID, sockets] of views) {
        const args = this.argsFor(game, playerID, message);
        if (args) nsp.to(sockets).emit(message.type, ...args);
      }
    }
  };

  /** The message's arguments as `playerID` may see them; undefined (logged) when the game's playerView throws. */
  private argsFor(game: ServerGame, playerID: string | null, message: Broadcast): unknown[] | undefined {
    try {
      return broadcastArgs(game, playerID, message);
    } catch (error) {
      this.log(
        `turnchart server: playerView failed for player ${playerID} of match ${message.matchID}: ${String(error)}`,
      );
      return undefined;
    }
  }
}

/** An update's arguments (the state's G unfiltered) as text, with G's text when the store wrote it. */
function writtenUpdate(args: unknown[], gText: string | undefined): PreWritten {
  const [matchID, view, log] = args as [string, State, LogEntry[]];
  const json = jsonAround(view.G, gText, (G) => [matchID, { ...view, G }, log]);
  return new PreWritten(json.slice(1, -1));
}

/** Every client sees the same message: no playerView to apply, nothing redacted in the log. */
function sameForEveryone(message: Broadcast, game: ServerGame): boolean {
  if (message.type === 'matchData' || message.type === 'chat') return true;
  return game.playerView === undefined && !message.deltalog.some((entry) => entry.redact === true);
}

/** What the client is told of a failed request: its refusal, or that the server could not answer it. */
function refusalOf(error: unknown): Refused {
  if (isRefused(error)) return error;
  if (error instanceof StoreTimeoutError) return STORE_UNAVAILABLE;
  return { error: 'server error', message: 'the server could not handle the message' };
}

function isRefused(value: unknown): value is Refused {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as Refused).error === 'string' &&
    typeof (value as Refused).message === 'string'
  );
}
