/**
 * The inspector page in a real browser (docs/inspect.md): `turnchart inspect
 * examples/discard/game.ts --players 4` serves a page that highlights the
 * active states live, logs requests with their raised steps and rejections,
 * offers each player's moves as buttons, and travels in time.
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import WebSocket from 'ws';
import { browserTestsEnabled, buildInspector, launchChromium, ROOT, startInspector, type RunningInspector } from './support/inspector';

jest.setTimeout(90_000);

const enabled = browserTestsEnabled();
if (!enabled.run) {
  // eslint-disable-next-line no-console
  console.warn(`SKIPPED test/inspect/inspector-page.test.ts: ${enabled.reason}`);
}
const describeBrowser = enabled.run ? describe : describe.skip;

const SEAT = (seat: number, state: string) => `turnchart.phases.(no phase).turn.player${seat}.${state}`;

/** The ids of the highlighted leaf states of the seat regions, in seat order. */
async function highlightedSeats(page: Page): Promise<string[]> {
  return page.$$eval('#chart g.state.active', (nodes) =>
    nodes.map((node) => (node as SVGGElement).dataset.id ?? '').filter((id) => /\.player\d+\.[^.]+$/.test(id)),
  );
}

async function logLines(page: Page): Promise<{ text: string; classes: string }[]> {
  return page.$$eval('#log li', (items) => items.map((item) => ({ text: item.textContent ?? '', classes: item.className })));
}

async function waitForPosition(page: Page, position: number, length: number): Promise<void> {
  await page.waitForSelector(`body[data-position="${position}"][data-length="${length}"]`);
  // The log and the chart are drawn from the same render.
  await page.waitForFunction(
    ([p, l]) => document.querySelectorAll('#log li').length >= l + 1 && document.querySelector('#log li.current')?.getAttribute('data-index') === String(p),
    [position, length] as const,
  );
}

