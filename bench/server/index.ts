/**
 * `npm run bench:server`: turnchart's server against boardgame.io 0.50.2's
 * `Server`, each in its own process on 127.0.0.1, with the same game and
 * the same clients: N concurrent matches × 4 seat clients (seat-client.ts) speaking
 * boardgame.io's protocol (sync, then `update` messages; each seat moves
 * when an update says it is its turn). Latency is from a seat sending its
 * move to that seat receiving the resulting update. Bounded: every match
 * ends after ACTIONS_PER_MATCH actions, and a run stops after
 * BENCH_SERVER_SECONDS whatever happens.
 *
 * Env: BENCH_SERVER_MATCHES (default 40), BENCH_SERVER_SECONDS (default 30),
 * BENCH_SERVER_ROUNDS (default 2, alternating the servers),
 * BENCH_SERVER_ENGINES (default turnchart,boardgameio,turnchart-memory,boardgameio-flatfile),
 * BENCH_SERVER_WARMUP (default 2: unmeasured passes of the same matches first; 0: none),
 * BENCH_SERVER_CLIENT (light, the default, or socket.io; see seat-client.ts),
 * BENCH_SERVER_NODE_ARGS (node flags for the server processes, e.g. --cpu-prof),
 * BENCH_SERVER_PROFILE or BENCH_SERVER_PERF (a directory: V8 or `perf record` profiles of
 * the servers' timed passes; see timed-profile.ts),
 * BENCH_OUT (default bench/results/server.json).
 *
 * `-- --instances N --db postgres --pubsub redis`: turnchart on SQLite (for
 * reference), then on a throwaway Postgres and Redis (Debian's binaries, as
 * the tests start them) with one instance and with N, seat i of each match
 * on instance i mod N (every action crosses Redis); `--spread matches` puts
 * all seats of match m on instance m mod N instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startServices } from '../../test/server/cluster-services';
import { ACTIONS_PER_MATCH } from './game';
import { seatClient, type ClientKind, type SeatClient, type SeenState } from './seat-client';
import { comparisons, summarize, type Engine, type RunResult } from './summary';

const MATCHES = Number(process.env.BENCH_SERVER_MATCHES ?? 40);
const SECONDS = Number(process.env.BENCH_SERVER_SECONDS ?? 30);
const ROUNDS = Number(process.env.BENCH_SERVER_ROUNDS ?? 2);
const SEATS = 4;
const WARMUP = Number(process.env.BENCH_SERVER_WARMUP ?? 2);
const CLIENT = (process.env.BENCH_SERVER_CLIENT ?? 'light') as ClientKind;
const OUT = process.env.BENCH_OUT ?? 'bench/results/server.json';
const flag = (name: string) => process.argv[process.argv.indexOf(`--${name}`) + 1];
const INSTANCES = Number(process.argv.includes('--instances') ? flag('instances') : 1);
const CLUSTER = process.argv.includes('--db') && flag('db') === 'postgres';
if (CLUSTER && INSTANCES > 1 && flag('pubsub') !== 'redis') throw new Error('--instances over 1 needs --pubsub redis');
/** `--spread matches`: each match's seats on one instance (match affinity); by default seat i on instance i mod N. */
const BY_MATCH = process.argv.includes('--spread') && flag('spread') === 'matches';
const ENGINES = (
  process.env.BENCH_SERVER_ENGINES ??
  (CLUSTER
    ? `turnchart,turnchart-pg,turnchart-pg-${INSTANCES}`
    : 'turnchart,boardgameio,turnchart-memory,boardgameio-flatfile')
).split(',') as Engine[];

/** `turnchart-pg-N`: N instances on one Postgres and Redis. */
interface ServerProcess {
  child: ChildProcess;
  /** One per instance. */
  ports: number[];
  /** Resolves with the CPU ms the server reports when it stops. */
  cpu: Promise<number>;
}

function startServer(engine: Engine, dir: string): Promise<ServerProcess> {
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    [...nodeArgs, join(dirname(process.argv[1]), 'server-process.js'), engine, dir],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  let reportCpu: (ms: number) => void = () => {};
  const cpu = new Promise<number>((resolve) => (reportCpu = resolve));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const ready = /ready ([\d,]+)\n/.exec(out);
      if (ready) resolve({ child, ports: ready[1].split(',').map(Number), cpu });
      const used = /cpu ([\d.]+)/.exec(out);
      if (used) reportCpu(Number(used[1]));
    });
    child.once('exit', () => reportCpu(NaN));
    child.once('exit', (code) => reject(new Error(`${engine} server exited ${code}`)));
  });
}

