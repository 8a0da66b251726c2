/**
 * The `turnchart` executable as a user gets it: built by tsup with the
 * project's own tsup.config.ts into a scratch folder (so a concurrent
 * `npm run build` is not disturbed), then spawned with arguments.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..', '..');
export const FIXTURES = join(__dirname, '..', 'fixtures');
// node_modules may be shared by several checkouts (git worktrees): one build folder per checkout.
const BUILD = join(
  ROOT,
  'node_modules',
  '.cache',
  `turnchart-cli-e2e-${createHash('sha1').update(ROOT).digest('hex').slice(0, 8)}`,
);
export const CLI = join(BUILD, 'cli.js');

/** Builds the executable into its folder; throws with tsup's output if the build fails. */
export function buildCli(): void {
  mkdirSync(BUILD, { recursive: true });
  const build = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules', 'tsup', 'dist', 'cli-default.js'), '--out-dir', BUILD, '--no-dts', '--silent'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  if (build.status !== 0) throw new Error(`tsup build failed: ${build.stderr}${build.stdout}`);
}

export interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function turnchart(args: string[], cwd = FIXTURES): Result {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A usage error: exit code 2, nothing on stdout, one line on stderr matching `pattern`. */
export function expectUsageError(result: Result, pattern: RegExp) {
  expect(result).toMatchObject({ code: 2, stdout: '' });
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(result.stderr.trimEnd()).toMatch(pattern);
}
