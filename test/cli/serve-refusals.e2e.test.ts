/**
 * `turnchart serve` refuses what the other commands refuse, in one line with
 * exit code 2: a game config whose phase `next` names no phase (`--no-strict`
 * serves it anyway, as boardgame.io would), a stage `next` naming no stage.
 * A port that is taken is told as the port's fault, also when a server
 * already runs in the same folder (whose SQLite file is then in use too).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectUsageError } from '../support/built-cli';
import { useBundledCli } from '../support/bundled-cli';

const cli = useBundledCli('turnchart-serve-refusals');
let dir: string;

const GAMES = {
  'fine.mjs': "export default { name: 'fine', moves: { mark: ({ G }) => G } };",
  'phase-next.mjs':
    "export default { name: 'phase-next', moves: { mark: ({ G }) => G }, phases: { main: { start: true, next: 'finale' } } };",
  'stage-next.mjs':
    "export default { name: 'stage-next', moves: { mark: ({ G }) => G }, turn: { stages: { bid: { next: 'pay' } } } };",
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'turnchart-serve-refusals-'));
  for (const [file, source] of Object.entries(GAMES)) writeFileSync(join(dir, file), `${source}\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SERVING = /^turnchart server: .* on http:\/\/127\.0\.0\.1:(\d+) /m;
/** `serve` run to its end; one that starts serving instead is stopped (exit 0, its banner on stdout). */
const serve = (args: string[]) => cli.run(args, { cwd: dir, endOnOutput: SERVING });
const serveArgs = (game: string, ...more: string[]) => ['serve', game, '--port', '0', '--db', ':memory:', ...more];

test('a phase next naming no phase: refused by serve as by every other command; --no-strict serves it', async () => {
  const refusal = /^turnchart: invalid game config at phases\.main\.next: names a phase that does not exist: "finale"/;
  for (const command of ['check', 'diagram', 'step', 'paths']) {
    expectUsageError(await cli.run([command, 'phase-next.mjs'], { cwd: dir }), refusal);
  }
  const served = await serve(serveArgs('phase-next.mjs'));
  expectUsageError(served, refusal);
  expect(served.stderr).toMatch(/\(phase-next\.mjs\); --no-strict serves it anyway/);

  const lenient = await cli.start(serveArgs('phase-next.mjs', '--no-strict'), SERVING, { cwd: dir });
  expect(await lenient.stop()).toBe(0);
});

test('a stage next naming no stage cannot be served, strict or not', async () => {
  const refusal =
    /^turnchart: invalid game config at turn\.stages\.bid\.next: names a stage that does not exist: "pay"$/;
  expectUsageError(await serve(serveArgs('stage-next.mjs')), refusal);
  expectUsageError(await serve(serveArgs('stage-next.mjs', '--no-strict')), refusal);
});

test("a busy port is the port's fault, also beside a running server whose SQLite file is in use", async () => {
  const first = await cli.start(['serve', 'fine.mjs', '--port', '0'], SERVING, { cwd: dir });
  const port = first.ready[1];
  try {
    const second = await serve(['serve', 'fine.mjs', '--port', port]);
    expectUsageError(second, new RegExp(`^turnchart: port ${port} is in use: choose another with --port`));
  } finally {
    expect(await first.stop()).toBe(0);
  }
});
