/**
 * Durability: `turnchart serve` runs in a child process over a SQLite file;
 * boardgame.io's clients play a match on it; the server is killed with
 * SIGKILL right after an action is sent, and started again on the same
 * file and port. The clients reconnect by themselves and resync to every
 * action they were told of (and the one in flight, if it was committed),
 * and the match plays on to its end. A second server on a file in use is
 * refused. Under load across several matches, every action any client was
 * told of is still there after a SIGKILL.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { discardDuel } from '../boardgameio/games/discard-duel';
import { awaitResync, play, step, view } from './cluster-players';
import {
  bgioClient,
  bgioCore,
  bgioMultiplayer,
  ioClient,
  removeDir,
  silenceConsole,
  tempDir,
  waitFor,
} from './support';
import { HUNG_MS } from '../support/hung';

silenceConsole();

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'node_modules', '.cache', 'turnchart-server-test', 'cli.mjs');
const GAME = join(__dirname, 'games', 'duel.ts');
const RACE = join(__dirname, 'games', 'counter-race.ts');
let dir: string;
let dbFile: string;
let port: number;
const children: ChildProcess[] = [];

beforeAll(async () => {
  // The CLI as `npm start` bundles it (fast; its packages stay in node_modules).
  const esbuild = require('esbuild');
  esbuild.buildSync({
    entryPoints: [join(ROOT, 'src/adapters/cli/index.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile: CLI,
    logLevel: 'warning',
  });
  dir = tempDir();
  dbFile = join(dir, 'matches.sqlite');
  port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
});

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  removeDir(dir);
});

/** `turnchart serve` on the test's port and file; resolves once it listens. */
function serve(): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [CLI, 'serve', GAME, RACE, '--port', String(port), '--host', '127.0.0.1', '--db', dbFile],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      if (output.includes('turnchart server:')) resolve(child);
    });
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${output}`)));
  });
}

const url = () => `http://127.0.0.1:${port}`;

test('after kill -9 and a restart on the same SQLite file, the clients resync and the match goes on', async () => {
  let server = await serve();
  const lobby = new bgioClient.LobbyClient({ server: url() });
  const { matchID } = await lobby.createMatch('discard-duel', { numPlayers: 4 });
  const seats = [];
  for (let seat = 0; seat < 4; seat++)
    seats.push(await lobby.joinMatch('discard-duel', matchID, { playerName: `p${seat}` }));
  const clients = seats.map(({ playerID, playerCredentials }) => {
    const client = bgioClient.Client({
      game: discardDuel(bgioCore),
      multiplayer: bgioMultiplayer.SocketIO({
        server: url(),
        socketOpts: { transports: ['websocket'], reconnectionDelay: 50, reconnectionDelayMax: 200 },
      }),
      matchID,
      playerID,
      credentials: playerCredentials,
      debug: false,
    });
    client.start();
    return client;
  });
  await waitFor(() => clients.every((client) => client.getState()), 'sync');
  await play(clients, 15);
  const acknowledged = view(clients[1]);

  step(clients); // in flight when the server dies
  server.kill('SIGKILL');
  await new Promise((resolve) => server.once('exit', resolve));
  expect(existsSync(`${dbFile}.owner`)).toBe(true); // the dead server's claim, cleared by the next start

  server = await serve();
  await awaitResync(clients, acknowledged.stateID);
  const resynced = view(clients[0]);
  expect([acknowledged.stateID, acknowledged.stateID + 1]).toContain(resynced.stateID);
  if (resynced.stateID === acknowledged.stateID) expect(resynced).toEqual(acknowledged);
  expect(Number(readFileSync(`${dbFile}.owner`, 'utf8'))).toBe(server.pid);

  await play(clients, 500);
  expect(clients[0].getState().ctx.gameover).toBeDefined();
  expect((await lobby.getMatch('discard-duel', matchID)).gameover).toEqual(clients[0].getState().ctx.gameover);
  for (const client of clients) client.stop();

  // A second server on the same file while this one runs is refused.
  const second = spawnSync(
    process.execPath,
    [CLI, 'serve', GAME, '--port', '0', '--host', '127.0.0.1', '--db', dbFile],
    { cwd: ROOT, encoding: 'utf8', timeout: HUNG_MS },
  );
  expect(second.status).toBe(2);
  expect(second.stderr).toContain(`in use by process ${server.pid}`);

  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  expect(existsSync(`${dbFile}.owner`)).toBe(false);
});

test('under load across matches, every action a client was told of survives kill -9', async () => {
  let server = await serve();
  const MATCHES = 6;
  // Per match: the highest stateID any client has been sent, i.e. acknowledged as committed.
  const acknowledged = new Array<number>(MATCHES).fill(0);
  const sockets: any[] = [];
  for (let m = 0; m < MATCHES; m++) {
    for (const seat of ['0', '1']) {
      const socket = ioClient.io(`${url()}/counter-race`, { transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      let stateID = 0;
      const bump = () =>
        socket.emit(
          'update',
          { type: 'MAKE_MOVE', payload: { type: 'bump', args: [], playerID: seat } },
          stateID,
          `load-${m}`,
          seat,
        );
      socket.on('sync', (_id: string, info: any) => {
        stateID = info.state._stateID;
        bump();
      });
      socket.on('update', (_id: string, state: any) => {
        stateID = state._stateID;
        acknowledged[m] = Math.max(acknowledged[m], state._stateID);
        bump();
      });
      // A refused (stale) bump: try again on the state it missed.
      socket.on('turnchart.error', () => setTimeout(bump, 1));
      socket.on('connect', () => socket.emit('sync', `load-${m}`, seat, undefined, 2));
    }
  }
  await waitFor(() => acknowledged.every((n) => n >= 20), 'every match to get going');
  server.kill('SIGKILL');
  await new Promise((resolve) => server.once('exit', resolve));
  const told = [...acknowledged];
  for (const socket of sockets) socket.close();

  server = await serve();
  for (let m = 0; m < MATCHES; m++) {
    const socket = ioClient.io(`${url()}/counter-race`, { transports: ['websocket'], reconnection: false });
    const state: any = await new Promise((resolve) => {
      socket.on('sync', (_id: string, info: any) => resolve(info.state));
      socket.on('connect', () => socket.emit('sync', `load-${m}`, null, undefined, 2));
    });
    expect(state._stateID).toBeGreaterThanOrEqual(told[m]);
    expect(state.G.n).toBe(state._stateID);
    socket.close();
  }
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
});
