/**
 * turnchart/react in a real browser (Debian's Chromium): tic-tac-toe's board,
 * written for boardgame.io, renders under turnchart/react's `Client`; a click
 * plays a move; the debug panel (the inspector page, in an iframe) highlights
 * the new state, logs a refusal with its reason, offers what each player may
 * send, and travels in time, which restores the earlier board; the same
 * clicks give the same markup under boardgame.io/react and turnchart/react;
 * a production build leaves the panel out. (The panel's docking, controls
 * and shortcuts: debug-panel.test.ts.)
 */
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { browserTestsEnabled } from '../inspect/support/inspector';
import { buildApps, clickInFront, servedInChromium } from './support/react-apps';

const enabled = browserTestsEnabled();
if (!enabled.run) {
  console.warn(`SKIPPED test/react/react-client.test.ts: ${enabled.reason}`);
}
const describeBrowser = enabled.run ? describe : describe.skip;

const cells = (page: Page) => page.$$eval('#board td', (tds) => tds.map((td) => td.textContent));
const panel = (page: Page): FrameLocator => page.frameLocator('iframe.turnchart-debug-frame');

/** The panel's page at a timeline position, drawn. */
async function panelAt(page: Page, position: number, length: number): Promise<FrameLocator> {
  const frame = panel(page);
  await frame.locator(`body[data-ready="true"][data-position="${position}"][data-length="${length}"]`).waitFor();
  await frame.locator(`#log li[data-index="${length}"]`).waitFor({ state: 'attached' });
  return frame;
}

/** Each active leaf of the chart with the seats in it: `active:1`, `idle:0`. */
async function activeLeaves(frame: FrameLocator): Promise<string[]> {
  const leaves = await frame
    .locator('#chart g.state.active-leaf')
    .evaluateAll((nodes) =>
      nodes.map((node) => `${(node as SVGGElement).dataset.key}:${(node as SVGGElement).dataset.seats}`),
    );
  return leaves.sort();
}

