/**
 * The `turnchart` command bundled from src by esbuild as `npm start` bundles
 * it (fast; its packages stay in node_modules), for tests of what a command
 * does; what a user installs is tested by test/package. Children are waited
 * for by their exit or by what they print, never by a deadline: a hung one is
 * ended by jest's timeout, and every child still running is killed after the
 * file's tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Result } from './built-cli';

const ROOT = join(__dirname, '..', '..');

export interface Started {
  child: ChildProcess;
  /** The match of `ready` in what the command printed. */
  ready: RegExpExecArray;
  /** SIGTERM (the command's Ctrl-C path), then its exit code. */
  stop(): Promise<number | null>;
}

export interface BundledCli {
  /**
   * Runs the command to its end. One that should stop at once but may keep running (serve, inspect) is given
   * `endOnOutput`: once its output matches, it is sent SIGTERM, and its exit code and output tell the test.
   */
  run(args: string[], options?: { cwd?: string; endOnOutput?: RegExp }): Promise<Result>;
  /** Starts a command that keeps running (serve, inspect); resolves once its output matches `ready`, rejects if it exits first. */
  start(args: string[], ready: RegExp, options?: { cwd?: string }): Promise<Started>;
}

/** Bundles the command before the calling file's tests, into node_modules/.cache/<name>-<checkout>/cli.mjs. */
export function useBundledCli(name: string): BundledCli {
  const checkout = createHash('sha1').update(ROOT).digest('hex').slice(0, 8);
  const cli = join(ROOT, 'node_modules', '.cache', `${name}-${checkout}`, 'cli.mjs');
  const children = new Set<ChildProcess>();
  beforeAll(async () => {
    const { build } = await import('esbuild');
    await build({
      entryPoints: [join(ROOT, 'src/adapters/cli/index.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      outfile: cli,
      logLevel: 'warning',
    });
  });
  afterAll(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  function spawnCli(args: string[], cwd = ROOT) {
    const child = spawn(process.execPath, [cli, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    const output = { stdout: '', stderr: '' };
    child.stdout!.setEncoding('utf8').on('data', (text: string) => (output.stdout += text));
    child.stderr!.setEncoding('utf8').on('data', (text: string) => (output.stderr += text));
    const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
    return { child, output, exited };
  }

  return {
    async run(args, options = {}) {
      const { child, output, exited } = spawnCli(args, options.cwd);
      const { endOnOutput } = options;
      if (endOnOutput)
        child.stdout!.on(
          'data',
          () => endOnOutput.test(output.stdout) && child.exitCode === null && child.kill('SIGTERM'),
        );
      const code = await exited;
      return { code, ...output };
    },
    start(args, ready, options = {}) {
      const { child, output, exited } = spawnCli(args, options.cwd);
      return new Promise((resolve, reject) => {
        const look = () => {
          const match = ready.exec(output.stdout);
          if (!match) return;
          child.stdout!.off('data', look);
          resolve({
            child,
            ready: match,
            stop: () => {
              if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
              return exited;
            },
          });
        };
        child.stdout!.on('data', look);
        void exited.then((code) =>
          reject(new Error(`exited with ${code} before printing ${ready}:\n${output.stderr}`)),
        );
      });
    },
  };
}
