/**
 * The inspector page on a game with time limits (examples/blitz with an
 * hour a turn, test/server/games/slow-blitz.ts, so that no deadline comes
 * on its own however slow the machine), in Chromium: a countdown per seat
 * that runs down by itself between the server's messages, and QA's "expire
 * now", which applies the next deadline at once (a timeout in the log, the
 * turn passed, the countdown set again). Every wait is for what the page
 * shows, never for a span of time.
 */
import { describeInBrowser, useInspectorBrowser } from './support/inspector-page';

const HOUR = 3_600_000;

describeInBrowser('test/inspect/time-page.test.ts')('the inspector page counts down and expires', () => {
  const ui = useInspectorBrowser();

  test('a countdown per seat runs down; "expire now" applies the next deadline', async () => {
    const { page } = await ui.openPage([
      'test/server/games/slow-blitz.ts',
      '--players',
      '2',
      '--seed',
      'countdown',
      '--no-explore',
    ]);
    const seat = (player: string) => page.locator(`#time .seat[data-player="${player}"]`);
    await seat('0').waitFor();
    expect(await page.locator('#time').isVisible()).toBe(true);
    const left = async () => Number(await seat('0').getAttribute('data-left'));
    const first = await left();
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(HOUR);
    expect(await seat('1').getAttribute('data-clock')).toBe(String(2 * HOUR));
    expect(await seat('1').getAttribute('data-left')).toBeNull();
    // The countdown goes down by itself (the page draws it again while the session's time runs).
    await page.waitForFunction(
      (before) => Number(document.querySelector('#time .seat[data-player="0"]')?.getAttribute('data-left')) < before,
      first,
      { polling: 50 },
    );
    expect(await seat('0').textContent()).toMatch(/^Player 0: \d+:\d\d\.\d \(turn\) · clock \d+:\d\d:\d\d ▶$/);

    await page.click('#expire');
    await page.waitForSelector('body[data-position="1"]');
    await page.locator('#log li[data-index="1"]').waitFor();
    expect(await page.locator('#log li[data-index="1"] .request').textContent()).toBe('#1 timeout: a deadline ran out');
    // Seat 1's turn now: its countdown starts from its turn limit, seat 0 has no limit left.
    await seat('1').and(page.locator('[data-left]')).waitFor();
    const next = Number(await seat('1').getAttribute('data-left'));
    expect(next > 0 && next <= HOUR).toBe(true);
    expect(await seat('0').getAttribute('data-left')).toBeNull();
    await page.close();
  });
});
