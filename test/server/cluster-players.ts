/**
 * The players of the scale-out tests: boardgame.io clients of the duel that
 * record every state they are shown, the moves that play it, and a TCP
 * proxy standing for a load balancer. Whatever they open is closed by the
 * test's afterEach through `opened`.
 */
import { createServer, connect, type Server as NetServer, type Socket as NetSocket } from 'node:net';
import { discardDuel } from '../boardgameio/games/discard-duel';
import { bgioClient, bgioCore, bgioMultiplayer, waitFor } from './support';

/** What a test opened, to close after it whatever happened. */
export const opened: (() => unknown)[] = [];

/** A TCP proxy to `target()`'s port: the address A's clients keep while A is replaced by B. */
export async function proxy(target: () => number): Promise<NetServer> {
  const open = new Set<NetSocket>();
  const server = createServer((client) => {
    const upstream = connect(target(), '127.0.0.1');
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ]) {
      open.add(from);
      from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => (to.destroy(), open.delete(from)));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  opened.push(() => (server.close(), open.forEach((socket) => socket.destroy())));
  return server;
}

export const stateID = (client: any) => client.getState()?._stateID ?? -1;
export const view = (client: any) => ({
  G: client.getState().G,
  ctx: client.getState().ctx,
  stateID: client.getState()._stateID,
});

/** The next action of the duel, by whoever may act; returns what was sent. */
export function step(clients: any[]): {
  stateID: number;
  playerID: string;
  type: string;
} {
  const { G, ctx } = clients[0].getState();
  const at = stateID(clients[0]);
  const act = (seat: string, type: string, send: (client: any) => void) => (
    send(clients[Number(seat)]),
    { stateID: at, playerID: seat, type }
  );
  if (ctx.activePlayers) return act(Object.keys(ctx.activePlayers)[0], 'discard', (c) => c.moves.discard(0));
  if (ctx.phase === 'draw') return act(ctx.currentPlayer, 'drawCard', (c) => c.moves.drawCard());
  if (G.hands[ctx.currentPlayer].length > 0) return act(ctx.currentPlayer, 'playCard', (c) => c.moves.playCard(0));
  return act(ctx.currentPlayer, 'endTurn', (c) => c.events.endTurn());
}

export async function play(clients: any[], actions: number, sent: ReturnType<typeof step>[] = []): Promise<void> {
  for (let i = 0; i < actions && clients[0].getState().ctx.gameover === undefined; i++) {
    const before = stateID(clients[0]);
    sent.push(step(clients));
    // Until every client shows the server's state (a client's own move shows first as its local guess).
    const agreed = () => JSON.stringify(view(clients[0]));
    await waitFor(
      () => clients.every((client) => stateID(client) > before && JSON.stringify(view(client)) === agreed()),
      `action ${i} to reach every client`,
    );
  }
}

export function duelClient(url: string, matchID: string, seat: { playerID: string; playerCredentials: string }) {
  const client = bgioClient.Client({
    game: discardDuel(bgioCore),
    multiplayer: bgioMultiplayer.SocketIO({
      server: url,
      socketOpts: {
        transports: ['websocket'],
        reconnectionDelay: 50,
        reconnectionDelayMax: 200,
      },
    }),
    matchID,
    playerID: seat.playerID,
    credentials: seat.playerCredentials,
    debug: false,
  });
  // Every state the client is shown, in the order it is shown.
  const seen: number[] = [];
  client.subscribe(() => {
    const id = client.getState()?._stateID;
    if (id !== undefined && id !== seen[seen.length - 1]) seen.push(id);
  });
  client.start();
  opened.push(() => client.stop());
  return Object.assign(client, { seen });
}

export const increasing = (ids: number[]) => ids.every((id, i) => i === 0 || id > ids[i - 1]);
export const contiguous = (ids: number[]) => ids.every((id, i) => i === 0 || id === ids[i - 1] + 1);

/** After a server died: until every client is connected again, at or past `acknowledged`, and all show one state. */
export async function awaitResync(clients: any[], acknowledged: number): Promise<void> {
  await waitFor(
    () => clients.every((client) => client.getState().isConnected && stateID(client) >= acknowledged),
    'the clients to resync',
  );
  await waitFor(
    () => clients.every((client) => JSON.stringify(view(client)) === JSON.stringify(view(clients[0]))),
    'the clients to agree',
  );
}
