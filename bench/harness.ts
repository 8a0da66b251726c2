/**
 * Side-by-side measurement: both engines run the same workload in the same
 * process, alternating (A, B, A, B, ...), and each reports the median of its
 * rounds. Only ratios measured this way are reported; absolute numbers depend
 * on the machine and its load.
 */

export interface Workload {
  /** Prepares a fresh state and returns a function doing `ops` operations. */
  prepare(): () => void;
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

function opsPerSecond(workload: Workload): number {
  const run = workload.prepare();
  const start = process.hrtime.bigint();
  run();
  const ns = Number(process.hrtime.bigint() - start);
  return (workload.ops * 1e9) / ns;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function compare(name: string, turnchart: Workload, boardgameio: Workload, rounds: number): Comparison {
  // One warm-up round each, not counted.
  opsPerSecond(turnchart);
  opsPerSecond(boardgameio);
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < rounds; i++) {
    a.push(opsPerSecond(turnchart));
    b.push(opsPerSecond(boardgameio));
  }
  const tc = median(a);
  const bg = median(b);
  return { name, turnchart: tc, boardgameio: bg, ratio: tc / bg, unit: 'ops/s' };
}

export function measure(workload: Workload, rounds: number): number {
  opsPerSecond(workload);
  const values: number[] = [];
  for (let i = 0; i < rounds; i++) values.push(opsPerSecond(workload));
  return median(values);
}

export function format(n: number): string {
  return n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(2);
}
