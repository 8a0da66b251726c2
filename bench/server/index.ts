/**
 * `npm run bench:server`: turnchart's server against boardgame.io 0.50.2's
 * `Server`, each in its own process on 127.0.0.1 (NODE_ENV=production), the
 * same game and the same clients: at each size, N concurrent matches × S
 * seats, one socket per seat (drive.ts, seat-client.ts) speaking
 * boardgame.io's protocol, each seat moving as soon as it hears it is its
 * turn. Per server and size: a fresh server process, every seat synced,
 * BENCH_SERVER_WARMUP_SECONDS of play unmeasured (the JIT), then the timed
 * window of BENCH_SERVER_SECONDS on the same sockets; matches outlast the
 * window (game.ts), so N matches are in play throughout and the run's length
 * is set by the windows, not by the servers' speed. The servers alternate at
 * every size (the order reversed every other run), over BENCH_SERVER_RUNS
 * runs; medians per server and size, ratios, and what bounded each pass
 * (summary.ts, `limitOf`).
 *
 * Env: BENCH_SERVER_MATCHES (default 50,200,500), BENCH_SERVER_SEATS (2,4),
 * BENCH_SERVER_RUNS (3), BENCH_SERVER_SECONDS (5: the timed window),
 * BENCH_SERVER_WARMUP_SECONDS (3; 0: none): with the defaults a whole run
 * (54 passes) takes about 9 minutes,
 * BENCH_SERVER_ENGINES (turnchart,turnchart-memory,boardgameio; also boardgameio-flatfile,
 * floor (socket.io alone: floor-server.ts), floor+<µs> (the floor spending that much CPU
 * per move), and `<engine>@<dir>` for another build of this benchmark: server-runner.ts),
 * BENCH_SERVER_CLIENT (light, the default, or socket.io; see seat-client.ts),
 * BENCH_SERVER_ACTIONS (a match's length; default: longer than any window),
 * BENCH_SERVER_NODE_ARGS (node flags for the server processes, e.g. --cpu-prof or --trace-gc),
 * BENCH_SERVER_STDOUT (a directory: each server's standard output, e.g. --trace-gc's lines, in a file there),
 * BENCH_SERVER_PROFILE or BENCH_SERVER_PERF (a directory: V8 or `perf record` profiles of
 * the servers' timed windows; see timed-profile.ts),
 * BENCH_OUT (default bench/results/server.json).
 *
 * `-- --instances N --db postgres --pubsub redis`: turnchart on SQLite (for
 * reference), then on a throwaway Postgres and Redis (Debian's binaries, as
 * the tests start them) with one instance and with N, seat i of each match
 * on instance i mod N (every action crosses Redis); `--spread matches` puts
 * all seats of match m on instance m mod N instead.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startServices } from '../../test/server/cluster-services';
import { drive } from './drive';
import type { ClientKind } from './seat-client';
import { startServer, stopServer } from './server-runner';
import { comparisons, limitOf, medians, type Engine, type Medians, type RunResult } from './summary';

const list = (value: string) => value.split(',').map(Number);
const SIZES = list(process.env.BENCH_SERVER_MATCHES ?? '50,200,500');
const SEAT_COUNTS = list(process.env.BENCH_SERVER_SEATS ?? '2,4');
const RUNS = Number(process.env.BENCH_SERVER_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SERVER_SECONDS ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_SERVER_WARMUP_SECONDS ?? 3);
const CLIENT = (process.env.BENCH_SERVER_CLIENT ?? 'light') as ClientKind;
const OUT = process.env.BENCH_OUT ?? 'bench/results/server.json';
const flag = (name: string) => process.argv[process.argv.indexOf(`--${name}`) + 1];
const INSTANCES = Number(process.argv.includes('--instances') ? flag('instances') : 1);
const CLUSTER = process.argv.includes('--db') && flag('db') === 'postgres';
if (CLUSTER && INSTANCES > 1 && flag('pubsub') !== 'redis') throw new Error('--instances over 1 needs --pubsub redis');
const SPREAD = process.argv.includes('--spread') && flag('spread') === 'matches' ? 'match' : 'seat';
const ENGINES = (
  process.env.BENCH_SERVER_ENGINES ??
  (CLUSTER ? `turnchart,turnchart-pg,turnchart-pg-${INSTANCES}` : 'turnchart,turnchart-memory,boardgameio')
).split(',') as Engine[];

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

/** One server at one size: a fresh process, an unmeasured pass, the timed one. */
async function measure(engine: Engine, matches: number, seats: number, run: number): Promise<RunResult> {
  const dir = mkdtempSync(join(tmpdir(), 'turnchart-bench-'));
  const server = await startServer(engine, dir);
  try {
    const driven = await drive(server, {
      matches,
      seats,
      client: CLIENT,
      spread: SPREAD,
      warmupSeconds: WARMUP_SECONDS,
      seconds: SECONDS,
      prefix: `bench-${run}-${engine}`,
    });
    const report = await stopServer(server, engine);
    return {
      ...driven,
      engine,
      matches,
      seats,
      run,
      cpuPerAction: report.cpuMs / driven.actions,
      gcPerAction: report.gcMs / driven.actions,
      serverCpuShare: report.cpuMs / 1000 / driven.seconds,
      rss: report.rss,
      maxRss: report.maxRss,
      heapUsed: report.heapUsed,
      external: report.external,
      arrayBuffers: report.arrayBuffers,
      load: loadavg()[0],
    };
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

function row(r: RunResult | (Medians & { engine: string })): string {
  const base = `${r.engine.padEnd(18)} ${r.actionsPerSecond.toFixed(0).padStart(7)} actions/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   server CPU ${(r.cpuPerAction * 1000).toFixed(0).padStart(4)} µs/action (GC ${(r.gcPerAction * 1000).toFixed(0).padStart(3)})   RSS ${mb(r.rss)} (heap ${mb(r.heapUsed)}, external ${mb(r.external)}, buffers ${mb(r.arrayBuffers)})`;
  const cores = `   cores: server ${r.serverCpuShare.toFixed(2)}, client ${r.clientCpuShare.toFixed(2)} (limit: ${limitOf(r)})`;
  const failed = 'seatErrors' in r && r.seatErrors > 0 ? `   ${r.seatErrors} seat sockets failed` : '';
  return base + cores + failed;
}

async function main(): Promise<void> {
  const services = CLUSTER ? await startServices() : undefined;
  if (CLUSTER && !services) throw new Error('PostgreSQL and redis-server are needed for --db postgres');
  if (services) Object.assign(process.env, { BENCH_POSTGRES: services.postgresUrl, BENCH_REDIS: services.redisUrl });
  try {
    await measureAll();
  } finally {
    await services?.stop();
  }
}

async function measureAll(): Promise<void> {
  const started = performance.now();
  const load = () =>
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`;
  process.stdout.write(
    `served benchmark: ${SIZES.join('/')} matches × ${SEAT_COUNTS.join('/')} seats, ${CLIENT} clients, ` +
      `${SECONDS} s windows after ${WARMUP_SECONDS} s unmeasured, ${RUNS} runs${CLUSTER ? `, seats spread by ${SPREAD}` : ''}; ` +
      `${cpus().length} cores, ${load()}\n`,
  );
  const results: RunResult[] = [];
  for (let run = 0; run < RUNS; run++) {
    for (const seats of SEAT_COUNTS)
      for (const matches of SIZES) {
        process.stdout.write(
          `\nrun ${run + 1}, ${matches} matches × ${seats} seats (load ${loadavg()[0].toFixed(1)})\n`,
        );
        for (const engine of run % 2 === 0 ? ENGINES : [...ENGINES].reverse()) {
          const result = await measure(engine, matches, seats, run);
          results.push(result);
          process.stdout.write(`${row(result)}   load ${result.load.toFixed(1)}\n`);
        }
      }
  }
  const summary: Record<string, Record<string, Medians>> = {};
  process.stdout.write(`\nmedians of ${RUNS} runs\n`);
  for (const seats of SEAT_COUNTS)
    for (const matches of SIZES) {
      const key = `${matches}x${seats}`;
      summary[key] = Object.fromEntries(
        ENGINES.map((engine) => [
          engine,
          medians(results.filter((r) => r.engine === engine && r.matches === matches && r.seats === seats)),
        ]),
      );
      const loads = Object.values(summary[key]).flatMap((m) => m.load);
      process.stdout.write(
        `${matches} matches × ${seats} seats (load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)})\n`,
      );
      for (const engine of ENGINES) process.stdout.write(`  ${row({ ...summary[key][engine], engine })}\n`);
      for (const line of comparisons(ENGINES, summary[key], CLUSTER)) process.stdout.write(`${line}\n`);
    }
  mkdirSync(dirname(OUT), { recursive: true });
  const settings = { client: CLIENT, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, runs: RUNS };
  writeFileSync(OUT, JSON.stringify({ ...settings, sizes: SIZES, seats: SEAT_COUNTS, results, summary }, null, 2));
  const minutes = (performance.now() - started) / 60_000;
  process.stdout.write(`\nwrote ${OUT}; the run took ${minutes.toFixed(1)} min, ${load()}\n`);
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error?.stack ?? error}\n`);
    process.exit(1);
  },
);
