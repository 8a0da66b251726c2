/**
 * Scale-out when a service is missing or fails (real PostgreSQL and Redis,
 * as in scale-out.test.ts): an instance whose Redis is unreachable does
 * not start; one whose Redis dies keeps serving (a match's first request
 * waits at most ~2 s for its channel) and keeps instances correct through
 * Postgres, where another instance's client sees a change on its next
 * request; a Postgres that stops answering (frozen with SIGSTOP, or a
 * socket that never replies) fails requests after the store's
 * queryTimeoutMs, and play goes on once it answers again; without ioredis
 * installed the CLI says what to install.
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { Client as PgClient } from 'pg';
import { PostgresStore, Server, StoreTimeoutError, portOf } from 'turnchart/server';
import counterRace from './games/counter-race';
import { freePort, servicesMissing, startRedis, startServices, type Services } from './cluster-services';
import { buildCli, serveWithout } from './hidden-peer';
import { HUNG_MS } from '../support/hung';
import { ioClient, silenceConsole, waitFor } from './support';

silenceConsole();

const CI = process.env.CI === 'true' || process.env.CI === '1';
const missing = servicesMissing();
if (missing && !CI) process.stderr.write(`\n*** SKIPPED test/server/scale-out-failures.test.ts: ${missing}. ***\n\n`);
const maybe = missing && !CI ? test.skip : test;

let services: Services | undefined;
const cleanup: (() => unknown)[] = [];
beforeAll(async () => {
  if (!missing || CI) services = await startServices();
});
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close();
});
afterAll(() => services?.stop());

async function instance(pubsub?: string, db: string | PostgresStore = services!.postgresUrl) {
  const server = Server({ games: [counterRace], db, pubsub, origins: [] });
  const { appServer } = await server.run({ port: 0, host: '127.0.0.1' });
  cleanup.push(() => server.kill());
  return `http://127.0.0.1:${portOf(appServer)}/counter-race`;
}

/** A seat of `matchID` on `url`: every state it is shown, and its moves with the server's reply. */
function seat(url: string, matchID: string, playerID: string) {
  const socket = ioClient.io(url, { transports: ['websocket'], reconnection: false });
  cleanup.push(() => socket.close());
  const seen: number[] = [];
  // A refused sync would otherwise look like one never answered.
  const refused: unknown[] = [];
  socket.on('turnchart.error', (error: any) => error.request === 'sync' && refused.push(error));
  socket.on('sync', (_id: string, info: any) => seen.push(info.state.G.n));
  // The seat shown connected: its instance has recorded it (a request that may catch up on others' changes).
  let connected = false;
  socket.on('matchData', (_id: string, players: any[]) => (connected ||= players[Number(playerID)].isConnected));
  // Each update's log entries: one per action, however the instance learnt of it.
  const logged: number[] = [];
  socket.on(
    'update',
    (_id: string, state: any, deltalog: unknown[]) => (seen.push(state.G.n), logged.push(deltalog.length)),
  );
  socket.emit('sync', matchID, playerID, undefined, 2);
  const bump = (stateID: number) =>
    new Promise<{ ok: boolean; error?: string }>((resolve) =>
      socket.emit(
        'update',
        { type: 'MAKE_MOVE', payload: { type: 'bump', args: [], playerID } },
        stateID,
        matchID,
        playerID,
        resolve,
      ),
    );
  const sync = () => socket.emit('sync', matchID, playerID, undefined, 2);
  return { seen, logged, refused, bump, sync, connected: () => connected };
}

maybe('Redis unreachable at start: the instance does not start, and says where it looked', async () => {
  const url = `redis://127.0.0.1:${await freePort()}`;
  const server = Server({ games: [counterRace], db: services!.postgresUrl, pubsub: url, origins: [] });
  cleanup.push(() => server.kill());
  await expect(server.run({ port: 0, host: '127.0.0.1' })).rejects.toThrow(
    new RegExp(`RedisBus \\(${url}\\): .*ECONNREFUSED`),
  );
});

