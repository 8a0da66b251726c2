/**
 * For the browser tests: the real `turnchart inspect` command, bundled with
 * esbuild (CLI and page) into a folder under node_modules/.cache (so its
 * packages resolve), run as a child process on 127.0.0.1 with port 0, and
 * Debian's headless Chromium driven by playwright-core.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import type { BrowserContext } from 'playwright-core';
import { buildPageScript, PAGE_SCRIPT_FILE } from '../../../src/adapters/inspect/page-script';
import { HUNG_MS } from '../../support/hung';

export const ROOT = resolve(__dirname, '../../..');
export const CHROMIUM = '/usr/bin/chromium';

/** Browser tests run where Chromium is installed, and always in CI (where a missing browser is a failure). */
export function browserTestsEnabled(): { run: boolean; reason?: string } {
  if (existsSync(CHROMIUM) || process.env.CI) return { run: true };
  return {
    run: false,
    reason: `${CHROMIUM} is missing (install Debian's chromium: apt-get install chromium); the inspector page tests are skipped outside CI`,
  };
}

/** Bundle the CLI and the page into a fresh folder; returns the CLI's path. */
export async function buildInspector(): Promise<{ cli: string; dir: string }> {
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'turnchart-inspect-test-'));
  const cli = join(dir, 'cli.mjs');
  await build({
    entryPoints: [join(ROOT, 'src/adapters/cli/index.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node18',
    packages: 'external',
    outfile: cli,
    logLevel: 'silent',
  });
  await buildPageScript(join(ROOT, 'src/adapters/inspect/page/main.ts'), join(dir, PAGE_SCRIPT_FILE));
  return { cli, dir };
}

export interface RunningInspector {
  url: string;
  process: ChildProcess;
  output: () => string;
  /** SIGTERM (the command's Ctrl-C path), then wait for the exit. */
  close(): Promise<number | null>;
}

/** `turnchart inspect <module> --port 0 --host 127.0.0.1 ...`; resolves once it printed its URL. */
export function startInspector(cli: string, args: string[]): Promise<RunningInspector> {
  const child = spawn(process.execPath, [cli, 'inspect', ...args, '--port', '0', '--host', '127.0.0.1'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return new Promise((resolveStart, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /^(http:\/\/127\.0\.0\.1:\d+\/)$/m.exec(output)?.[1];
      if (!url) return;
      resolveStart({
        url,
        process: child,
        output: () => output,
        close: async () => {
          if (child.exitCode === null) child.kill('SIGTERM');
          return exited;
        },
      });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the inspector exited with ${code}:\n${output}`)));
  });
}

/** Headless Chromium with a fresh profile and no background traffic. */
export async function launchChromium(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(join(tmpdir(), 'turnchart-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    timeout: HUNG_MS,
    headless: true,
    viewport: { width: 1600, height: 1000 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  // Playwright's own 30 s per action is a deadline a loaded machine can reach: every wait is for its event.
  context.setDefaultTimeout(HUNG_MS);
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
