/** A client of the server's socket and lobby that sends what it likes, as a hostile one would: raw messages, own credentials. */
import { bgioClient, ioClient } from './support';

export type Socket = {
  emit(...args: unknown[]): void;
  on(event: string, fn: (...args: any[]) => void): void;
  once(event: string, fn: (...args: any[]) => void): void;
  close(): void;
  connected: boolean;
};

/** Opens sockets to, and joins matches on, the server at `url()` (read when called: the server starts in beforeAll). */
export function rawClients(url: () => string) {
  return {
    async socketTo(gameName: string, extraHeaders?: Record<string, string>): Promise<Socket> {
      const socket = ioClient.io(`${url()}/${gameName}`, {
        transports: ['websocket'],
        reconnection: false,
        extraHeaders,
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', (error: Error) => reject(error));
      });
      return socket;
    },
    /** A two-seat match of `gameName`, both seats joined; their credentials in seat order. */
    async joined(gameName: string) {
      const lobby = new bgioClient.LobbyClient({ server: url() });
      const { matchID } = await lobby.createMatch(gameName, { numPlayers: 2 });
      const a = await lobby.joinMatch(gameName, matchID, { playerName: 'a' });
      const b = await lobby.joinMatch(gameName, matchID, { playerName: 'b' });
      return { lobby, matchID, credentials: [a.playerCredentials, b.playerCredentials] };
    },
  };
}

/** Send a message and resolve with the server's `turnchart.error` reply. */
export function refusal(
  socket: Socket,
  event: string,
  ...args: unknown[]
): Promise<{ request: string; error: string; message: string }> {
  // No deadline: a server that never answers leaves the test to jest's timeout.
  return new Promise((resolve) => {
    socket.once('turnchart.error', resolve);
    socket.emit(event, ...args);
  });
}

/** Sync and resolve with the state sent back. */
export function synced(socket: Socket, matchID: string, playerID: string | null, credentials?: string): Promise<any> {
  return new Promise((resolve) => {
    socket.once('sync', (_matchID: string, info: any) => resolve(info.state));
    socket.emit('sync', matchID, playerID, credentials, 2);
  });
}

export const move = (type: string, args: unknown[], playerID: string, credentials?: string) => ({
  type: 'MAKE_MOVE',
  payload: { type, args, playerID, credentials },
});
