/**
 * One server of the served benchmark, in its own process:
 * `node server-process.mjs <turnchart|turnchart-memory|boardgameio|boardgameio-flatfile|floor|floor+<µs>> <dir>`.
 * Prints `ready <port>` once clients may connect; runs until killed.
 * turnchart stores matches in SQLite in `<dir>` (its default) or in memory;
 * boardgame.io uses its default in-memory store. `turnchart-pg-N` runs N
 * instances on $BENCH_POSTGRES and $BENCH_REDIS: this process and N-1
 * children, `ready <port>,<port>…`, CPU summed over all of them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { PerformanceObserver } from 'node:perf_hooks';
import { Server } from '../../src/adapters/server/index';
import { createServer } from 'node:http';
import { serveFloor } from './floor-server';
import { relay } from './game';
import { timedProfile } from './timed-profile';

const [engine, dir, role] = process.argv.slice(2);
// A worker ends with its parent, even one killed with SIGKILL (its stdin then closes).
if (role === 'worker') process.stdin.on('end', () => process.exit(1)).resume();
const instances = engine.startsWith('turnchart-pg') ? Number(engine.slice('turnchart-pg-'.length) || 1) : 1;
const workers: { child: ChildProcess; port: Promise<number>; cpu: Promise<number> }[] = [];
// SIGUSR1 starts the measured window and SIGUSR2 ends it; SIGINT prints the window's CPU
// time (every thread of the process: user + system, in ms; up to now if it was not ended),
// its main thread's garbage collection pauses and its memory at its end (RSS, V8's heap in use,
// memory outside it that V8 knows of, the array buffers among that), and exits normally (so --cpu-prof writes its profile).
let baseline = process.cpuUsage();
/** The measured window's CPU time, garbage collection pauses (ms) and the RSS at its end, once SIGUSR2 closed it. */
let window: { cpu: NodeJS.CpuUsage; gc: number; memory: NodeJS.MemoryUsage } | undefined;
const profile = timedProfile(engine);
/** The main thread's garbage collection pauses since the window began, ms (V8's helper threads work beside them). */
let gcPauses = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcPauses += entry.duration;
}).observe({ entryTypes: ['gc'] });
process.on('SIGUSR1', () => {
  baseline = process.cpuUsage();
  gcPauses = 0;
  window = undefined;
  profile.start();
  for (const { child } of workers) child.kill('SIGUSR1');
});
process.on('SIGUSR2', () => {
  window = { cpu: process.cpuUsage(baseline), gc: gcPauses, memory: process.memoryUsage() };
  for (const { child } of workers) child.kill('SIGUSR2');
});
process.on('SIGINT', async () => {
  for (const { child } of workers) child.kill('SIGINT');
  const { cpu, gc, memory } = window ?? {
    cpu: process.cpuUsage(baseline),
    gc: gcPauses,
    memory: process.memoryUsage(),
  };
  const { rss, heapUsed, external, arrayBuffers } = memory;
  await profile.stop();
  const others = (await Promise.all(workers.map((worker) => worker.cpu))).reduce((a, b) => a + b, 0);
  // The peak RSS over the process's life comes in kB.
  const { maxRSS } = process.resourceUsage();
  const line =
    `cpu ${(cpu.user + cpu.system) / 1000 + others} rss ${rss} maxrss ${maxRSS * 1024} gc ${gc} ` +
    `heap ${heapUsed} external ${external} buffers ${arrayBuffers}\n`;
  process.stdout.write(line, () => process.exit(0));
});

/** Another instance of `turnchart-pg`, in its own process. */
function worker() {
  const child = spawn(process.execPath, [process.argv[1], 'turnchart-pg', dir, 'worker'], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: process.env,
  });
  let out = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  const seen = (pattern: RegExp) =>
    new Promise<number>((resolve) =>
      child.stdout!.on('data', () => {
        const match = pattern.exec(out);
        if (match) resolve(Number(match[1]));
      }),
    );
  return { child, port: seen(/ready (\d+)\n/), cpu: seen(/cpu ([\d.]+) /) };
}

async function main(): Promise<void> {
  if (engine === 'floor' || engine.startsWith('floor+')) {
    const http = createServer();
    serveFloor(http, Number(engine.slice('floor+'.length)) || 0);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    process.stdout.write(`ready ${(http.address() as AddressInfo).port}\n`);
    return;
  }
  if (engine.startsWith('boardgameio')) {
    // boardgame.io has no exports map (bgio-quirks 18).
    const require_ = createRequire(import.meta.url);
    // Its run() listens on every interface; the benchmark keeps both servers on loopback.
    const http = require_('node:http');
    const listen = http.Server.prototype.listen;
    http.Server.prototype.listen = function (port: unknown, ...rest: unknown[]) {
      return typeof port === 'number'
        ? listen.call(this, port, '127.0.0.1', ...rest)
        : listen.call(this, port, ...rest);
    };
    const bgio = require_('boardgame.io/server');
    // FlatFile: boardgame.io's own durable store (node-persist, a file per match key).
    const db = engine === 'boardgameio-flatfile' ? new bgio.FlatFile({ dir: join(dir, 'flatfile') }) : undefined;
    const server = bgio.Server({ games: [{ ...relay }], origins: [], db });
    const { appServer } = await server.run({ port: 0 });
    process.stdout.write(`ready ${appServer.address().port}\n`);
    return;
  }
  const cluster = engine.startsWith('turnchart-pg');
  const db = cluster
    ? process.env.BENCH_POSTGRES!
    : engine === 'turnchart-memory'
      ? ':memory:'
      : join(dir, 'bench.sqlite');
  const server = Server({
    games: [relay],
    db,
    pubsub: cluster && process.env.BENCH_REDIS ? process.env.BENCH_REDIS : undefined,
    origins: [],
  });
  const { appServer } = await server.run({ port: 0, host: '127.0.0.1' });
  for (let i = 1; i < instances; i++) workers.push(worker());
  const ports = [(appServer.address() as AddressInfo).port, ...(await Promise.all(workers.map((w) => w.port)))];
  process.stdout.write(`ready ${ports.join(',')}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  process.exit(1);
});
