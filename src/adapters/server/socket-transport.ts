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
import { Server as IOServer, type Socket } from 'socket.io';
import type { Broadcast, MatchMaster, Refused } from './match-master';
import { checkChat, checkSync, checkUpdate, type Checked } from './message-guards';
import { requestAllowed, type OriginRule } from './origins';
import { broadcastArgs, syncView } from './player-view';
import { PreEncoded, ReusingJson } from './reusing-json';
import { emitFramed } from './framed-writes';
import { jsonOnlyParser } from './socket-parser';
import { STORE_UNAVAILABLE, StoreTimeoutError } from './store-timeout';
import type { ServerGame, SyncInfo } from './types';

export interface SocketTransportOptions {
  /** Largest message a client may send, in bytes (default 1 MB). */
  maxMessageBytes?: number;
  /** Passed on to socket.io's Server. */
  socketOpts?: Record<string, unknown>;
}

interface Client {
  socket: Socket;
  game: ServerGame;
  matchID: string;
  playerID: string | null;
  credentials: string | undefined;
}

type Log = (message: string) => void;

function sameOrigin(request: IncomingMessage, origin: string): boolean {
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

export class SocketTransport {
  private io: IOServer | undefined;
  private master: MatchMaster | undefined;
  private readonly clients = new Map<string, Client>();
  private readonly rooms = new Map<string, Set<Client>>();
  private readonly encoders = new Map<string, Map<string | null, ReusingJson>>();
  /** Shutting down: clients leaving now are not recorded as disconnected (the store closes next). */
  private closing = false;
  /**
   * Updates are framed once and written to each WebSocket directly (framed-writes.ts), unless the
   * options change what socket.io sends: its own parser, an adapter, or connection state recovery
   * (which numbers each broadcast).
   */
  private readonly direct: boolean;

  constructor(
    private readonly games: readonly ServerGame[],
    private readonly options: SocketTransportOptions = {},
    private readonly log: Log = (message) => console.error(message),
  ) {
    const socketOpts = options.socketOpts ?? {};
    this.direct = !('parser' in socketOpts || 'adapter' in socketOpts || 'connectionStateRecovery' in socketOpts);
  }

  /** Serve the games' namespaces on `http`; `hooks` hear of every client that joins or leaves a match. */
  attach(
    http: HttpServer,
    master: MatchMaster,
    origins: OriginRule | undefined,
    hooks: { joined(matchID: string): void; left(matchID: string): void },
  ): IOServer {
    this.master = master;
    const io = new IOServer(http, {
      pingTimeout: 20_000,
      pingInterval: 10_000,
      maxHttpBufferSize: this.options.maxMessageBytes ?? 1_000_000,
      parser: jsonOnlyParser,
      cors: { origin: (origin, callback) => callback(null, origin === undefined || requestAllowed(origin, origins)) },
      allowRequest: (request, callback) => {
        const origin = request.headers.origin;
        callback(null, origin === undefined || requestAllowed(origin, origins) || sameOrigin(request, origin));
      },
      ...this.options.socketOpts,
    });
    this.io = io;
    for (const game of this.games) {
      io.of(`/${game.name}`).on('connection', (socket) => this.connect(socket, game, hooks));
    }
    return io;
  }

  close(): Promise<void> {
    this.closing = true;
    return new Promise((resolve) => (this.io ? this.io.close(() => resolve()) : resolve()));
  }

  private connect(
    socket: Socket,
    game: ServerGame,
    hooks: { joined(matchID: string): void; left(matchID: string): void },
  ): void {
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
      const previous = this.clients.get(socket.id);
      // Held from before the sync loads it, so the match stays in memory for this client's first move.
      hooks.joined(matchID);
      let added = false;
      try {
        const result = await master.sync({ matchID, gameName: game.name, playerID, credentials, numPlayers });
        if (!result.ok) settled(result);
        if (!socket.connected) return;
        if (previous) this.remove(previous, hooks);
        const client: Client = { socket, game, matchID, playerID: playerID ?? null, credentials };
        this.emitSync(client, result.ok ? result.value : undefined);
        this.add(client);
        added = true;
      } finally {
        if (!added) hooks.left(matchID);
      }
      await master.connectionChange(matchID, playerID, credentials, true);
    });

    guard('chat', async (args) => {
      const { matchID, message, credentials } = checked(checkChat(args));
      const client = this.clients.get(socket.id);
      if (!client || client.matchID !== matchID)
        throw { error: 'not synced', message: `sync to match ${matchID} before chatting in it` } satisfies Refused;
      settled(await master.chat(matchID, message, credentials));
    });

    socket.on('disconnect', () => {
      const client = this.clients.get(socket.id);
      if (!client) return;
      this.remove(client, hooks);
      if (this.closing) return;
      master
        .connectionChange(client.matchID, client.playerID, client.credentials, false)
        .catch((error) => this.log(`turnchart server: disconnect failed: ${String(error)}`));
    });
  }

  /** Register a synced client (its match is already held, see `sync`). */
  private add(client: Client): void {
    this.clients.set(client.socket.id, client);
    let room = this.rooms.get(client.matchID);
    if (!room) this.rooms.set(client.matchID, (room = new Set()));
    room.add(client);
  }

  private remove(client: Client, hooks: { left(matchID: string): void }): void {
    this.clients.delete(client.socket.id);
    const room = this.rooms.get(client.matchID);
    if (room?.delete(client)) {
      if (room.size === 0) {
        this.rooms.delete(client.matchID);
        this.encoders.delete(client.matchID);
      }
      hooks.left(client.matchID);
    }
  }

  private emitSync(client: Client, info: SyncInfo | undefined): void {
    if (!info) return;
    client.socket.emit('sync', client.matchID, syncView(client.game, client.playerID, info));
  }

  /**
   * Send a master's broadcast to every client of the match, each its own
   * view. Clients whose view is the same (every client, for a game without
   * `playerView` and a log without `redact`ed entries) get one message that
   * socket.io encodes once.
   */
  broadcast = (message: Broadcast): void => {
    const room = this.rooms.get(message.matchID);
    if (!room) return;
    const groups = new Map<string | null, { args: unknown[]; sockets: Socket[] }>();
    const shared = sameForEveryone(message, room.values().next().value!.game);
    for (const client of room) {
      const key = shared ? '*' : client.playerID;
      let group = groups.get(key);
      if (!group) {
        let args: unknown[];
        try {
          args = broadcastArgs(client.game, client.playerID, message);
        } catch (error) {
          this.log(
            `turnchart server: playerView failed for player ${client.playerID} of match ${message.matchID}: ${String(error)}`,
          );
          continue;
        }
        if (message.type === 'update')
          args[1] = new PreEncoded(this.encoderFor(message.matchID, key).stringify(args[1]));
        groups.set(key, (group = { args, sockets: [] }));
      }
      group.sockets.push(client.socket);
    }
    for (const { args, sockets } of groups.values()) {
      if (this.direct) emitFramed(sockets, message.type, args);
      else sockets[0].nsp.to(sockets.map((socket) => socket.id)).emit(message.type, ...args);
    }
  };

  /** The encoder of one view of a match's updates: it reuses the text of what the last update of that view held. */
  private encoderFor(matchID: string, key: string | null): ReusingJson {
    let views = this.encoders.get(matchID);
    if (!views) this.encoders.set(matchID, (views = new Map()));
    let encoder = views.get(key);
    if (!encoder) views.set(key, (encoder = new ReusingJson()));
    return encoder;
  }
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
