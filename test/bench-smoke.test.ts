/**
 * `npm run bench` keeps working: its bundle builds and one short round of
 * every benchmark runs and writes a complete result file. Speed is not
 * asserted here (machines are shared and noisy); the figures come from
 * `npm run bench` itself.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..');

test('the benchmark builds, runs every comparison once and writes its result file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'turnchart-bench-'));
  const bundle = join(root, 'bench/.build/smoke.mjs');
  try {
    const out = join(dir, 'result.json');
    // Built inside the project (as `npm run bench` builds it) so that xstate and boardgame.io resolve.
    execFileSync(join(root, 'node_modules/.bin/esbuild'), ['bench/index.ts', '--bundle', '--platform=node', '--format=esm', '--packages=external', `--outfile=${bundle}`, '--log-level=warning'], { cwd: root });
    const printed = execFileSync(process.execPath, ['--expose-gc', bundle], {
      cwd: root,
      env: { ...process.env, BENCH_ROUNDS: '1', BENCH_WARMUP_MS: '0', BENCH_OUT: out },
      encoding: 'utf8',
      timeout: 240_000,
    });
    const result = JSON.parse(readFileSync(out, 'utf8'));
    const names: string[] = result.results.map((r: { name: string }) => r.name);
    for (const expected of ['reducer makeMove', 'reducer endTurn', 'client move', 'client endTurn', 'playout discard', 'playout card-phases', 'move at 16 seats', 'endTurn at 16 seats']) {
      expect(names.some((name) => name.startsWith(expected))).toBe(true);
    }
    for (const r of result.results) {
      expect(r.turnchart).toBeGreaterThan(0);
      expect(r.boardgameio).toBeGreaterThan(0);
      expect(r.ratio).toBeCloseTo(r.turnchart / r.boardgameio, 6);
    }
    expect(result.builds.length).toBeGreaterThan(1);
    expect(result.snapshotBytes.turnchart).toBeGreaterThan(0);
    expect(result.heapPer1000Matches.gcExposed).toBe(true);
    expect(printed).toContain(`wrote ${out}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(bundle, { force: true });
  }
}, 300_000);
