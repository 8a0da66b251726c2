/**
 * The served benchmark's medians per server and size, and the ratios it
 * prints: each store against boardgame.io's default (in memory), and the
 * durable ones against each other (turnchart's SQLite, which commits before
 * it broadcasts, against boardgame.io's FlatFile, which writes after).
 */
import type { PassResult } from './drive';

export type Engine =
  | 'turnchart'
  | 'turnchart-memory'
  | 'boardgameio'
  | 'boardgameio-flatfile'
  | 'floor'
  | `floor+${number}`
  | `turnchart-pg${string}`
  | `${string}@${string}`;

export interface RunResult extends PassResult {
  engine: Engine;
  matches: number;
  seats: number;
  run: number;
  /** The server's CPU time per answered action over the window (all its threads), ms. */
  cpuPerAction: number;
  /** The server's main thread's garbage collection pauses per answered action, ms. */
  gcPerAction: number;
  /** The server's share of the machine's cores over the window. */
  serverCpuShare: number;
  /** The server's RSS at the end of the window, and its peak, bytes. */
  rss: number;
  maxRss: number;
  /** At the window's end: V8's heap in use, memory outside it V8 knows of, the array buffers among that; bytes. */
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** The machine's 1-minute load average when the pass ended. */
  load: number;
}

const FIELDS = [
  'actionsPerSecond',
  'p50',
  'p99',
  'cpuPerAction',
  'gcPerAction',
  'rss',
  'heapUsed',
  'external',
  'arrayBuffers',
  'clientCpuShare',
  'serverCpuShare',
  'played',
] as const;
export type Medians = Record<(typeof FIELDS)[number], number> & { runs: number; load: [number, number] };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Medians over the runs of one server at one size. */
export function medians(results: RunResult[]): Medians {
  const out = Object.fromEntries(FIELDS.map((key) => [key, median(results.map((r) => r[key]))])) as unknown as Medians;
  const loads = results.map((r) => r.load);
  return { ...out, runs: results.length, load: [Math.min(...loads), Math.max(...loads)] };
}

/**
 * What bounded a pass: a process that used most of a core (the server, or
 * the one process of every client), else the machine (neither got a core:
 * other work on the shared cores took the rest).
 */
export function limitOf(r: { serverCpuShare: number; clientCpuShare: number }): 'server' | 'client' | 'machine' {
  if (r.serverCpuShare >= FULL_CORE) return 'server';
  if (r.clientCpuShare >= FULL_CORE) return 'client';
  return 'machine';
}
const FULL_CORE = 0.85;

const COMPARISONS: [Engine, Engine][] = [
  ['turnchart', 'boardgameio'],
  ['turnchart-memory', 'boardgameio'],
  ['turnchart', 'boardgameio-flatfile'],
];

/**
 * With the floor measured (floor-server.ts): each server's CPU per action
 * above what reading the move and sending the update over socket.io cost.
 */
function aboveFloor(summary: Record<string, Medians>): string[] {
  const floor = summary.floor;
  const base = summary.boardgameio;
  if (!floor || !base) return [];
  const own = (m: Medians) => m.cpuPerAction - floor.cpuPerAction;
  const us = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;
  return (['turnchart', 'turnchart-memory'] as const)
    .filter((engine) => summary[engine])
    .map(
      (engine) =>
        `  above the floor (${us(floor.cpuPerAction)} of socket.io per action): ${engine} ${us(own(summary[engine]))}, ` +
        `boardgameio ${us(own(base))}: ${(own(base) / own(summary[engine])).toFixed(2)}× less server work per action`,
    );
}

/** The ratio lines for one size (several instances: each against the first engine). */
export function comparisons(engines: Engine[], summary: Record<string, Medians>, cluster: boolean): string[] {
  const pairs = cluster ? engines.slice(1).map((engine): [Engine, Engine] => [engine, engines[0]]) : COMPARISONS;
  return [...ratios(pairs, summary, cluster), ...aboveFloor(summary)];
}

function ratios(pairs: [Engine, Engine][], summary: Record<string, Medians>, cluster: boolean): string[] {
  return pairs
    .filter(([engine, base]) => summary[engine] && summary[base])
    .map(([engine, base]) => {
      const [s, b] = [summary[engine], summary[base]];
      const speed = s.actionsPerSecond / b.actionsPerSecond;
      const goal =
        base.startsWith('boardgameio') && !cluster
          ? `; goal (≥ 3× actions/s, p99 and RSS ≤): ${speed >= 3 && s.p99 <= b.p99 && s.rss <= b.rss ? 'met' : 'not met'}`
          : '';
      return (
        `  ${engine} / ${base}: ${speed.toFixed(2)}× actions/s, ` +
        `p50 ${(s.p50 / b.p50).toFixed(2)}×, p99 ${(s.p99 / b.p99).toFixed(2)}× (lower is better), ` +
        `${(b.cpuPerAction / s.cpuPerAction).toFixed(2)}× actions per server CPU second, RSS ${(s.rss / b.rss).toFixed(2)}× ` +
        `(holding ${(s.played / b.played).toFixed(2)}× the actions)` +
        goal
      );
    });
}
