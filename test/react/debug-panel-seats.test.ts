/**
 * Two clients of one match on one page (`Local()`, seat 0 and seat 1, as
 * boardgame.io's tutorials show them), each with the debug panel, in
 * Chromium: one panel docks at a time, a switcher picks the client it
 * shows, and (multiplayer) the seat switcher hands the panel to the client
 * that plays that seat, leaving each board's playerID as it was.
 */
import type { Page } from 'playwright-core';
import { browserTestsEnabled } from '../inspect/support/inspector';
import { buildApps, servedInChromium } from './support/react-apps';

const enabled = browserTestsEnabled();
if (!enabled.run) {
  console.warn(`SKIPPED test/react/debug-panel-seats.test.ts: ${enabled.reason}`);
}
const describeBrowser = enabled.run ? describe : describe.skip;

/** Which seat's panel is shown ('0', '1'), once exactly one is. */
const shownSeat = async (page: Page, seat: string) => {
  await page.waitForSelector(`#seat${seat} .turnchart-debug[data-shown="true"]`, { state: 'attached' });
  expect(await page.locator('.turnchart-debug[data-shown="true"]').count()).toBe(1);
  expect(await page.locator('.turnchart-debug-dock:visible').count()).toBe(1);
};

describeBrowser('two clients on one page (Chromium)', () => {
  const served = servedInChromium(() => buildApps());

  test("one panel shows; the client switcher and the seat switcher pick the other client's", async () => {
    const page = await served.browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${served.url}/two-seats`);
    await page.waitForSelector('#seat1 #status:text("Player 0 (X) to play: wait")');
    await shownSeat(page, '0');

    await page.selectOption('.turnchart-debug-dock:visible select[name="client"]', '1');
    await shownSeat(page, '1');
    // Seat 0, asked from seat 1's panel: seat 0's client takes the panel; neither board changes seat.
    await page.click('.turnchart-debug-dock:visible [data-control="seat-0"]');
    await shownSeat(page, '0');
    expect(await page.textContent('#seat0 #status')).toBe('Player 0 (X) to play: your turn');
    expect(await page.textContent('#seat1 #status')).toBe('Player 0 (X) to play: wait');
    expect(await page.getAttribute('.turnchart-debug-dock:visible [data-control="seat-0"]', 'aria-pressed')).toBe(
      'true',
    );
    await page.close();
    expect(errors).toEqual([]);
  });
});
