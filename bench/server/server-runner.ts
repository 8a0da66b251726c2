/**
 * Starting and stopping one server of the served benchmark (server-process.ts,
 * in a process of its own, NODE_ENV=production): the ports it listens on, and
 * when it stops, the CPU time it used since its measured window began and the
 * memory it holds.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Engine } from './summary';

export interface ServerProcess {
  child: ChildProcess;
  /** One per instance. */
  ports: number[];
  /** Resolves when the server stops (SIGINT): CPU ms since SIGUSR1, RSS bytes now and at its peak. */
  report: Promise<ServerReport>;
}

export interface ServerReport {
  cpuMs: number;
  /** The main thread's garbage collection pauses in the window, ms (NaN from a build that does not report them). */
  gcMs: number;
  rss: number;
  maxRss: number;
  /** At the window's end: V8's heap in use, memory outside it that V8 knows of, the array buffers among that (NaN from a build that does not report them). */
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

const UNREPORTED: ServerReport = {
  cpuMs: NaN,
  rss: NaN,
  maxRss: NaN,
  gcMs: NaN,
  heapUsed: NaN,
  external: NaN,
  arrayBuffers: NaN,
};

/** Rejects after `seconds`: no stage of a run waits for ever. */
export const within = (seconds: number, what: string) =>
  new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`no ${what} after ${seconds} s`)), seconds * 1000).unref(),
  );

/**
 * `engine@<dir>` runs `engine` from the build of the served benchmark in
 * `<dir>` (another commit's `bench/.build/server`): builds compared in one run.
 */
export function startServer(engine: Engine, dir: string): Promise<ServerProcess> {
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const [name, build = dirname(process.argv[1])] = engine.split('@');
  const child = spawn(process.execPath, [...nodeArgs, join(build, 'server-process.js'), name, dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  let resolveReport: (report: ServerReport) => void = () => {};
  const report = new Promise<ServerReport>((resolve) => (resolveReport = resolve));
  return new Promise((resolve, reject) => {
    let out = '';
    const tee = process.env.BENCH_SERVER_STDOUT;
    child.stdout!.on('data', (chunk) => {
      if (tee) appendFileSync(join(tee, `${name}-${child.pid}.out`), chunk);
      out += chunk;
      const ready = /ready ([\d,]+)\n/.exec(out);
      if (ready) resolve({ child, ports: ready[1].split(',').map(Number), report });
      const used =
        /cpu ([\d.]+) rss (\d+) maxrss (\d+)(?: gc ([\d.]+))?(?: heap (\d+) external (\d+) buffers (\d+))?\n/.exec(out);
      if (used) {
        const [cpuMs, rss, maxRss, gcMs, heapUsed, external, arrayBuffers] = used.slice(1).map(Number);
        resolveReport({ cpuMs, rss, maxRss, gcMs, heapUsed, external, arrayBuffers });
      }
    });
    child.once('exit', () => resolveReport(UNREPORTED));
    child.once('exit', (code) => reject(new Error(`${engine} server exited ${code}`)));
  });
}

/** Stops the server and returns its report; it exits by itself after SIGINT (a --cpu-prof profile takes a moment), SIGKILL if not. */
export async function stopServer(server: ServerProcess, engine: Engine): Promise<ServerReport> {
  const { child } = server;
  child.kill('SIGINT');
  try {
    return await Promise.race([server.report, within(10, `${engine}: the CPU time`)]);
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  }
}
