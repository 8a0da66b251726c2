/**
 * `SocketIO({ server, socketOpts })`: boardgame.io 0.50's socket.io
 * transport, for turnchart's server or boardgame.io's own. The client joins
 * the game's namespace (`<server>/<game name>`), asks for a sync on every
 * (re)connection, sends `update` and `chat`, and hears `sync`, `update`,
 * `patch`, `matchData` and `chat`.
 *
 * socket.io-client is loaded on the first `connect`, so a process or a
 * bundle that never connects does not load it. turnchart's server answers a
 * refused `update` with `turnchart.error`; the transport then asks for a
 * sync, which puts back the master's state in place of the client's guess
 * (boardgame.io's client keeps its guess until the next update).
 */
import { Transport, type ChatMessage, type TransportFactory, type TransportOpts } from '../transport';
import type { Action, State } from '../types';

/** The part of a socket.io-client socket the transport uses. */
interface ClientSocket {
  on(event: string, listener: (...args: any[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  close(): unknown;
}

export interface SocketIOOptions {
  /** The game server, `host:port` or a URL; the page's own origin when left out. */
  server?: string;
  /** Passed on to socket.io-client's `io()`. */
  socketOpts?: Record<string, unknown>;
}

/** The namespace URL of a game on `server`, as boardgame.io builds it. */
export function namespaceURL(server: string | undefined, gameName: string): string {
  if (!server) return `/${gameName}`;
  let base = /^https?:\/\//.test(server) ? server : `http://${server}`;
  if (!base.endsWith('/')) base += '/';
  return base + gameName;
}

const MESSAGES = ['sync', 'update', 'patch', 'matchData', 'chat'] as const;

class SocketIOTransport extends Transport {
  private socket: ClientSocket | undefined;
  /** The connection being opened (socket.io-client loading); a `disconnect` meanwhile cancels it. */
  private opening: object | undefined;

  constructor(
    private readonly options: SocketIOOptions,
    opts: TransportOpts,
  ) {
    super(opts);
  }

  connect(): void {
    if (this.socket || this.opening) return;
    const opening = (this.opening = {});
    import('socket.io-client')
      .then(({ io }) => {
        if (this.opening !== opening) return;
        this.opening = undefined;
        this.listen(
          io(namespaceURL(this.options.server, this.gameName), this.options.socketOpts) as unknown as ClientSocket,
        );
      })
      .catch((error) => console.error(`turnchart: could not load socket.io-client: ${String(error)}`));
  }

  private listen(socket: ClientSocket): void {
    this.socket = socket;
    for (const type of MESSAGES) socket.on(type, (...args: unknown[]) => this.notifyClient({ type, args } as never));
    socket.on('connect', () => {
      this.requestSync();
      this.setConnectionStatus(true);
    });
    socket.on('disconnect', () => this.setConnectionStatus(false));
    socket.on('turnchart.error', (error: { request?: unknown } | null) => {
      if (error?.request === 'update') this.requestSync();
    });
  }

  disconnect(): void {
    this.opening = undefined;
    this.socket?.close();
    this.socket = undefined;
    this.setConnectionStatus(false);
  }

  sendAction(state: State, action: Action): void {
    this.socket?.emit('update', action, state._stateID, this.matchID, this.playerID);
  }

  sendChatMessage(matchID: string, message: ChatMessage): void {
    this.socket?.emit('chat', matchID, message, this.credentials);
  }

  requestSync(): void {
    this.socket?.emit('sync', this.matchID, this.playerID, this.credentials, this.numPlayers);
  }
}

/** boardgame.io's `SocketIO()`: a transport factory for the `multiplayer` option. */
export function SocketIO(options: SocketIOOptions = {}): TransportFactory {
  return (opts) => new SocketIOTransport(options, opts);
}
