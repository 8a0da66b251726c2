/**
 * The server keeps the time limits (turnchart/server): each match's next
 * deadline is a timer that runs the timeout through the match's queue and
 * broadcasts it like a move; boardgame.io 0.50.2's own clients see a
 * normal update. The deadline is stored with each state: after kill -9 a
 * server starting on the same file fires a deadline that passed while it
 * was down, once; on Postgres + Redis, two instances firing the same
 * deadline make exactly one timeout. Every clock here is a ManualClock:
 * no test waits for wall-clock time to pass.
 */
import { join } from 'node:path';
import { PostgresStore, type MatchStore, type TurnchartServer } from 'turnchart/server';
import { Blitz } from '../../examples/blitz/game';
import slowBlitz from './games/slow-blitz';
import { freePort, servicesMissing, startServices, type Services } from './cluster-services';
import { ManualClock } from '../support/manual-clock';
import { bgioClient, connectClient, removeDir, silenceConsole, startServer, tempDir, waitFor } from './support';
import { useBundledCli } from '../support/bundled-cli';

silenceConsole();

/** Resolves once `check` (which reads the store) holds. */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  let done = false;
  const poll = async () => {
    while (!(done = await check())) await new Promise((resolve) => setTimeout(resolve, 10));
  };
  const polling = poll();
  await waitFor(() => done, what);
  await polling;
}

async function storedStateID(store: MatchStore, matchID: string): Promise<number | undefined> {
  return (await store.fetch(matchID))?.state.snapshot.context.stateID;
}

test("a turn's deadline fires on the server: boardgame.io's clients see the timeout as an update", async () => {
  const clock = new ManualClock(1_000_000);
  const running = await startServer({ games: [Blitz], clock });
  try {
    const lobby = new bgioClient.LobbyClient({ server: running.url });
    const { matchID } = await lobby.createMatch('blitz', { numPlayers: 2 });
    const seats = [];
    for (let seat = 0; seat < 2; seat++)
      seats.push(await lobby.joinMatch('blitz', matchID, { playerName: `p${seat}` }));
    const clients = seats.map(({ playerID, playerCredentials }) =>
      connectClient(Blitz, running.url, { matchID, playerID, credentials: playerCredentials }),
    );
    await waitFor(() => clients.every((client) => client.getState()), 'the clients to sync');
    expect(clients[0].getState().ctx.time).toMatchObject({ at: 1_000_000, turn: 1_020_000 });

    clock.advance(19_999);
    clock.advance(1);
    await waitFor(() => clients.every((client) => client.getState()._stateID === 1), 'the timeout to reach both');
    const { G, ctx } = clients[1].getState();
    expect([ctx.currentPlayer, G.autoDraws, G.hands['0'].length]).toEqual(['1', 1, 6]);
    expect(ctx.time).toMatchObject({ at: 1_020_000, turn: 1_040_000 });
    // The next deadline is set, from the timeout's time.
    clock.advance(20_000);
    await waitFor(() => clients.every((client) => client.getState()._stateID === 2), 'the second timeout');
    expect(clients[0].getState().G.autoDraws).toBe(2);
    for (const client of clients) client.stop();
  } finally {
    await running.stop();
  }
});

