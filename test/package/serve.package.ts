/**
 * Serving from the installed package: `npx turnchart serve game.js` on its
 * SQLite default, with boardgame.io 0.50.2's LobbyClient and socket.io
 * Client creating, joining and playing a match across a `kill -9` and a
 * restart on the same file; `Server` from `turnchart/server` under `import`
 * and under `require`; and, in the project without the SQLite driver, the
 * one command that adds it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bgioClient, bgioSeat, killStarted, lobbyMatch, projects, run, serve, start, untilState } from './support';

const { app, engine } = projects();
const TicTacToe = require(join(app, 'game.js'));

afterAll(killStarted);

/** `seat` marks `cell`; resolves once the other seat, which sees only what the server sends, shows it. */
async function mark(clients: any[], seat: number, cell: number) {
  clients[seat].moves.clickCell(cell);
  await untilState(clients[1 - seat], (state) => state.G.cells[cell] === String(seat));
}

test('npx turnchart serve game.js: a match created, joined and played by boardgame.io clients goes on after kill -9 and a restart', async () => {
  let server = await serve(app, ['game.js', '--port', '0']);
  const dbFile = join(app, '.turnchart', 'matches.sqlite');
  expect(server.running.output()).toContain(`(matches: ${dbFile})`);
  const { lobby, matchID, seats } = await lobbyMatch(server.url, 'tic-tac-toe');
  const clients = seats.map((seat) => bgioSeat(TicTacToe, server.url, matchID, seat));
  await Promise.all(clients.map((client) => untilState(client, (state) => state.isConnected)));
  await mark(clients, 0, 0);
  await mark(clients, 1, 4);

  await server.running.kill9();
  await Promise.all(clients.map((client) => untilState(client, (state) => !state.isConnected)));
  expect(existsSync(dbFile)).toBe(true);
  server = await serve(app, ['game.js', '--port', String(server.port)]);
  await Promise.all(clients.map((client) => untilState(client, (state) => state.isConnected)));

  const match = await lobby.getMatch('tic-tac-toe', matchID);
  expect(match.players.map((player: { name?: string }) => player.name)).toEqual(['ada', 'bo']);
  await mark(clients, 0, 1);
  await mark(clients, 1, 5);
  clients[0].moves.clickCell(2);
  const over = await Promise.all(clients.map((client) => untilState(client, (state) => state.ctx.gameover && state)));
  for (const state of over) {
    expect(state.ctx.gameover).toEqual({ winner: '0' });
    expect(state.G.cells).toEqual(['0', '0', '0', null, '1', '1', null, null, null]);
  }
  for (const client of clients) client.stop();
  await server.running.stop();
});

describe.each([
  ['import', 'server.mjs'],
  ['require', 'server.cjs'],
])('Server from turnchart/server under %s', (_, script) => {
  test('starts on the SQLite default and serves the lobby and a match', async () => {
    const { running, match } = await start('node', [script, `data-${script}`], app, /serving on (http:\S+)/);
    const url = match[1];
    const { matchID, seats } = await lobbyMatch(url, 'tic-tac-toe');
    const clients = seats.map((seat) => bgioSeat(TicTacToe, url, matchID, seat));
    await Promise.all(clients.map((client) => untilState(client, (state) => state.isConnected)));
    await mark(clients, 0, 8);
    expect(existsSync(join(app, `data-${script}`, 'matches.sqlite'))).toBe(true);
    for (const client of clients) client.stop();
    await running.kill9();
  });
});

test('without the SQLite driver, serve says the one command that adds it', async () => {
  const result = await run('npx', ['turnchart', 'serve', 'game.js', '--port', '0'], engine);
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr.trimEnd().split('\n')).toEqual([
    expect.stringMatching(/^turnchart: .*better-sqlite3.*: run `npm install better-sqlite3`$/),
  ]);
  // An in-memory store needs no driver.
  const memory = await serve(engine, ['game.js', '--port', '0', '--db', ':memory:']);
  const { matchID } = await new bgioClient.LobbyClient({ server: memory.url }).createMatch('tic-tac-toe', {
    numPlayers: 2,
  });
  expect(typeof matchID).toBe('string');
  await memory.running.stop();
});
