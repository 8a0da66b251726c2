/**
 * BENCH_SERVER_PROFILE=<dir>: a V8 CPU profile of the timed pass only (from
 * SIGUSR1 to SIGINT), written to `<dir>/<engine>-<pid>.cpuprofile`. A
 * `--cpu-prof` profile covers the whole process, whose start-up and
 * unmeasured passes are mostly the optimizing compiler.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const post = (session: Session, method: string, params?: object): Promise<any> =>
  new Promise((resolve, reject) =>
    session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
  );

/**
 * BENCH_SERVER_PERF=<dir>: `perf record` of the timed pass instead, which
 * samples CPU time (a V8 profile samples the wall clock, so on a busy
 * machine a function the thread was descheduled in looks expensive). Run
 * the server with BENCH_SERVER_NODE_ARGS=--perf-basic-prof for JS names.
 */
function perfRecord(engine: string, dir: string): { start(): void; stop(): Promise<void> } {
  let perf: ChildProcess | undefined;
  return {
    start() {
      perf?.kill('SIGINT'); // an earlier window's (each pass starts one; the last is the timed one)
      const out = join(dir, `${engine}-${process.pid}.perf.data`);
      perf = spawn('perf', ['record', '-F', '4999', '-g', '-p', String(process.pid), '-o', out], { stdio: 'ignore' });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (!perf || perf.exitCode !== null) return resolve();
        perf.once('exit', () => resolve());
        perf.kill('SIGINT');
      }),
  };
}

/**
 * BENCH_SERVER_HEAP_PROFILE=<dir>: V8's sampling heap profile of the timed
 * pass, of what outlived a young-generation collection (what the collector
 * copied or promoted), written to `<dir>/<engine>-<pid>.heapprofile`.
 */
function survivorProfile(engine: string, dir: string): { start(): void; stop(): Promise<void> } {
  const session = new Session();
  session.connect();
  const sampling = {
    samplingInterval: 1024,
    includeObjectsCollectedByMinorGC: false,
    includeObjectsCollectedByMajorGC: true,
  };
  let started: Promise<unknown> = post(session, 'HeapProfiler.enable');
  let sampled = false;
  return {
    start() {
      // Each pass starts a window; the last one is the timed one.
      const restart = sampled ? post(session, 'HeapProfiler.stopSampling') : undefined;
      sampled = true;
      started = started.then(() => restart).then(() => post(session, 'HeapProfiler.startSampling', sampling));
    },
    async stop() {
      if (!sampled) return;
      await started;
      const { profile } = await post(session, 'HeapProfiler.stopSampling');
      writeFileSync(join(dir, `${engine}-${process.pid}.heapprofile`), JSON.stringify(profile));
    },
  };
}

export function timedProfile(engine: string): { start(): void; stop(): Promise<void> } {
  if (process.env.BENCH_SERVER_PERF) return perfRecord(engine, process.env.BENCH_SERVER_PERF);
  if (process.env.BENCH_SERVER_HEAP_PROFILE) return survivorProfile(engine, process.env.BENCH_SERVER_HEAP_PROFILE);
  const dir = process.env.BENCH_SERVER_PROFILE;
  if (!dir) return { start() {}, stop: async () => {} };
  const session = new Session();
  session.connect();
  let started: Promise<unknown> | undefined;
  return {
    start() {
      started = post(session, 'Profiler.enable').then(() => post(session, 'Profiler.start'));
    },
    async stop() {
      if (!started) return;
      await started;
      const { profile } = await post(session, 'Profiler.stop');
      writeFileSync(join(dir, `${engine}-${process.pid}.cpuprofile`), JSON.stringify(profile));
    },
  };
}
