import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { calibrate } from '../game-clock';
import type { Comparison } from '../harness';
import { REALISTIC_GAMES } from '../realistic';
import { recordGames, verifyReplay } from '../realistic-replay';
import { perAction, perRun, verifyClients } from '../realistic-split';
import { scheduleFromEnv } from '../round-size';
import type { PairedRatio } from '../paired-ratio';
import type { AddRow, Extra } from './section';

const MODE = process.env.NODE_ENV === 'production' ? 'production' : 'development';
/** Actions replayed per round of a realistic workload (whole games). */
const REALISTIC_ACTIONS = Number(process.env.BENCH_REALISTIC_ACTIONS ?? 1000);
const SCHEDULE = scheduleFromEnv();
/** BENCH_GAMES=checkers,party: only these realistic games. */
const ONLY = process.env.BENCH_GAMES?.split(',');

/** The correction's check (realistic-split.ts, `timerCheck`): `+12 (−40–60)` ns a call. */
const checked = (c: PairedRatio) => `${c.median.toFixed(0)} (${c.low.toFixed(0)}–${c.high.toFixed(0)})`.padEnd(24);
const f2 = (n: number) => `${n.toFixed(2)}×`.padStart(8);
/** A paired ratio with the middle half of its rounds: `9.8× (8.1–11.2)`. */
const spread = (r: PairedRatio) => `${r.median.toFixed(1)}× (${r.low.toFixed(1)}–${r.high.toFixed(1)})`.padEnd(20);

/**
 * 6. Realistic workloads (bench/realistic.ts) in this process's mode: each game's recorded actions replayed
 * through both engines' clients, with the split of each action's time between the game's code and the engine.
 */
export function realisticSection(add: AddRow, extra: Extra): void {
  const calibration = calibrate();
  const games: Record<string, unknown> = {};
  const tag = MODE === 'production' ? 'prod' : 'dev';
  const timerNs = (process.env.BENCH_CLOCK === 'cpu' ? calibration.perCallCpuMs : calibration.perCallMs) * 1e6;
  process.stdout.write(
    `\nrealistic games, ${MODE} mode: µs per action, the timers' cost (${timerNs.toFixed(0)} ns a call) taken out\n` +
      `${''.padEnd(44)}${'turnchart'.padEnd(24)}${'boardgame.io'.padEnd(24)}boardgame.io / turnchart: median of the rounds (middle half)\n` +
      `${'game'.padEnd(44)}${'total game engine'.padEnd(24)}${'total game engine'.padEnd(24)}per run, then per action\n`,
  );
  for (const spec of REALISTIC_GAMES.filter((s) => !ONLY || ONLY.includes(s.name))) {
    const recorded = recordGames(spec, REALISTIC_ACTIONS);
    for (const actions of recorded) verifyReplay(spec, actions);
    const summary = verifyClients(spec, recorded);
    const load = loadavg()[0];
    const run = perRun(spec, recorded, SCHEDULE, calibration);
    const action = perAction(spec, recorded, SCHEDULE.rounds, SCHEDULE.warmupRounds, calibration);
    const [tc, bg] = [run.timed.turnchart, run.timed.boardgameio];
    // The same game code costs each engine differently (reads through its drafts, collections that land in it):
    // with the game's code at the cheaper engine's cost, what each engine adds is the rest.
    const floor = Math.min(tc.game, bg.game);
    // Ratios are boardgame.io's time over turnchart's, the median of the rounds' pairs (paired-ratio.ts).
    const overhead = {
      perRun: run.ratios.engine,
      perAction: action.ratios.engine,
      overFloor: (bg.total - floor) / (tc.total - floor),
    };
    const total = { perRun: run.ratios.total, perAction: action.ratios.total };
    games[`${spec.name} (${MODE})`] = { ...summary, load, perRun: run, perAction: action, overhead, total };
    const [atc, abg] = [action.turnchart, action.boardgameio];
    const cells = (x: { total: number; game: number; engine: number }) =>
      `${[x.total, x.game, x.engine].map((n) => n.toFixed(1).padStart(7)).join('')}   `;
    process.stdout.write(
      `${`${spec.label} (${tag})`.padEnd(44)}${cells(tc)}${cells(bg)}` +
        `engine ${spread(overhead.perRun)}floor ${f2(overhead.overFloor)}  total ${spread(total.perRun)}  load ${load.toFixed(1)}\n` +
        `${'  per action'.padEnd(44)}${cells(atc)}${cells(abg)}engine ${spread(overhead.perAction)}${''.padEnd(16)}total ${spread(total.perAction)}\n` +
        `${'  timers, corrected less untimed'.padEnd(44)}${checked(run.timerCheck.turnchart)}${checked(run.timerCheck.boardgameio)}ns a call, per run; ` +
        `the games ${run.repeats.turnchart}× / ${run.repeats.boardgameio}× a round\n`,
    );
    add({
      name: `${spec.label} (${tag})`,
      turnchart: 1e6 / run.untimed.turnchart,
      boardgameio: 1e6 / run.untimed.boardgameio,
      ratio: run.untimed.boardgameio / run.untimed.turnchart,
      unit: 'actions/s',
    });
  }
  extra.realisticGames = games;
  extra.calibration = { [MODE]: calibration };
}

/** Runs this benchmark's realistic section in a child process in `mode` and returns its results. */
export function realisticRun(mode: 'development' | 'production'): {
  results: Comparison[];
  realisticGames: unknown;
  calibration: unknown;
} {
  const dir = mkdtempSync(join(tmpdir(), 'turnchart-bench-'));
  try {
    const out = join(dir, `${mode}.json`);
    // import.meta.url is the bundle's (bench/.build/index.mjs): the benchmark runs itself as the child.
    execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
      env: { ...process.env, NODE_ENV: mode, BENCH_CHILD: '1', BENCH_OUT: out },
      encoding: 'utf8',
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    return JSON.parse(readFileSync(out, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
