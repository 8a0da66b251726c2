/**
 * The served benchmark's medians per server, and the ratios it prints:
 * each store against boardgame.io's default (in memory), and the durable
 * ones against each other (turnchart's SQLite, which commits before it
 * broadcasts, against boardgame.io's FlatFile, which writes after).
 */

export type Engine =
  'turnchart' | 'turnchart-memory' | 'boardgameio' | 'boardgameio-flatfile' | `turnchart-pg${string}`;

export interface RunResult {
  engine: Engine;
  actions: number;
  seconds: number;
  actionsPerSecond: number;
  p50: number;
  p99: number;
  complete: boolean;
  /** The server's CPU time per accepted action (all its threads), ms. */
  cpuPerAction: number;
  /** The clients' CPU time per accepted action (this process), ms. */
  clientCpuPerAction: number;
}

type Summary = Record<string, Pick<RunResult, 'actionsPerSecond' | 'p50' | 'p99' | 'cpuPerAction'>>;

const COMPARISONS: [Engine, Engine][] = [
  ['turnchart', 'boardgameio'],
  ['turnchart-memory', 'boardgameio'],
  ['turnchart', 'boardgameio-flatfile'],
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Each server's medians over its rounds. */
export function summarize(engines: Engine[], results: RunResult[]): Summary {
  return Object.fromEntries(
    engines.map((engine) => {
      const runs = results.filter((r) => r.engine === engine);
      return [
        engine,
        {
          actionsPerSecond: median(runs.map((r) => r.actionsPerSecond)),
          p50: median(runs.map((r) => r.p50)),
          p99: median(runs.map((r) => r.p99)),
          cpuPerAction: median(runs.map((r) => r.cpuPerAction)),
        },
      ];
    }),
  );
}

/** The ratio lines (several instances: each against the first engine). */
export function comparisons(engines: Engine[], summary: Summary, cluster: boolean): string[] {
  const pairs = cluster ? engines.slice(1).map((engine): [Engine, Engine] => [engine, engines[0]]) : COMPARISONS;
  return pairs
    .filter(([engine, base]) => summary[engine] && summary[base])
    .map(([engine, base]) => {
      const [s, b] = [summary[engine], summary[base]];
      return `${engine} / ${base}: ${(s.actionsPerSecond / b.actionsPerSecond).toFixed(2)}× actions/s, p50 ${(s.p50 / b.p50).toFixed(2)}×, p99 ${(s.p99 / b.p99).toFixed(2)}× (lower is better), ${(b.cpuPerAction / s.cpuPerAction).toFixed(2)}× actions per server CPU second`;
    });
}