describeBrowser('turnchart/react (Chromium)', () => {
  const served = servedInChromium(() => buildApps());
  const errors: string[] = [];

  async function open(app: 'turnchart' | 'bgio', query = ''): Promise<Page> {
    const page = await served.browser.context.newPage();
    page.on('pageerror', (error) => errors.push(`${app}: ${error.message}`));
    await page.goto(`${served.url}/${app}${query}`);
    await page.waitForSelector('#board td');
    return page;
  }

  test('the board renders, a click plays a move, and the panel highlights the new state', async () => {
    const page = await open('turnchart');
    expect(await cells(page)).toEqual(['', '', '', '', '', '', '', '', '']);
    expect(await page.textContent('#status')).toBe('Player 0 (X) to play');
    let frame = await panelAt(page, 0, 0);
    expect(await activeLeaves(frame)).toEqual(['active:0', 'idle:1']);

    await page.click('td[data-cell="4"]');
    expect(await cells(page)).toEqual(['', '', '', '', 'X', '', '', '', '']);
    expect(await page.textContent('#status')).toBe('Player 1 (O) to play');
    frame = await panelAt(page, 1, 1);
    expect(await activeLeaves(frame)).toEqual(['active:1', 'idle:0']);
    expect(await frame.locator('#log li[data-index="1"]').innerText()).toContain('player 0: move.clickCell [4]');
    expect(await frame.locator('#log li[data-index="1"] .steps').innerText()).toContain('endTurn');
    // The move ended the turn (maxMoves: 1): the taken transitions are marked on the chart.
    expect(await frame.locator('#chart g.transition.taken').count()).toBeGreaterThan(0);
    expect(await frame.locator('.player[data-player="1"] button[data-type="move.clickCell"]').count()).toBe(1);
    expect(await frame.locator('.player[data-player="0"] button').count()).toBe(0);
    await page.close();
  });

  test('a refused click is logged with its reason and changes nothing', async () => {
    const page = await open('turnchart');
    await page.click('td[data-cell="0"]');
    await panelAt(page, 1, 1);
    await page.click('td[data-cell="0"]');
    const frame = await panelAt(page, 2, 2);
    const refused = frame.locator('#log li[data-index="2"]');
    expect(await refused.getAttribute('class')).toContain('rejected');
    expect(await refused.innerText()).toMatch(
      /player 1: move\.clickCell \[0\][\s\S]*INVALID_MOVE: .*returned INVALID_MOVE/,
    );
    expect(await cells(page)).toEqual(['X', '', '', '', '', '', '', '', '']);
    expect(await activeLeaves(frame)).toEqual(['active:1', 'idle:0']);
    await page.close();
  });

  test("the panel's buttons play through the client; time travel restores an earlier board; a move from the past drops the future", async () => {
    const page = await open('turnchart');
    await page.click('td[data-cell="4"]');
    let frame = await panelAt(page, 1, 1);
    // Player 1's clickCell button, with the first argument the machine accepts (cell 0).
    await frame.locator('button[data-type="move.clickCell"][data-player="1"]').click();
    frame = await panelAt(page, 2, 2);
    expect(await cells(page)).toEqual(['O', '', '', '', 'X', '', '', '', '']);

    await frame.locator('#log li[data-index="1"]').click();
    frame = await panelAt(page, 1, 2);
    expect(await cells(page)).toEqual(['', '', '', '', 'X', '', '', '', '']);
    expect(await page.textContent('#status')).toBe('Player 1 (O) to play');
    expect(await activeLeaves(frame)).toEqual(['active:1', 'idle:0']);

    await frame.locator('#back').click();
    frame = await panelAt(page, 0, 2);
    expect(await cells(page)).toEqual(['', '', '', '', '', '', '', '', '']);
    expect(await activeLeaves(frame)).toEqual(['active:0', 'idle:1']);

    await page.click('td[data-cell="8"]');
    frame = await panelAt(page, 1, 1);
    expect(await cells(page)).toEqual(['', '', '', '', '', '', '', '', 'X']);
    expect(await frame.locator('#log li').count()).toBe(2);
    expect(await frame.locator('#log li[data-index="1"]').innerText()).toContain('move.clickCell [8]');
    await page.close();
  });

  test('the panel folds', async () => {
    const page = await open('turnchart');
    await panelAt(page, 0, 0);
    expect(await page.isVisible('iframe.turnchart-debug-frame')).toBe(true);
    await page.click('.turnchart-debug-toggle');
    expect(await page.isVisible('iframe.turnchart-debug-frame')).toBe(false);
    await page.click('.turnchart-debug-toggle');
    expect(await page.isVisible('iframe.turnchart-debug-frame')).toBe(true);
    await page.close();
  });

  test('the same board renders the same markup under boardgame.io/react and turnchart/react after the same clicks', async () => {
    const bgio = await open('bgio', '?debug=0');
    const turnchart = await open('turnchart');
    const markup = (page: Page) => page.$eval('.bgio-client', (node) => node.outerHTML);
    expect(await markup(turnchart)).toBe(await markup(bgio));
    // X wins on the diagonal, with refused clicks on the way (an occupied cell) and after (the game is over); then a new game.
    for (const cell of [4, 0, 4, 2, 1, 6, 3]) {
      await clickInFront(bgio, `td[data-cell="${cell}"]`);
      await clickInFront(turnchart, `td[data-cell="${cell}"]`);
      expect(await markup(turnchart)).toBe(await markup(bgio));
    }
    expect(await turnchart.textContent('#status')).toBe('Player 0 (X) wins');
    await clickInFront(bgio, '#new-game');
    await clickInFront(turnchart, '#new-game');
    expect(await markup(turnchart)).toBe(await markup(bgio));
    expect(await cells(turnchart)).toEqual(['', '', '', '', '', '', '', '', '']);
    await bgio.close();
    await turnchart.close();
    expect(errors).toEqual([]);
  });
});

describe('turnchart/react in a production build', () => {
  test('leaves the debug panel out (NODE_ENV=production)', async () => {
    const production = await buildApps('production');
    const development = await buildApps('development');
    try {
      const text = (dir: string) => readdirSync(dir).map((file) => readFileSync(join(dir, file), 'utf8'));
      const [prod] = text(production);
      const dev = readFileSync(join(development, 'turnchart.js'), 'utf8');
      // The page's title, the panel's class names and its save slot are in the development bundle only.
      for (const marker of [
        'turnchart inspector',
        'turnchart-debug-frame',
        'turnchart-debug-dock',
        'turnchart.debug.save',
      ]) {
        expect(dev).toContain(marker);
        expect(prod).not.toContain(marker);
      }
      expect(prod).toContain('bgio-client');
    } finally {
      rmSync(production, { recursive: true, force: true });
      rmSync(development, { recursive: true, force: true });
    }
  });
});
