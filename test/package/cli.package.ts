/**
 * Every command of the installed `turnchart` executable, through `npx`, on
 * the user's `game.js` (CommonJS, as `npm init` makes a project), in the
 * project with nothing but the package: a session played in the terminal and
 * saved as a trace, which replay and coverage then read. (`serve`: in
 * serve.package.ts.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { killStarted, ok, projects, run, start } from './support';

const { engine } = projects();
const turnchart = (args: string[], input?: string) => ok('npx', ['turnchart', ...args], engine, input);

afterAll(killStarted);

test('--version and help list every command', async () => {
  const version = JSON.parse(readFileSync(join(engine, 'node_modules', 'turnchart', 'package.json'), 'utf8')).version;
  expect((await turnchart(['--version'])).trim()).toBe(version);
  const commands = [...(await turnchart(['help'])).matchAll(/^ {2}(\w+) /gm)].map((match) => match[1]);
  expect(commands).toEqual(['diagram', 'inspect', 'step', 'replay', 'paths', 'coverage', 'check', 'serve', 'help']);
});

test('diagram: Mermaid, Stately JSON and SVG', async () => {
  expect(await turnchart(['diagram', 'game.js'])).toMatch(/^---\n[^]*?\n---\nstateDiagram-v2\n/);
  expect(JSON.parse(await turnchart(['diagram', 'game.js', '--format', 'json']))).toMatchObject({
    id: 'turnchart',
    initial: 'phases',
  });
  await turnchart(['diagram', 'game.js', '--out', 'chart.svg']);
  expect(readFileSync(join(engine, 'chart.svg'), 'utf8')).toMatch(/^<\?xml[\s\S]*<svg[\s\S]*<\/svg>\s*$/);
});

describe('a session played with step, then read by replay and coverage', () => {
  beforeAll(async () => {
    // Player 0 takes the top row: the numbers pick cells 0, 3, 1, 4, 2 from each list of moves.
    const out = await turnchart(['step', 'game.js', '--seed', 'user'], '1\n3\n1\n2\n1\nsave trace.json\nquit\n');
    expect(out).toContain('game over: {"winner":"0"} (after 5 requests');
    expect(out).toContain('saved 5 requests to trace.json');
  });

  test('replay finds every state as recorded', async () => {
    expect(await turnchart(['replay', 'game.js', 'trace.json'])).toBe(
      'trace.json: 5 requests replayed, every state matches\n',
    );
  });

  test('coverage counts the states and transitions the session took', async () => {
    expect(await turnchart(['coverage', 'game.js', 'trace.json'])).toMatch(/^ {2}states {7}11 of 11 \(100\.0%\)$/m);
  });
});

test('check finds nothing wrong, and an end reached', async () => {
  const out = await turnchart(['check', 'game.js']);
  expect(out).toMatch(/^Deadlocks .*: none$/m);
  expect(out).toMatch(/^Ends of the game: reached/m);
});

test('paths lists the start and each configuration', async () => {
  const out = await turnchart(['paths', 'game.js']);
  expect(out).toMatch(/^ {2}\(no phase\) \[0:idle 1:active\] {2}0 move\.clickCell \[0\]$/m);
});

test('inspect serves its page and the page script', async () => {
  const { running, match } = await start(
    'npx',
    ['turnchart', 'inspect', 'game.js', '--port', '0'],
    engine,
    /^(http:\/\/127\.0\.0\.1:\d+\/)$/m,
  );
  const page = await fetch(match[1]);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('<title>turnchart inspector — tic-tac-toe</title>');
  const script = await fetch(new URL(/<script src="([^"]+)"/.exec(html)![1], match[1]));
  expect([script.status, (await script.text()).length > 1000]).toEqual([200, true]);
  await running.stop();
});

test('a game module that is not there: exit 2, one line', async () => {
  const result = await run('npx', ['turnchart', 'check', 'missing.js'], engine);
  expect(result.code).toBe(2);
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
});