describeBrowser('inspector page (Chromium)', () => {
  let build: { cli: string; dir: string };
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  let context: BrowserContext;
  const servers: RunningInspector[] = [];

  beforeAll(async () => {
    build = await buildInspector();
    browser = await launchChromium();
    context = browser.context;
  });

  afterAll(async () => {
    await browser?.close();
    const codes = await Promise.all(servers.map((server) => server.close()));
    if (build) rmSync(build.dir, { recursive: true, force: true });
    expect(codes.every((code) => code === 0)).toBe(true);
  });

  async function openDiscard(seed: string): Promise<{ page: Page; server: RunningInspector }> {
    const server = await startInspector(build.cli, ['examples/discard/game.ts', '--players', '4', '--seed', seed]);
    servers.push(server);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(server.url);
    await page.waitForSelector('body[data-ready="true"]');
    expect(errors).toEqual([]);
    return { page, server };
  }

  test('playCard by player 0 puts players 1-3 in discard and player 0 idle, on the chart and in the log', async () => {
    const { page } = await openDiscard('page-move');
    expect(await highlightedSeats(page)).toEqual([SEAT(0, 'active'), SEAT(1, 'idle'), SEAT(2, 'idle'), SEAT(3, 'idle')]);
    expect((await logLines(page)).map((line) => line.text)).toEqual([expect.stringContaining('#0 start')]);
    expect(await page.$$eval('.player[data-player="1"] button', (buttons) => buttons.length)).toBe(0);

    await page.click('button[data-type="move.playCard"][data-player="0"]');
    await waitForPosition(page, 1, 1);

    expect(await highlightedSeats(page)).toEqual([SEAT(0, 'idle'), SEAT(1, 'discard'), SEAT(2, 'discard'), SEAT(3, 'discard')]);
    const log = await logLines(page);
    expect(log).toHaveLength(2);
    expect(log[1].text).toContain('player 0: move.playCard');
    expect(log[1].text).toContain('setActivePlayers');
    expect(log[1].classes).toContain('current');
    // The taken edges are marked, and only they: the set given to setActivePlayers moved each seat, on the
    // argument-driven edges drawn from the seat's region (player 0 to idle, the others to discard).
    const taken = await page.$$eval('#chart g.transition.taken', (edges) => edges.map((edge) => `${(edge as SVGGElement).dataset.source} -> ${(edge as SVGGElement).dataset.target}`));
    const region = (seat: number) => `turnchart.phases.(no phase).turn.player${seat}`;
    expect(taken.sort()).toEqual([`${region(0)} -> ${SEAT(0, 'idle')}`, ...[1, 2, 3].map((seat) => `${region(seat)} -> ${SEAT(seat, 'discard')}`)]);
    // What players may send follows: the discard move for players 1-3, nothing for player 0.
    for (const seat of ['1', '2', '3']) expect(await page.$(`button[data-type="move.discard"][data-player="${seat}"]`)).not.toBeNull();
    expect(await page.$('button[data-player="0"]')).toBeNull();
    expect(await page.textContent('.player[data-player="1"] .seat')).toBe('discard');

    // INSPECTOR_SCREENSHOT=docs/inspector.png npx jest test/inspect: the README's picture, a little further on.
    const screenshot = process.env.INSPECTOR_SCREENSHOT;
    if (screenshot) {
      await page.click('button[data-type="move.discard"][data-player="2"]');
      await waitForPosition(page, 2, 2);
      await page.selectOption('#custom select', '0');
      await page.fill('#custom input[name=type]', 'move.playCard');
      await page.click('#custom button[type=submit]');
      await waitForPosition(page, 3, 3);
      await page.click('#zoom button[data-zoom="out"]');
      await page.click('#zoom button[data-zoom="out"]');
      await page.screenshot({ path: resolve(ROOT, screenshot) });
    }
  });

  test('step back restores the previous highlight and log position; step forward returns; a request from the past drops the future', async () => {
    const { page } = await openDiscard('page-travel');
    await page.click('button[data-type="move.playCard"][data-player="0"]');
    await waitForPosition(page, 1, 1);
    await page.click('button[data-type="move.discard"][data-player="2"]');
    await waitForPosition(page, 2, 2);
    const afterDiscard = [SEAT(0, 'idle'), SEAT(1, 'discard'), SEAT(2, 'idle'), SEAT(3, 'discard')];
    expect(await highlightedSeats(page)).toEqual(afterDiscard);

    await page.click('#back');
    await waitForPosition(page, 1, 2);
    expect(await highlightedSeats(page)).toEqual([SEAT(0, 'idle'), SEAT(1, 'discard'), SEAT(2, 'discard'), SEAT(3, 'discard')]);
    let log = await logLines(page);
    expect(log.map((line) => line.classes)).toEqual(['', 'current', 'future']);
    expect(await page.textContent('#position')).toBe('1 / 2');

    await page.click('#back');
    await waitForPosition(page, 0, 2);
    expect(await highlightedSeats(page)).toEqual([SEAT(0, 'active'), SEAT(1, 'idle'), SEAT(2, 'idle'), SEAT(3, 'idle')]);
    expect(await page.isDisabled('#back')).toBe(true);

    await page.click('#forward');
    await waitForPosition(page, 1, 2);
    await page.click('#forward');
    await waitForPosition(page, 2, 2);
    expect(await highlightedSeats(page)).toEqual(afterDiscard);
    expect(await page.isDisabled('#forward')).toBe(true);
    expect(JSON.parse((await page.textContent('#state pre')) ?? '{}').G.discards).toBe(1);

    // Back to after playCard, then player 3 discards instead: player 2's discard is gone.
    await page.keyboard.press('ArrowLeft');
    await waitForPosition(page, 1, 2);
    await page.click('button[data-type="move.discard"][data-player="3"]');
    await waitForPosition(page, 2, 2);
    log = await logLines(page);
    expect(log.map((line) => line.text)).toEqual([
      expect.stringContaining('#0 start'),
      expect.stringContaining('player 0: move.playCard'),
      expect.stringContaining('player 3: move.discard'),
    ]);
    expect(await highlightedSeats(page)).toEqual([SEAT(0, 'idle'), SEAT(1, 'discard'), SEAT(2, 'discard'), SEAT(3, 'idle')]);
  });

  test('a refused request is logged with its reason and changes nothing; a page opened later shows the same match', async () => {
    const { page, server } = await openDiscard('page-reject');
    await page.selectOption('#custom select', '1');
    await page.fill('#custom input[name=type]', 'move.discard');
    await page.fill('#custom input[name=args]', '[]');
    await page.click('#custom button[type=submit]');
    await waitForPosition(page, 1, 1);
    const log = await logLines(page);
    expect(log[1].classes).toContain('rejected');
    expect(log[1].text).toMatch(/MOVE_NOT_ALLOWED: .*discard/);
    expect(await highlightedSeats(page)).toEqual([SEAT(0, 'active'), SEAT(1, 'idle'), SEAT(2, 'idle'), SEAT(3, 'idle')]);

    const late = await context.newPage();
    await late.goto(server.url);
    await late.waitForSelector('body[data-ready="true"]');
    await waitForPosition(late, 1, 1);
    expect(await logLines(late)).toEqual(await logLines(page));
    expect(await highlightedSeats(late)).toEqual(await highlightedSeats(page));
  });

  test('the page gets the Stately inspection stream (@xstate.actor, @xstate.event, @xstate.snapshot) and hands the same events to Stately Inspector', async () => {
    const { page, server } = await openDiscard('page-stream');
    await page.click('button[data-type="move.playCard"][data-player="0"]');
    await waitForPosition(page, 1, 1);
    const stream = (await (await fetch(`${server.url}stream.json`)).json()) as { type: string; event?: { type: string }; _version?: string }[];
    const stately = stream.filter((message) => message.type.startsWith('@xstate.'));
    expect(new Set(stately.map((message) => message.type))).toEqual(new Set(['@xstate.actor', '@xstate.event', '@xstate.snapshot']));
    expect(stately.every((message) => typeof message._version === 'string')).toBe(true);
    expect(stately.filter((message) => message.type === '@xstate.event').map((message) => message.event!.type)).toEqual(['xstate.init', 'move.playCard']);

    // "Stately Inspector ↗" hands the same events to Stately's window (createBrowserInspector); a local stand-in plays stately.ai here.
    await context.route('https://stately.ai/inspect**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<script>
          window.received = [];
          addEventListener('message', (e) => { if (e.data && e.data._version) window.received.push(e.data); });
          window.opener.postMessage({ type: '@statelyai.connected' }, '*');
        </script>`,
      }),
    );
    const [popup] = await Promise.all([context.waitForEvent('page'), page.click('#stately')]);
    await popup.waitForFunction((count) => (window as unknown as { received: unknown[] }).received.length >= count, stately.length);
    const seen = (await popup.evaluate(() => (window as unknown as { received: unknown[] }).received)) as typeof stately;
    const summary = (events: typeof stately) => events.map((e) => `${e.type} ${(e as { sessionId?: string }).sessionId} ${e.event?.type ?? ''}`);
    expect(summary(seen)).toEqual(summary(stately));
    await popup.close();
  });

  test('the socket takes only its own page (or a non-browser client), not another site open in the browser', async () => {
    const server = await startInspector(build.cli, ['examples/discard/game.ts', '--players', '4', '--seed', 'origin']);
    servers.push(server);
    const socketUrl = `${server.url.replace('http:', 'ws:')}ws`;
    const attempt = (origin?: string) =>
      new Promise<string>((done) => {
        const socket = new WebSocket(socketUrl, origin ? { origin } : {});
        socket.once('message', (data) => {
          done(JSON.parse(String(data)).type);
          socket.close();
        });
        socket.once('unexpected-response', (_request, response) => done(`refused ${response.statusCode}`));
        socket.once('error', (error) => done(`error ${error.message}`));
      });
    expect(await attempt('http://evil.example')).toBe('refused 401');
    expect(await attempt(server.url.replace(/\/$/, ''))).toBe('turnchart.match');
    expect(await attempt()).toBe('turnchart.match');
  });
});
