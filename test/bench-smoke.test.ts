/**
 * `npm run bench`, `npm run bench:profile`, `npm run bench:before-after` and `bench:legacy-bound`
 * keep working: their bundles build, one short round of every benchmark
 * runs (without warm-up) and writes a complete result file, the profiler
 * writes a profile, and the before/after comparison prints every game. Speed
 * is not asserted here (machines are shared and noisy); the figures come
 * from `npm run bench` itself.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HUNG_MS } from './support/hung';

const root = join(__dirname, '..');

/** Bundle `entry` to `outfile` inside the project (as the npm scripts do), so that xstate and boardgame.io resolve. */
const bundleOf = (entry: string, outfile: string, ...extra: string[]) =>
  execFileSync(
    join(root, 'node_modules/.bin/esbuild'),
    [
      entry,
      ...extra,
      '--bundle',
      '--platform=node',
      '--format=esm',
      '--packages=external',
      `--outfile=${outfile}`,
      '--log-level=warning',
    ],
    { cwd: root },
  );

test('the benchmark builds, runs every comparison once and writes its result file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'turnchart-bench-'));
  const bundle = join(root, 'bench/.build/smoke.mjs');
  try {
    const out = join(dir, 'result.json');
    bundleOf('bench/index.ts', bundle);
    const printed = execFileSync(process.execPath, ['--expose-gc', bundle], {
      cwd: root,
      env: {
        ...process.env,
        BENCH_ROUNDS: '1',
        BENCH_WARMUP_ROUNDS: '0',
        BENCH_WARMUP_MS: '0',
        BENCH_REALISTIC_ACTIONS: '200',
        BENCH_OUT: out,
      },
      encoding: 'utf8',
      timeout: HUNG_MS,
    });
    const result = JSON.parse(readFileSync(out, 'utf8'));
    const names: string[] = result.results.map((r: { name: string }) => r.name);
    for (const expected of [
      'reducer makeMove',
      'reducer endTurn',
      'client move',
      'client endTurn',
      'playout discard',
      'playout card-phases',
      'move at 16 seats',
      'endTurn at 16 seats',
      'match from a fresh identical game object',
    ]) {
      expect(names.some((name) => name.startsWith(expected))).toBe(true);
    }
    // The realistic games, in development mode and (from a child process) in production mode.
    const games = [
      'checkers',
      'tricks',
      'draft',
      'reversi',
      '0.4x war game',
      'caravan',
      'battleship',
      'party',
      'simultaneous',
    ];
    for (const game of games) {
      for (const mode of ['dev', 'prod'])
        expect(names.some((name) => name.startsWith(game) && name.endsWith(`(${mode})`))).toBe(true);
    }
    expect(Object.keys(result.realisticGames)).toHaveLength(2 * games.length);
    for (const [name, summary] of Object.entries<any>(result.realisticGames)) {
      expect([name, summary.refused]).toEqual([name, expect.any(Number)]);
      expect(summary.refused).toBeGreaterThan(0);
      expect(summary.refused).toBeLessThan(summary.actions);
      // Each engine's time per action, split into the game's code and the engine, both ways of alternating.
      for (const split of [summary.perRun.timed, summary.perAction])
        for (const engine of ['turnchart', 'boardgameio']) {
          const { total, game, engine: rest } = split[engine];
          expect([name, engine, total > 0, Number.isFinite(game)]).toEqual([name, engine, true, true]);
          expect(game + rest).toBeCloseTo(total, 6);
        }
      expect(summary.perRun.untimed.turnchart).toBeGreaterThan(0);
      // Without warm-up the rounds cannot be sized: one replay of the recorded games a round.
      expect(summary.perRun.repeats).toEqual({ turnchart: 1, boardgameio: 1 });
      expect(summary.processes).toHaveLength(1);
    }
    for (const mode of ['development', 'production']) expect(result.calibration[mode].perCallMs).toBeGreaterThan(0);
    for (const r of result.results) {
      expect(r.turnchart).toBeGreaterThan(0);
      expect(r.boardgameio).toBeGreaterThan(0);
      expect(r.ratio).toBeCloseTo(r.turnchart / r.boardgameio, 6);
    }
    expect(result.builds.length).toBeGreaterThan(1);
    expect(result.snapshotBytes.turnchart).toBeGreaterThan(0);
    expect(result.heapPer1000Matches.gcExposed).toBe(true);
    for (const kept of Object.values<Record<string, number>>(result.retainedPerFreshMatch)) {
      for (const engine of ['turnchart', 'turnchartClient', 'boardgameio']) expect(kept[engine]).toBeGreaterThan(0);
    }
    expect(printed).toContain(`wrote ${out}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(bundle, { force: true });
  }
});

test('the profiler runs one engine on one workload and writes its profile', () => {
  const bundle = join(root, 'bench/.build/profile-smoke.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'turnchart-profile-'));
  try {
    bundleOf('bench/profile.ts', bundle, '--sourcemap');
    // Run from a scratch directory: the profile lands in its bench/results, not the project's.
    const printed = execFileSync(process.execPath, [bundle, 'move', '--seconds', '0.2', '--top', '3'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: HUNG_MS,
    });
    expect(printed).toMatch(/move on turnchart: [\d,]+ ops\/s alone/);
    // Samples are mapped back to their source files through the bundle's source map.
    expect(printed).toContain('time of its own, by layer');
    expect(printed).toMatch(/% {2}src\/machines\n/);
    const profile = JSON.parse(readFileSync(join(dir, 'bench/results/move-turnchart.cpuprofile'), 'utf8'));
    expect(profile.nodes.length).toBeGreaterThan(10);
    expect(() => execFileSync(process.execPath, [bundle, 'nope'], { cwd: dir, stdio: 'pipe' })).toThrow(
      /unknown workload "nope"/,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(bundle, { force: true });
    rmSync(`${bundle}.map`, { force: true });
  }
});

test('bench:before-after compares two builds (here this one with itself) and a timed replay, each in a process of its own, game by game', () => {
  const bundle = join(root, 'bench/.build/before-after-smoke.mjs');
  try {
    bundleOf('bench/before-after.ts', bundle);
    // npm test builds dist/ before jest runs.
    const printed = execFileSync(process.execPath, [bundle, root], {
      cwd: root,
      env: { ...process.env, BENCH_ROUNDS: '1', BENCH_WARMUP_ROUNDS: '0' },
      encoding: 'utf8',
      timeout: HUNG_MS,
    });
    // Each ratio is followed by the middle half of the rounds' ratios: `0.987  (0.950–1.030)`.
    const spread = ' +\\([\\d.]+–[\\d.]+\\)';
    const rows = [
      ...printed.matchAll(
        new RegExp(`^([\\w-]+) +([\\d.]+) +([\\d.]+) +([\\d.]+)${spread}\\n +([\\d.]+) +([\\d.]+)${spread}$`, 'gm'),
      ),
    ];
    expect(rows.map((row) => row[1])).toEqual([
      'checkers',
      'tricks',
      'draft',
      'reversi',
      'skirmish-04x',
      'caravan',
      'battleship',
      'party',
      'harvest',
    ]);
    for (const [, , before, after, ratio, timed, timedRatio] of rows) {
      expect(Number(before) > 0 && Number(after) > 0 && Number(timed) > 0).toBe(true);
      expect(Number(ratio)).toBeCloseTo(Number(after) / Number(before), 1);
      expect(Number(timedRatio)).toBeCloseTo(Number(timed) / Number(after), 1);
    }
  } finally {
    rmSync(bundle, { force: true });
  }
});

test('bench:legacy-bound records the war games and plays both forms of the game to the same ends', () => {
  const bundle = join(root, 'bench/.build/legacy-bound-smoke.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'legacy-bound-'));
  try {
    bundleOf('bench/legacy-bound.ts', bundle);
    const games = join(dir, 'games.json');
    execFileSync(process.execPath, [bundle, 'record', games], { cwd: root, timeout: HUNG_MS });
    const recorded = JSON.parse(readFileSync(games, 'utf8')) as unknown[][];
    expect(recorded.length).toBe(8);
    expect(recorded.every((game) => game.length > 0)).toBe(true);
    // It throws (a non-zero exit) if the two forms end in a different G or ctx.
    const printed = execFileSync(process.execPath, [bundle, 'alternate', games, '1'], {
      cwd: root,
      encoding: 'utf8',
      timeout: HUNG_MS,
    });
    const line = printed.match(
      /legacy ([\d.]+) µs, 0\.50 form ([\d.]+) µs of CPU per action; 0\.50 \/ legacy ([\d.]+)/,
    );
    expect(line).not.toBeNull();
    const [, legacy, modern, ratio] = line!.map(Number);
    expect(legacy > 0 && modern > 0).toBe(true);
    expect(ratio).toBeCloseTo(modern / legacy, 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(bundle, { force: true });
  }
});
