/**
 * BENCH_PROCESSES=n: the realistic games in n processes per mode (the modes
 * alternating), each with its own warm-up, heap and compiled code. What a
 * process's state does to a game's figures (what the compiler made of the
 * code, where the collections fell) then shows as the range of the
 * processes' figures instead of moving the one figure: a game's figures are
 * those of its median process by the per-run engine ratio, printed with the
 * range of all of them.
 */
import type { Comparison } from '../harness';
import type { PairedRatio } from '../paired-ratio';
import { realisticRun } from './realistic';

const MODES = ['development', 'production'] as const;

type ModeRun = ReturnType<typeof realisticRun>;

/** What one game's line of one process's section reports (sections/realistic.ts). */
interface GameFigures {
  load: number;
  overhead: { perRun: PairedRatio };
  total: { perRun: PairedRatio };
}

export const PROCESSES = Math.max(1, Number(process.env.BENCH_PROCESSES ?? 1));

const middle = (sorted: number[]) => (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
const times = (n: number) => `${n.toFixed(1)}×`;

/** Runs each mode's realistic section in `processes` children and returns one result as a single child's. */
export function realisticRuns(processes = PROCESSES): ModeRun {
  const runs: Record<string, ModeRun[]> = { development: [], production: [] };
  for (let p = 0; p < processes; p++)
    for (const mode of MODES) {
      if (processes > 1) process.stdout.write(`\nprocess ${p + 1} of ${processes}, ${mode} mode:`);
      runs[mode].push(realisticRun(mode));
    }
  const results: Comparison[] = [];
  const realisticGames: Record<string, unknown> = {};
  const calibration: Record<string, unknown> = {};
  if (processes > 1)
    process.stdout.write(
      `\nrealistic games, ${processes} processes per mode: boardgame.io / turnchart, per run, ` +
        `each process's median of the round pairs: the median process (the range of the processes)\n`,
    );
  for (const mode of MODES) {
    const modeRuns = runs[mode];
    Object.assign(calibration, modeRuns[0].calibration);
    const games = (run: ModeRun) => run.realisticGames as Record<string, GameFigures>;
    Object.keys(games(modeRuns[0])).forEach((key, row) => {
      const each = modeRuns.map((run) => games(run)[key]);
      const engine = each.map((g) => g.overhead.perRun.median);
      const byEngine = engine.map((_, i) => i).sort((a, b) => engine[a] - engine[b]);
      const chosen = byEngine[(processes - 1) >> 1];
      results.push(modeRuns[chosen].results[row]);
      const sorted = byEngine.map((i) => engine[i]);
      const range = { median: middle(sorted), low: sorted[0], high: sorted[sorted.length - 1] };
      realisticGames[key] = {
        ...each[chosen],
        processes: each.map((g) => ({ engine: g.overhead.perRun, total: g.total.perRun, load: g.load })),
        engineAcrossProcesses: range,
      };
      if (processes > 1)
        process.stdout.write(
          `${key.padEnd(44)}engine ${times(range.median)} (${times(range.low)}–${times(range.high)})`.padEnd(80) +
            `processes ${engine.map(times).join(' ')}\n`,
        );
    });
  }
  return { results, realisticGames, calibration };
}