/** Rejects after `seconds`: no stage of a run waits for ever. */
const within = (seconds: number, what: string) =>
  new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`no ${what} after ${seconds} s`)), seconds * 1000).unref(),
  );

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** N matches × 4 seats on one server until every match is over or time is up. */
async function drive(engine: Engine, server: ServerProcess, prefix: string): Promise<Omit<RunResult, 'cpuPerAction'>> {
  const { ports } = server;
  const latencies: number[] = [];
  const clients: SeatClient[] = [];
  let actions = 0;
  let finished = 0;
  let started = 0;
  let done: () => void = () => {};
  const allDone = new Promise<void>((resolve) => (done = resolve));

  const seat = (match: number, matchID: string, playerID: string) => {
    // Seats of one match spread over the instances (or, with --spread matches, each match on one).
    const port = ports[(BY_MATCH ? match : Number(playerID)) % ports.length];
    let stateID = -1;
    let sentAt = 0;
    let over = false;
    const consider = (state: SeenState) => {
      if (state.stateID < stateID) return;
      if (sentAt !== 0 && state.stateID > stateID) {
        latencies.push(performance.now() - sentAt);
        actions++;
        sentAt = 0;
      }
      stateID = state.stateID;
      if (state.over) {
        if (!over && playerID === '0') finished++;
        over = true;
        if (finished === MATCHES) done();
        return;
      }
      if (state.currentPlayer === playerID && sentAt === 0 && started !== 0) {
        sentAt = performance.now();
        client.move(stateID, (stateID * 7 + Number(playerID)) % 64);
      }
    };
    const client = seatClient(CLIENT, port, 'relay', matchID, playerID, SEATS, consider);
    clients.push(client);
    const ready = client.ready.then(() => {
      // A match over already would end the run with 0 actions (a store shared by runs, IDs reused).
      if (client.last().over) throw new Error(`${matchID} is over before the run: its ID was used before`);
      synced.add(`${matchID}/${playerID}`);
    });
    return { name: `${matchID}/${playerID}`, ready, go: () => consider(client.last()) };
  };

  const seats: ReturnType<typeof seat>[] = [];
  const synced = new Set<string>();
  // Match IDs unique per engine, pass and round: the Postgres runs share one database.
  for (let m = 0; m < MATCHES; m++)
    for (let s = 0; s < SEATS; s++) seats.push(seat(m, `${prefix}-${engine}-${m}`, String(s)));
  let timedOut = false;
  const syncTimeout = within(SECONDS, `${engine}: every seat's sync`).catch((error) => {
    timedOut = true;
    throw error;
  });
  await Promise.race([Promise.all(seats.map((s) => s.ready)), syncTimeout]).catch((error) => {
    for (const client of clients) client.close();
    if (!timedOut) throw error;
    const unsynced = seats.map((s) => s.name).filter((name) => !synced.has(name));
    throw new Error(`${error.message}; not synced: ${unsynced.slice(0, 10).join(' ')}`);
  });
  server.child.kill('SIGUSR1');
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  started = t0;
  for (const s of seats) s.go();
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, SECONDS * 1000).unref());
  await Promise.race([allDone, timeout]);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  for (const client of clients) client.close();
  latencies.sort((a, b) => a - b);
  return {
    engine,
    actions,
    seconds,
    actionsPerSecond: actions / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    complete: finished === MATCHES,
    clientCpuPerAction: (cpu.user + cpu.system) / 1000 / actions,
  };
}

async function main(): Promise<void> {
  const services = CLUSTER ? await startServices() : undefined;
  if (CLUSTER && !services) throw new Error('PostgreSQL and redis-server are needed for --db postgres');
  if (services) Object.assign(process.env, { BENCH_POSTGRES: services.postgresUrl, BENCH_REDIS: services.redisUrl });
  try {
    await measure();
  } finally {
    await services?.stop();
  }
}

async function measure(): Promise<void> {
  process.stdout.write(
    `served benchmark: ${MATCHES} matches × ${SEATS} ${CLIENT} clients, ${ACTIONS_PER_MATCH} actions per match, ${ROUNDS} rounds${CLUSTER ? `, seats spread by ${BY_MATCH ? 'match' : 'seat'}` : ''}\n`,
  );
  const results: RunResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const engine of round % 2 === 0 ? ENGINES : [...ENGINES].reverse()) {
      const dir = mkdtempSync(join(tmpdir(), 'turnchart-bench-'));
      const server = await startServer(engine, dir);
      const { child } = server;
      try {
        // Passes not measured: both servers reach their steady state (JIT, SQLite's WebAssembly) before the one timed.
        // Two: the end of the first (games over, clients leaving) sends hot code back to be optimized again.
        for (let pass = 0; pass < WARMUP; pass++) await drive(engine, server, `warm-${round}-${pass}`);
        const driven = await drive(engine, server, `bench-${round}`);
        child.kill('SIGINT');
        const result: RunResult = {
          ...driven,
          cpuPerAction: (await Promise.race([server.cpu, within(10, `${engine}: the CPU time`)])) / driven.actions,
        };
        results.push(result);
        process.stdout.write(
          `${engine.padEnd(18)} ${result.actionsPerSecond.toFixed(0).padStart(8)} actions/s   p50 ${result.p50.toFixed(2)} ms   p99 ${result.p99.toFixed(2)} ms   server CPU ${(result.cpuPerAction * 1000).toFixed(0)} µs/action   client CPU ${(result.clientCpuPerAction * 1000).toFixed(0)} µs/action${result.complete ? '' : '   (time limit)'}\n`,
        );
      } finally {
        // It exits by itself after SIGINT (writing a --cpu-prof profile takes a moment); SIGKILL if it does not.
        if (child.exitCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(timer);
        }
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }
  const summary = summarize(ENGINES, results);
  for (const line of comparisons(ENGINES, summary, CLUSTER)) process.stdout.write(`${line}\n`);
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(
    OUT,
    JSON.stringify(
      {
        client: CLIENT,
        warmup: WARMUP,
        matches: MATCHES,
        seats: SEATS,
        actionsPerMatch: ACTIONS_PER_MATCH,
        rounds: ROUNDS,
        results,
        summary,
      },
      null,
      2,
    ),
  );
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error?.stack ?? error}\n`);
    process.exit(1);
  },
);