describe('after kill -9', () => {
  const cli = useBundledCli('turnchart-time-test');
  let dir: string;
  beforeAll(() => {
    dir = tempDir();
  });
  afterAll(() => removeDir(dir));

  test('a deadline that passed while the server was down fires once when it starts again', async () => {
    const dbFile = join(dir, 'matches.sqlite');
    const port = await freePort();
    const game = join(__dirname, 'games', 'slow-blitz.ts');
    const args = ['serve', game, '--port', String(port), '--host', '127.0.0.1', '--db', dbFile];
    const { child } = await cli.start(args, /turnchart server:/);
    const lobby = new bgioClient.LobbyClient({ server: `http://127.0.0.1:${port}` });
    const { matchID } = await lobby.createMatch('slow-blitz', { numPlayers: 2 });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    // Two hours later (on the restarted server's clock): the hour's turn limit ran out while it was down.
    const later = new ManualClock(Date.now() + 7_200_000);
    const restart = () => startServer({ games: [slowBlitz], clock: later }, dir);
    let running = await restart();
    const store = running.server.db as MatchStore;
    expect(await storedStateID(store, matchID)).toBe(0);
    later.advance(0);
    await until(async () => (await storedStateID(store, matchID)) === 1, 'the missed timeout');
    later.advance(60_000);
    await running.stop();

    // Started again: the deadline it applied is gone, the next is an hour away; nothing fires twice.
    running = await restart();
    later.advance(60_000);
    const again = running.server.db as MatchStore;
    const match = await again.fetch(matchID);
    const log = await again.fetchLog(matchID);
    await running.stop();
    expect(match?.state.snapshot.context.stateID).toBe(1);
    expect(match?.state.snapshot.context.G.autoDraws).toBe(1);
    expect(log.length).toBeGreaterThan(0);
    expect(log.every((entry) => entry._stateID === 0)).toBe(true);
  });
});

const missing = servicesMissing();
const CI = process.env.CI === 'true' || process.env.CI === '1';
if (missing && !CI) process.stderr.write(`\n*** SKIPPED the two-instance timeout test: ${missing}. ***\n\n`);
(missing && !CI ? describe.skip : describe)('two instances on Postgres + Redis', () => {
  let services: Services | undefined;
  beforeAll(async () => {
    services = await startServices();
  });
  afterAll(async () => {
    await services?.stop();
  });

  test('both fire the same deadline; exactly one timeout takes effect', async () => {
    const { postgresUrl, redisUrl } = services!;
    const start = 5_000_000;
    const clocks = [new ManualClock(start), new ManualClock(start)];
    const stores = clocks.map(() => new PostgresStore(postgresUrl));
    // Each instance's first write waits for the other's: both have worked the timeout out on the same state.
    const writes = { attempts: 0, committed: 0 };
    const arrived = [false, false];
    let release: () => void = () => undefined;
    const bothArrived = new Promise<void>((resolve) => (release = resolve));
    stores.forEach((store, index) => {
      const write = store.setStateAt.bind(store);
      store.setStateAt = async (...args) => {
        writes.attempts++;
        arrived[index] = true;
        if (arrived.every(Boolean)) release();
        await bothArrived;
        const version = await write(...args);
        writes.committed++;
        return version;
      };
    });
    const servers: TurnchartServer[] = [];
    const a = await startServer({ games: [Blitz], db: stores[0], pubsub: redisUrl, clock: clocks[0] });
    const lobby = new bgioClient.LobbyClient({ server: a.url });
    const { matchID } = await lobby.createMatch('blitz', { numPlayers: 2 });
    // B starts after the match exists: its sweep finds the deadline in the store.
    const b = await startServer({ games: [Blitz], db: stores[1], pubsub: redisUrl, clock: clocks[1] });
    servers.push(a.server, b.server);
    try {
      for (const clock of clocks) clock.advance(20_000);
      await until(async () => (await storedStateID(stores[0], matchID)) === 1, 'the timeout');
      // Both instances have run their timeout task to its end.
      await a.stop();
      await b.stop();
      const check = new PostgresStore(postgresUrl);
      await check.connect();
      const stored = await check.fetch(matchID);
      const log = await check.fetchLog(matchID);
      await check.close();
      expect(stored?.state.snapshot.context.stateID).toBe(1);
      expect(stored?.state.snapshot.context.G.autoDraws).toBe(1);
      expect(log.length).toBeGreaterThan(0);
      expect(log.every((entry) => entry._stateID === 0)).toBe(true);
      expect(writes).toEqual({ attempts: 2, committed: 1 });
    } finally {
      for (const server of servers) await server.kill().catch(() => undefined);
      removeDir(a.dir);
      removeDir(b.dir);
    }
  });
});
