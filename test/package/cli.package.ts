/**
 * Every command of the installed `turnchart` executable, through `npx`, on
 * the user's `game.js` (CommonJS, as `npm init` makes a project), in the
 * project with nothing but the package: a session played in the terminal and
 * saved as a trace, which replay and coverage then read; a game with time
 * limits stepped through time, replayed exactly and checked for limits that
 * stall it. (`serve`: in serve.package.ts.)
 */
import { readFileSync, writeFileSync } from 'node:fs';
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

describe('a game with time limits (timed-game.js): step lets time pass, replay is exact, check looks at the limits', () => {
  beforeAll(async () => {
    // 30 s pass: player 0's turn runs out at 20 s (a token taken for them), then player 1 takes one at 30 s.
    const out = await turnchart(['step', 'timed-game.js', '--seed', 'user'], 'advance 30s\n1\nsave timed.json\nquit\n');
    expect(out).toContain('time 0.0 s · player 0: 20.0 s (turn), clock 1:00.0 running · player 1: clock 1:00.0');
    expect(out).toContain('advanced 30s: 1 timeout applied');
    expect(out).toContain('time 30.0 s · player 0: clock 40.0 s · player 1: 10.0 s (turn), clock 50.0 s running');
    expect(out).toContain('  ctx.time.clocks["1"].left: 60000 → 51000');
    expect(out).toContain('saved 2 requests to timed.json');
  });

  test("the trace keeps each request's time, and replay finds every state; moved later, the move is TIME_UP", async () => {
    const trace = JSON.parse(readFileSync(join(engine, 'timed.json'), 'utf8'));
    expect(trace.actions.map((action: { request: object }) => action.request)).toEqual([
      { type: 'timeout', args: [], now: 20_000 },
      { type: 'move.take', playerID: '1', args: [], now: 30_000 },
    ]);
    expect(await turnchart(['replay', 'timed-game.js', 'timed.json'])).toBe(
      'timed.json: 2 requests replayed, every state matches\n',
    );
    trace.actions[1].request.now = 45_000;
    writeFileSync(join(engine, 'late.json'), JSON.stringify(trace));
    const late = await run('npx', ['turnchart', 'replay', 'timed-game.js', 'late.json'], engine);
    expect([late.code, late.stdout]).toEqual([1, expect.stringContaining('recorded accepted, now TIME_UP')]);
  });

  test('check finds no limit that stalls it; on idle-timeout.js, it finds the turn limit whose outcome does nothing', async () => {
    expect(await turnchart(['check', 'timed-game.js'])).toMatch(/^Time limits that can stall the game: none$/m);
    const stalled = await run('npx', ['turnchart', 'check', 'idle-timeout.js'], engine);
    expect(stalled.code).toBe(1);
    expect(stalled.stdout).toMatch(
      /^Time limits that can stall the game: 1\n {2}1\. turn\.time: after player 0's turn ran out/m,
    );
  });
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
