/**
 * turnchart/react on a game with time limits (examples/blitz with an hour a
 * turn, so that no deadline comes on its own however slow the machine), in Chromium:
 * the board's `timeLeft` prop counts down by itself, the debug panel shows
 * each seat's countdown, and its "expire now" applies the next deadline
 * through the client (the turn passes, a card drawn for the player). Every
 * wait is for what the page shows.
 */
import type { FrameLocator, Page } from 'playwright-core';
import { browserTestsEnabled } from '../inspect/support/inspector';
import { buildApps, clickInFront, servedInChromium } from './support/react-apps';

const enabled = browserTestsEnabled();
if (!enabled.run) {
  console.warn(`SKIPPED test/react/time-panel.test.ts: ${enabled.reason}`);
}

const panel = (page: Page): FrameLocator => page.frameLocator('iframe.turnchart-debug-frame');

(enabled.run ? describe : describe.skip)('turnchart/react counts down (Chromium)', () => {
  const served = servedInChromium(() => buildApps());

  test("the board's timeLeft and the panel's countdown run down; the panel's expire now passes the turn", async () => {
    const page = await served.browser.context.newPage();
    await page.goto(`${served.url}/blitz`);
    // A tab in the background draws no frames (and runs no requestAnimationFrame).
    await page.bringToFront();
    await page.waitForSelector('#time-0[data-left]:not([data-left=""])');
    const first = Number(await page.getAttribute('#time-0', 'data-left'));
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(3_600_000);
    await page.waitForFunction((before) => Number(document.getElementById('time-0')?.dataset.left) < before, first);

    const frame = panel(page);
    const seat0 = frame.locator('#time .seat[data-player="0"]');
    await seat0.waitFor();
    const shown = Number(await seat0.getAttribute('data-left'));
    expect(shown).toBeGreaterThan(0);
    await frame.locator(`#time[data-now]`).waitFor();
    expect(await frame.locator('#time .seat[data-player="1"]').getAttribute('data-clock')).toBe('7200000');

    await page.bringToFront();
    await frame.locator('#expire').click();
    await page.waitForSelector('#board[data-player="1"][data-auto="1"]');
    await frame.locator('#log li[data-index="1"]').waitFor();
    expect(await frame.locator('#log li[data-index="1"] .request').textContent()).toBe(
      '#1 timeout: a deadline ran out',
    );
    // Seat 1 plays: the board's countdown is now seat 1's.
    await page.waitForSelector('#time-1[data-left]:not([data-left=""])');
    await clickInFront(page, '#draw');
    await page.waitForSelector('#board[data-player="0"]');
    await page.close();
  });
});
