/**
 * `turnchart serve` as an installation without `pg` or `ioredis` runs it:
 * a child process whose module resolution looks for the hidden packages
 * from an empty folder, so Node itself answers that they are not installed
 * (nothing in the server is replaced for the test).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleScript } from './support';

const ROOT = join(__dirname, '..', '..');
export const DUEL = join(__dirname, 'games', 'duel.ts');

/** The CLI bundled into `bench/.build/<name>.mjs`. */
export function buildCli(name: string): string {
  return bundleScript(join(ROOT, 'src/adapters/cli/index.ts'), name);
}

const dataUrl = (source: string) => `data:text/javascript,${encodeURIComponent(source)}`;

/** Node's `--import` for a resolve hook that cannot find `hidden`. */
function hiding(hidden: string[], emptyDir: string): string {
  const nowhere = pathToFileURL(join(emptyDir, 'nowhere.mjs')).href;
  const hook = `export function resolve(specifier, context, next) {
    return next(specifier, ${JSON.stringify(hidden)}.includes(specifier) ? { ...context, parentURL: ${JSON.stringify(nowhere)} } : context);
  }`;
  return dataUrl(`import { register } from 'node:module'; register(${JSON.stringify(dataUrl(hook))});`);
}

/** Run `cli serve <args>` without the `hidden` packages until it exits (it should not start). */
export function serveWithout(
  cli: string,
  hidden: string[],
  args: string[],
): Promise<{ code: number | null; stderr: string }> {
  const emptyDir = mkdtempSync(join(tmpdir(), 'turnchart-no-peers-'));
  const child = spawn(process.execPath, ['--import', hiding(hidden, emptyDir), cli, 'serve', DUEL, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  child.stdout!.on('data', () => child.kill('SIGKILL')); // it started: the test fails on the exit code
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      rmSync(emptyDir, { recursive: true, force: true });
      resolve({ code, stderr });
    }),
  );
}
