/**
 * Clients on every socket.io transport — long-polling, upgrading from it
 * (boardgame.io's client's default), WebSocket — play one match and get
 * every update in order.
 */
import * as turnchart from 'turnchart';
import { ticTacToe } from '../boardgameio/games/tic-tac-toe';
import { bgioClient, bgioCore, bgioMultiplayer, removeDir, silenceConsole, startServer, waitFor } from './support';

silenceConsole();

test('seats on long-polling, on an upgraded connection and on WebSocket play one match', async () => {
  const running = await startServer({ games: [ticTacToe(turnchart as any)] });
  try {
    const lobby = new bgioClient.LobbyClient({ server: running.url });
    const { matchID } = await lobby.createMatch('tic-tac-toe', { numPlayers: 2 });
    const seats = [];
    for (let seat = 0; seat < 2; seat++)
      seats.push(await lobby.joinMatch('tic-tac-toe', matchID, { playerName: `p${seat}` }));
    const client = (transports: string[] | undefined, playerID: string | null, credentials?: string) => {
      const c = bgioClient.Client({
        game: ticTacToe(bgioCore),
        multiplayer: bgioMultiplayer.SocketIO({
          server: running.url,
          socketOpts: { reconnection: false, ...(transports ? { transports } : {}) },
        }),
        debug: false,
        matchID,
        playerID,
        credentials,
      });
      c.start();
      return c;
    };
    const polling = client(['polling'], seats[0].playerID, seats[0].playerCredentials);
    const upgrading = client(undefined, seats[1].playerID, seats[1].playerCredentials);
    const websocket = client(['websocket'], null);
    const all = [polling, upgrading, websocket];
    await waitFor(() => all.every((c) => c.getState()), 'sync');
    // Counted after boardgame.io's own handler has taken each update (it listens first).
    const updates = all.map(() => 0);
    all.forEach((c, i) => c.transport.socket.on('update', () => updates[i]++));
    // A draw: nine moves, alternating, each seen by every client before the next (the mover's own
    // optimistic state runs ahead of the server's update, so count the updates).
    const cells = [0, 1, 2, 4, 3, 5, 7, 6, 8];
    for (const [n, cell] of cells.entries()) {
      (n % 2 === 0 ? polling : upgrading).moves.clickCell(cell);
      await waitFor(() => updates.every((count) => count === n + 1), `move ${n + 1} everywhere`);
    }
    const final = websocket.getState();
    expect(final.ctx.gameover).toEqual({ draw: true });
    for (const c of all) expect({ G: c.getState().G, ctx: c.getState().ctx }).toEqual({ G: final.G, ctx: final.ctx });
    expect(updates).toEqual([9, 9, 9]);
    expect(upgrading.transport.socket.io.engine.transport.name).toBe('websocket');
    // Closed before the server stops: a long-polling client whose server goes away first
    // would send its close packet from an error handler after the test has ended.
    const engines = all.map((c) => c.transport.socket.io.engine);
    for (const c of all) c.stop();
    await waitFor(() => engines.every((engine: any) => engine.readyState === 'closed'), 'clients closed');
  } finally {
    await running.stop();
    removeDir(running.dir);
  }
});