maybe(
  'Redis dies: requests go on after a short wait, other instances catch up on their next request',
  async () => {
    const redis = await startRedis();
    cleanup.push(() => redis.stop());
    const [a, b] = [await instance(redis.url), await instance(redis.url)];
    await redis.stop();

    // A match neither instance holds yet: its first request waits for a subscription that cannot happen, then goes on.
    const started = Date.now();
    const onA = seat(a, 'redis-down', '0');
    const onB = seat(b, 'redis-down', '1');
    // Both wait ~2 s, then load the match at the same moment: one creates it, the other finds it.
    const answered = (seat: typeof onA) => seat.seen.length > 0 || seat.refused.length > 0;
    await waitFor(() => answered(onA) && answered(onB), 'both syncs (~2 s)');
    expect([...onA.refused, ...onB.refused]).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    // Each instance's record of its seat's connection reads the store first: it must not be what tells B of A's move.
    await waitFor(() => onA.connected() && onB.connected(), 'both seats recorded as connected');

    expect(await onA.bump(0)).toEqual({ ok: true });
    await waitFor(() => onA.seen.includes(1), "A's own client to hear of it");
    // Nothing carries the change to B's client until it asks: when A's client has heard of it, B's has not…
    expect(onB.seen).toEqual([0]);
    // …and B checks the store's version before each request, so a stale move is refused, not accepted twice.
    expect(await onB.bump(0)).toMatchObject({ ok: false, error: 'invalid stateID' });
    onB.sync();
    await waitFor(() => onB.seen.includes(1), "B's client to catch up");
    // B reloads from state 1 on its next request: its client is told of the one action since, not of 1's again.
    expect(await onA.bump(1)).toEqual({ ok: true });
    expect(await onB.bump(1)).toMatchObject({ ok: false, error: 'invalid stateID' });
    expect(onB.seen.slice(-1)).toEqual([2]);
    expect(onB.logged).toEqual([1, 1]);

    const pg = new PgClient(services!.postgresUrl);
    cleanup.push(() => pg.end());
    await pg.connect();
    const { rows } = await pg.query('SELECT state_id FROM turnchart_matches WHERE match_id = $1', ['redis-down']);
    expect(rows).toEqual([{ state_id: 2 }]);
  },
  HUNG_MS,
);

test('Postgres that accepts and never answers: connect() fails with StoreTimeoutError after queryTimeoutMs', async () => {
  const accepted: Socket[] = [];
  // It reads what pg sends (so it sees pg hang up) and answers nothing.
  const silent = createServer((socket) => accepted.push(socket.resume()));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => new Promise((resolve) => silent.close(resolve)));
  const { port } = silent.address() as AddressInfo;
  const store = new PostgresStore({
    connectionString: `postgres://u:secret@127.0.0.1:${port}/db`,
    queryTimeoutMs: 300,
  });
  const started = Date.now();
  const failure = await store.connect().catch((error) => error);
  const waited = Date.now() - started;
  expect(failure).toBeInstanceOf(StoreTimeoutError);
  expect(failure.message).toBe(
    `PostgresStore (postgres://u:***@127.0.0.1:${port}/db): no answer to connect within 300 ms`,
  );
  // Not before the timeout; how long after depends on the machine's load (the error names its cause).
  expect(waited).toBeGreaterThanOrEqual(290);
  // The connection it gave up on is closed, not left open.
  await waitFor(() => accepted.length === 1 && accepted[0].destroyed, 'the abandoned connection to close');
});

maybe(
  'Postgres frozen (SIGSTOP): an action is refused in about queryTimeoutMs, nothing is told, then play goes on',
  async () => {
    // The same timeout bounds the setup and the requests after the thaw, which a loaded machine may take a second
    // or more to answer: long enough for those, however long the frozen request then waits for it.
    const store = new PostgresStore({ connectionString: services!.postgresUrl, queryTimeoutMs: 5_000 });
    const url = await instance(undefined, store);
    const [a, b] = [seat(url, 'frozen', '0'), seat(url, 'frozen', '1')];
    await waitFor(() => a.connected() && b.connected(), 'both seats connected');
    services!.freezePostgres(true);
    cleanup.push(() => services!.freezePostgres(false));

    const started = Date.now();
    const [refused, listing] = await Promise.all([
      a.bump(0),
      fetch(url.replace('/counter-race', '/games/counter-race')),
    ]);
    const waited = Date.now() - started;
    expect(refused).toMatchObject({ ok: false, error: 'store unavailable' });
    expect(listing.status).toBe(503);
    // Not before the timeout; how long after depends on the machine's load.
    expect(waited).toBeGreaterThanOrEqual(4_990);
    // Refused at the version check, before any write: no client was told of the move.
    expect([a.seen, b.seen]).toEqual([[0], [0]]);

    services!.freezePostgres(false);
    expect(await a.bump(0)).toEqual({ ok: true });
    await waitFor(() => b.seen.includes(1), 'the other seat to hear of the move');
    expect(b.logged).toEqual([1]);
    const pg = new PgClient(services!.postgresUrl);
    cleanup.push(() => pg.end());
    await pg.connect();
    const { rows } = await pg.query('SELECT state_id FROM turnchart_matches WHERE match_id = $1', ['frozen']);
    expect(rows).toEqual([{ state_id: 1 }]);
  },
);

maybe(
  '`turnchart serve --pubsub redis://…` without ioredis: exits saying what to install',
  async () => {
    const cli = buildCli('scale-out-failures-test-cli');
    const args = ['--port', '0', '--db', services!.postgresUrl, '--pubsub', `redis://127.0.0.1:${await freePort()}`];
    const { code, stderr } = await serveWithout(cli, ['ioredis'], args);
    expect(stderr).toContain('needs the "ioredis" package, which is not installed: run `npm install ioredis`');
    expect(code).not.toBe(0);
  },
  HUNG_MS,
);
