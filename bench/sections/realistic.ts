import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compare, type Comparison } from '../harness';
import { REALISTIC_GAMES } from '../realistic';
import { recordGames, replayWorkload, verifyReplay, type ReplaySummary } from '../realistic-replay';
import { ROUNDS, type AddRow, type Extra } from './section';

const MODE = process.env.NODE_ENV === 'production' ? 'production' : 'development';
/** Actions replayed per round of a realistic workload (whole games). */
const REALISTIC_ACTIONS = Number(process.env.BENCH_REALISTIC_ACTIONS ?? 2000);

/** 6. Realistic workloads (bench/realistic.ts) in this process's mode: each row is one game, whole games replayed. */
export function realisticSection(add: AddRow, extra: Extra): void {
  const games: Record<string, ReplaySummary & { games: number }> = {};
  for (const spec of REALISTIC_GAMES) {
    const recorded = recordGames(spec, REALISTIC_ACTIONS);
    const summaries = recorded.map((actions) => verifyReplay(spec, actions));
    const total = (key: 'actions' | 'refused' | 'printed') => summaries.reduce((sum, s) => sum + s[key], 0);
    games[`${spec.name} (${MODE})`] = {
      games: recorded.length,
      actions: total('actions'),
      refused: total('refused'),
      printed: total('printed'),
      gameover: summaries.map((s) => s.gameover),
    };
    add(
      compare(
        `${spec.label} (${MODE === 'production' ? 'prod' : 'dev'})`,
        replayWorkload(spec, recorded, 'turnchart'),
        replayWorkload(spec, recorded, 'boardgameio'),
        ROUNDS,
      ),
    );
    if (spec.name === 'checkers') {
      // The same games through each engine's local Client, as a browser game plays them.
      for (const actions of recorded) verifyReplay(spec, actions, 'client');
      add(
        compare(
          `checkers through Client (${MODE === 'production' ? 'prod' : 'dev'})`,
          replayWorkload(spec, recorded, 'turnchart', 'client'),
          replayWorkload(spec, recorded, 'boardgameio', 'client'),
          ROUNDS,
        ),
      );
    }
  }
  extra.realisticGames = games;
}

/** Runs this benchmark's realistic section in a child process in `mode` and returns its results. */
export function realisticRun(mode: 'development' | 'production'): { results: Comparison[]; realisticGames: unknown } {
  const dir = mkdtempSync(join(tmpdir(), 'turnchart-bench-'));
  try {
    const out = join(dir, `${mode}.json`);
    // import.meta.url is the bundle's (bench/.build/index.mjs): the benchmark runs itself as the child.
    execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
      env: { ...process.env, NODE_ENV: mode, BENCH_CHILD: '1', BENCH_OUT: out },
      encoding: 'utf8',
    });
    process.stdout.write(`\nrealistic workloads, ${mode} mode (same recorded actions on both engines)\n`);
    return JSON.parse(readFileSync(out, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
