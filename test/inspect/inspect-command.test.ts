/**
 * `turnchart inspect` when it cannot listen: a busy `--port` or `--stately`
 * port is one line naming the fault and exit code 2 (docs/errors.md), not a
 * stack trace. The real command, bundled as the browser tests bundle it.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { buildInspector, ROOT } from './support/inspector';
import { HUNG_MS } from '../support/hung';

let build: { cli: string; dir: string };
let busy: Server;
let port: number;

beforeAll(async () => {
  build = await buildInspector();
  busy = createServer();
  // On every interface, as the Stately bridge listens; the page's 127.0.0.1 is then busy too.
  await new Promise<void>((resolve) => busy.listen(0, resolve));
  port = (busy.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise((resolve) => busy?.close(resolve));
  if (build) rmSync(build.dir, { recursive: true, force: true });
});

function inspect(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(
    process.execPath,
    [build.cli, 'inspect', 'examples/discard/game.ts', '--players', '4', ...args],
    { cwd: ROOT, encoding: 'utf8', timeout: HUNG_MS },
  );
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

test('a busy --port: one line naming it, exit 2', () => {
  const result = inspect(['--port', String(port)]);
  expect(result.stderr).toBe(`turnchart: port ${port} is in use: choose another with --port (0: any free port)\n`);
  expect(result.code).toBe(2);
});

test('a busy --stately port: one line naming it, exit 2, and the page is not started', () => {
  const result = inspect(['--port', '0', '--stately', String(port)]);
  expect(result.stderr).toBe(`turnchart: port ${port} is in use: choose another with --stately <port>\n`);
  expect(result.code).toBe(2);
  expect(result.stdout).not.toContain('http://127.0.0.1');
});
