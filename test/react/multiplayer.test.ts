/**
 * turnchart/react with `multiplayer: SocketIO({ server })` in a real browser
 * (Debian's Chromium), on turnchart's server: two pages, one seat each, play
 * one match: a click on seat 0's board shows on seat 1's, and back; the
 * board gets boardgame.io's multiplayer props (isMultiplayer, isConnected,
 * matchData); seat 0 has the debug panel, which follows the match and
 * keeps its moves as a timeline to step back through, with reset, restore
 * and the bots off (the server keeps the match); a page
 * whose server does not answer shows the `loading` component.
 */
import { rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Page } from 'playwright-core';
import { TicTacToe } from '../../examples/tic-tac-toe/game';
import { browserTestsEnabled, launchChromium } from '../inspect/support/inspector';
import { removeDir, startServer, type Running } from '../server/support';
import { buildApps, clickInFront, serveApps } from './support/react-apps';

const enabled = browserTestsEnabled();
if (!enabled.run) {
  console.warn(`SKIPPED test/react/multiplayer.test.ts: ${enabled.reason}`);
}
const describeBrowser = enabled.run ? describe : describe.skip;

const cells = (page: Page) => page.$$eval('#board td', (tds) => tds.map((td) => td.textContent));

/** Resolves when the page's board shows `expected`. */
const boardShows = (page: Page, expected: string[]) =>
  page.waitForFunction(
    (want) => JSON.stringify([...document.querySelectorAll('#board td')].map((td) => td.textContent)) === want,
    JSON.stringify(expected),
  );

describeBrowser('turnchart/react multiplayer (Chromium)', () => {
  let dir: string;
  let pages: Server;
  let url: string;
  let game: Running;
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  const errors: string[] = [];

  beforeAll(async () => {
    dir = await buildApps();
    ({ server: pages, url } = await serveApps(dir));
    game = await startServer({ games: [TicTacToe as any], db: ':memory:', origins: [url] });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await game?.stop();
    if (game) removeDir(game.dir);
    await new Promise((done) => pages?.close(done));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function open(query: string): Promise<Page> {
    const page = await browser.context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${url}/multiplayer?${query}`);
    return page;
  }

  test("a click on seat 0's board shows on seat 1's, and back", async () => {
    const server = encodeURIComponent(game.url);
    const zero = await open(`server=${server}&matchID=m1&playerID=0&debug=1`);
    const one = await open(`server=${server}&matchID=m1&playerID=1`);
    for (const page of [zero, one]) await page.waitForSelector('#board td');
    await one.waitForFunction(
      () => document.querySelector('#connection')?.textContent === 'multiplayer connected 0:on 1:on',
    );
    expect(await zero.textContent('#status')).toBe('Player 0 (X) to play: your turn');
    expect(await one.textContent('#status')).toBe('Player 0 (X) to play: wait');

    await clickInFront(zero, 'td[data-cell="4"]');
    await boardShows(one, ['', '', '', '', 'X', '', '', '', '']);
    await one.waitForFunction(
      () => document.querySelector('#status')?.textContent === 'Player 1 (O) to play: your turn',
    );
    await clickInFront(one, 'td[data-cell="0"]');
    await boardShows(zero, ['O', '', '', '', 'X', '', '', '', '']);
    // A click out of turn changes nothing, on either board.
    await clickInFront(one, 'td[data-cell="8"]');
    await clickInFront(zero, 'td[data-cell="8"]');
    await boardShows(one, ['O', '', '', '', 'X', '', '', '', 'X']);
    expect(await cells(zero)).toEqual(['O', '', '', '', 'X', '', '', '', 'X']);

    // Seat 0's debug panel follows the match: its chart has the turn back at player 1.
    const frame = zero.frameLocator('iframe.turnchart-debug-frame');
    await frame.locator('body[data-ready="true"]').waitFor();
    await frame.locator('#chart g.state.active-leaf[data-seats="1"]').first().waitFor({ state: 'attached' });
    // Its timeline is the match's three moves (the refused click is none), each a log line; a step back shows the
    // board, G and chart as they were.
    await frame.locator('body[data-position="3"][data-length="3"]').waitFor();
    expect(await frame.locator('#log li').count()).toBe(4);
    expect(await frame.locator('#log li[data-index="2"]').innerText()).toContain('player 1: move.clickCell [0]');
    await frame.locator('#log li[data-index="1"]').click();
    await frame.locator('body[data-position="1"][data-length="3"]').waitFor();
    expect(await cells(zero)).toEqual(['', '', '', '', 'X', '', '', '', '']);
    await frame.locator('#chart g.state.active-leaf[data-seats="1"]').first().waitFor({ state: 'attached' });
    expect(await frame.locator('#state pre').textContent()).toMatch(/"currentPlayer": "1"/);
    await frame.locator('#forward').click();
    await frame.locator('body[data-position="2"][data-length="3"]').waitFor();
    expect(await cells(zero)).toEqual(['O', '', '', '', 'X', '', '', '', '']);
    // The server keeps the match: the panel's reset, restore and bots are off, and say why.
    for (const name of ['reset', 'restore'])
      expect(await zero.isDisabled(`.turnchart-debug-dock [data-control="${name}"]`)).toBe(true);
    await zero.click('.turnchart-debug-dock [data-control="tab-ai"]');
    expect(await zero.textContent('.turnchart-debug-ai [role="status"]')).toContain('the server plays this match');
    await zero.close();
    await one.waitForFunction(
      () => document.querySelector('#connection')?.textContent === 'multiplayer connected 0:off 1:on',
    );
    await one.close();
    expect(errors).toEqual([]);
  });

  test('a page whose server does not answer shows the loading component', async () => {
    const page = await open(`server=${encodeURIComponent('http://127.0.0.1:9')}&matchID=m2&playerID=0`);
    await page.waitForSelector('#loading');
    expect(await page.$('#board')).toBeNull();
    await page.close();
  });
});
