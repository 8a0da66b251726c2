/**
 * Scale-out against real services: a throwaway PostgreSQL and Redis
 * (cluster-services.ts), two `turnchart serve` processes sharing them, and
 * boardgame.io 0.50.2's clients spread over both. One match is played to its
 * end while instance A is killed with SIGKILL mid-game; A's clients reach
 * instance B through the same address (a small TCP proxy, as a load
 * balancer would) and play on. Then every client has seen every state in
 * order, the log holds each acknowledged action exactly once, and the
 * match replayed on a single SQLite server ends in the same state. A race
 * of four seats bumping one counter on both instances checks that no state
 * ever accepts two actions.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { discardDuel } from '../boardgameio/games/discard-duel';
import { freePort, servicesMissing, startServices, type Services } from './cluster-services';
import {
  awaitResync,
  contiguous,
  duelClient,
  increasing,
  opened,
  play,
  proxy,
  stateID,
  step,
  view,
} from './cluster-players';
import { bgioClient, bgioCore, ioClient, silenceConsole, startServer, waitFor } from './support';
import { HUNG_MS } from '../support/hung';

silenceConsole();

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'bench', '.build', 'scale-out-test-cli.mjs');
const GAME = join(__dirname, 'games', 'duel.ts');
const RACE = join(__dirname, 'games', 'counter-race.ts');
const CI = process.env.CI === 'true' || process.env.CI === '1';
const missing = servicesMissing();
if (missing && !CI) process.stderr.write(`\n*** SKIPPED test/server/scale-out.test.ts: ${missing}. ***\n\n`);
const maybe = missing && !CI ? test.skip : test;

let services: Services | undefined;
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const close of opened.splice(0).reverse()) await close();
});

beforeAll(async () => {
  if (missing && !CI) return;
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
  services = await startServices();
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await services?.stop();
});

/** `turnchart serve` on Postgres + Redis; resolves with the process and its port once it listens. */
async function serve(): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const args = [
    CLI,
    'serve',
    GAME,
    RACE,
    '--port',
    String(port),
    '--host',
    '127.0.0.1',
    '--db',
    services!.postgresUrl,
    '--pubsub',
    services!.redisUrl,
  ];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      if (output.includes('turnchart server:')) resolve({ child, port });
    });
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${output}`)));
  });
}

maybe(
  'two instances, a full game, kill -9 of one: nothing lost or doubled, same end as one instance',
  async () => {
    const a = await serve();
    const b = await serve();
    let target = a.port;
    const lb = await proxy(() => target);
    const lbUrl = `http://127.0.0.1:${(lb.address() as { port: number }).port}`;
    const bUrl = `http://127.0.0.1:${b.port}`;
    const lobby = new bgioClient.LobbyClient({ server: bUrl });
    const { matchID } = await lobby.createMatch('discard-duel', {
      numPlayers: 4,
    });
    const seats = [];
    for (let seat = 0; seat < 4; seat++)
      seats.push(
        await lobby.joinMatch('discard-duel', matchID, {
          playerName: `p${seat}`,
        }),
      );
    // Seats 0 and 1 on instance A (through the proxy), 2 and 3 on B.
    const clients = seats.map((seat, i) => duelClient(i < 2 ? lbUrl : bUrl, matchID, seat));
    await waitFor(() => clients.every((client) => client.getState()), 'sync');
    const sent: ReturnType<typeof step>[] = [];
    await play(clients, 20, sent);
    const acknowledged = view(clients[2]);

    sent.push(step(clients)); // in flight when A dies
    a.child.kill('SIGKILL');
    target = b.port;
    await awaitResync(clients, acknowledged.stateID);
    const resynced = view(clients[0]);
    expect([acknowledged.stateID, acknowledged.stateID + 1]).toContain(resynced.stateID);
    if (resynced.stateID === acknowledged.stateID) sent.pop(); // the in-flight action was not committed: not acknowledged

    await play(clients, 500, sent);
    const final = view(clients[0]);
    expect(final.ctx.gameover).toBeDefined();

    // Every client saw states in order; B's clients saw every one of them.
    for (const client of clients) expect(increasing(client.seen)).toBe(true);
    for (const client of clients.slice(2)) expect(contiguous(client.seen)).toBe(true);
    expect(clients[2].seen[clients[2].seen.length - 1]).toBe(final.stateID);

    // The stored log: one entry per state, each acknowledged action at its state, once.
    const { Client } = require('pg');
    const pg = new Client(services!.postgresUrl);
    opened.push(() => pg.end());
    await pg.connect();
    const { rows } = await pg.query(
      'SELECT state_id, entries FROM turnchart_match_log WHERE match_id = $1 ORDER BY state_id',
      [matchID],
    );
    expect(rows.map((row: any) => row.state_id)).toEqual(Array.from({ length: final.stateID }, (_, i) => i + 1));
    const actions = rows.map((row: any) => row.entries.find((entry: any) => !entry.automatic).action);
    // Each acknowledged action once, in order (the log names the seat of moves; events are the current player's).
    expect(actions.map((action: any) => action.payload.type)).toEqual(sent.map(({ type }) => type));
    actions.forEach((action: any, i: number) =>
      expect(action.payload.playerID ?? sent[i].playerID).toBe(sent[i].playerID),
    );

    // The same actions on one instance (SQLite) end in the same state.
    const single = await startServer({ games: [discardDuel(bgioCore)] });
    opened.push(() => single.stop());
    const soloLobby = new bgioClient.LobbyClient({ server: single.url });
    const solo = await soloLobby.createMatch('discard-duel', { numPlayers: 4 });
    const soloSeats = [];
    for (let seat = 0; seat < 4; seat++)
      soloSeats.push(
        await soloLobby.joinMatch('discard-duel', solo.matchID, {
          playerName: `p${seat}`,
        }),
      );
    const soloClients = soloSeats.map((seat) => duelClient(single.url, solo.matchID, seat));
    await waitFor(() => soloClients.every((client) => client.getState()), 'sync');
    for (const [i, action] of actions.entries()) {
      const before = stateID(soloClients[0]);
      const client = soloClients[Number(sent[i].playerID)];
      if (action.type === 'MAKE_MOVE') client.moves[action.payload.type](...(action.payload.args ?? []));
      else client.events[action.payload.type](...(action.payload.args ?? []));
      await waitFor(() => soloClients.every((c) => stateID(c) > before), 'the replayed action');
    }
    expect(view(soloClients[0])).toEqual(final);
    b.child.kill('SIGTERM');
  },
  HUNG_MS,
);

