/**
 * The `turnchart` executable as a user gets it: built by tsup with the
 * project's own tsup.config.ts into a folder of its own (so a concurrent
 * `npm run build` is not disturbed), then spawned with arguments.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HUNG_MS } from './hung';

export const ROOT = join(__dirname, '..', '..');

export interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface BuiltCli {
  /** The executable (cli.js), once beforeAll ran. */
  readonly path: string;
  /** A scratch folder for the tests, removed after them. */
  readonly scratch: string;
  /** Runs the executable with `args` (in `cwd`, by default the one given to useBuiltCli; `input` piped to stdin). */
  run(args: string[], options?: { cwd?: string; input?: string }): Result;
}

/**
 * Builds the executable before the tests of the calling file, into
 * node_modules/.cache/<name>-<checkout> (one folder per file, since files run
 * in parallel; per checkout, since node_modules may be shared by worktrees).
 */
export function useBuiltCli(name: string, cwd = ROOT): BuiltCli {
  const build = join(
    ROOT,
    'node_modules',
    '.cache',
    `${name}-${createHash('sha1').update(ROOT).digest('hex').slice(0, 8)}`,
  );
  const path = join(build, 'cli.js');
  let scratch: string | undefined;
  beforeAll(() => {
    mkdirSync(build, { recursive: true });
    const result = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules', 'tsup', 'dist', 'cli-default.js'), '--out-dir', build, '--no-dts', '--silent'],
      { cwd: ROOT, encoding: 'utf8', timeout: HUNG_MS },
    );
    if (result.status !== 0) throw new Error(`tsup build failed: ${result.stderr}${result.stdout}`);
    scratch = mkdtempSync(join(tmpdir(), `${name}-`));
  });
  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });
  return {
    path,
    get scratch() {
      return scratch!;
    },
    run(args, options = {}) {
      const result = spawnSync(process.execPath, [path, ...args], {
        cwd: options.cwd ?? cwd,
        encoding: 'utf8',
        timeout: HUNG_MS,
        ...(options.input !== undefined ? { input: options.input } : {}),
      });
      return { code: result.status, stdout: result.stdout, stderr: result.stderr };
    },
  };
}

/** A usage error: exit code 2, nothing on stdout, one line on stderr matching `pattern`. */
export function expectUsageError(result: Result, pattern: RegExp) {
  expect(result).toMatchObject({ code: 2, stdout: '' });
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(result.stderr.trimEnd()).toMatch(pattern);
}
