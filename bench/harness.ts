/**
 * Side-by-side measurement: both engines run the same workload in the same
 * process, alternating (A, B, A, B, ...), and each reports the median of its
 * rounds. Only ratios measured this way are reported; absolute numbers depend
 * on the machine and its load.
 */

/** Does a round's operations; `dispose`, when given, releases what the round made (not timed). */
export type Run = (() => void) & { dispose?: () => void };

export interface Workload {
  /** Prepares a fresh state and returns a function doing `ops` operations. */
  prepare(): Run;
  ops: number;
}

export interface Comparison {
  name: string;
  turnchart: number;
  boardgameio: number;
  /** turnchart ops/s divided by boardgame.io ops/s. */
  ratio: number;
  unit: string;
}

/**
 * BENCH_CLOCK=cpu times rounds by the process's CPU time (user and system,
 * all threads: garbage collection included) instead of the wall clock: on a
 * machine shared with other work, a round's wall time includes the time the
 * process waited for a core.
 */
const CPU_CLOCK = process.env.BENCH_CLOCK === 'cpu';

function nowNs(): number {
  if (!CPU_CLOCK) return Number(process.hrtime.bigint());
  const { user, system } = process.cpuUsage();
  return (user + system) * 1000;
}

function timed(workload: Workload): { opsPerSecond: number; ms: number } {
  const run = workload.prepare();
  const start = nowNs();
  run();
  const ns = nowNs() - start;
  run.dispose?.();
  return { opsPerSecond: (workload.ops * 1e9) / ns, ms: ns / 1e6 };
}

function opsPerSecond(workload: Workload): number {
  return timed(workload).opsPerSecond;
}

/**
 * Warm-up, not counted: at least this many rounds and this much time per
 * engine. BENCH_WARMUP_ROUNDS=0 with BENCH_WARMUP_MS=0 skips it (the smoke
 * test checks that every benchmark runs, not what it measures).
 */
const WARMUP_ROUNDS = Number(process.env.BENCH_WARMUP_ROUNDS ?? 3);
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 300);

/**
 * Rounds until the optimizing compiler has settled: one round was not
 * enough (turnchart's first benchmark still doubled its speed over the next
 * seven rounds, so the median measured the warm-up). Alternating, so both
 * engines warm up under the same conditions.
 */
function warmUp(workloads: Workload[]): void {
  const spent = workloads.map(() => 0);
  for (let round = 0; round < WARMUP_ROUNDS || spent.some((ms) => ms < WARMUP_MS); round++) {
    workloads.forEach((workload, i) => (spent[i] += timed(workload).ms));
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function compare(name: string, turnchart: Workload, boardgameio: Workload, rounds: number): Comparison {
  warmUp([turnchart, boardgameio]);
  const a: number[] = [];
  const b: number[] = [];
  // The order alternates too (A, B, B, A, ...): a round pays for garbage the round before it left, and
  // neither engine should always be the one that follows the other.
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      a.push(opsPerSecond(turnchart));
      b.push(opsPerSecond(boardgameio));
    } else {
      b.push(opsPerSecond(boardgameio));
      a.push(opsPerSecond(turnchart));
    }
  }
  const tc = median(a);
  const bg = median(b);
  // BENCH_VERBOSE=1: every round's ops/s, to see how steady a comparison is.
  if (process.env.BENCH_VERBOSE)
    process.stdout.write(
      `  ${name} rounds: turnchart ${a.map(Math.round).join(' ')}; boardgame.io ${b.map(Math.round).join(' ')}\n`,
    );
  return { name, turnchart: tc, boardgameio: bg, ratio: tc / bg, unit: 'ops/s' };
}

export function measure(workload: Workload, rounds: number): number {
  warmUp([workload]);
  const values: number[] = [];
  for (let i = 0; i < rounds; i++) values.push(opsPerSecond(workload));
  return median(values);
}

export function format(n: number): string {
  return n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(2);
}