maybe(
  'two instances racing on one counter: every state accepts exactly one action',
  async () => {
    const instances = [await serve(), await serve()];
    const matchID = 'race';
    let accepted = 0;
    let refused = 0;
    let sent = 0;
    const reached = [0, 0, 0, 0];
    const states = new Map<number, string>();
    const sockets = instances.flatMap(({ port }, i) =>
      ['0', '1'].map((seat) => {
        const playerID = String(i * 2 + Number(seat));
        const socket = ioClient.io(`http://127.0.0.1:${port}/counter-race`, {
          transports: ['websocket'],
          reconnection: false,
        });
        let at = 0;
        const bump = () => {
          if (at >= 120) return;
          sent++;
          socket.emit(
            'update',
            {
              type: 'MAKE_MOVE',
              payload: { type: 'bump', args: [], playerID },
            },
            at,
            matchID,
            playerID,
            (reply: { ok: boolean }) => (reply.ok ? accepted++ : refused++),
          );
        };
        const seen = (state: any) => {
          // Two different states under one stateID would mean two actions accepted on one state.
          const json = JSON.stringify(state.G);
          expect(states.get(state._stateID) ?? json).toBe(json);
          states.set(state._stateID, json);
          if (state._stateID >= at) {
            at = reached[Number(playerID)] = state._stateID;
            bump();
          }
        };
        socket.on('sync', (_id: string, info: any) => seen(info.state));
        socket.on('update', (_id: string, state: any) => seen(state));
        socket.on('connect', () => socket.emit('sync', matchID, playerID, undefined, 4));
        opened.push(() => socket.close());
        return socket;
      }),
    );
    // Every seat has seen 120 (so none sends again) and every request sent has its reply: nothing more can be accepted.
    await waitFor(
      () => reached.every((at) => at >= 120) && accepted + refused === sent,
      'every seat at 120, every reply',
    );
    expect(sockets.every((socket) => socket.connected)).toBe(true);
    expect(accepted).toBe(120);
    expect(refused).toBeGreaterThan(0); // they did race
    expect(JSON.parse(states.get(120)!)).toEqual({ n: 120 });
    for (const { child } of instances) child.kill('SIGTERM');
  },
  HUNG_MS,
);
