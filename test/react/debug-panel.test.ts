/**
 * turnchart/react's debug panel in a real browser (Debian's Chromium), on
 * examples/react-tic-tac-toe (a heading, seat buttons, the board): at
 * 1440×900 and 1024×768 the panel docks beside the app and never covers
 * it (bounding boxes; a click on the heading and one on the board reach
 * the app), also resized, folded and docked below; every text of the
 * panel, the chart's included, is 11 px or more; the chart's labels do not
 * overlap. `REACT_PANEL_SCREENSHOT=1` (`npm run docs:react-panel`) writes
 * both views to docs/ for the README. Its controls work: reset, save and
 * restore (a slot that is not a saved match is refused), the seat switcher
 * changes the board's playerID, the AI tab's bot plays a move and
 * simulates to the end, and the keyboard shortcuts work from the app's
 * page and from the panel.
 */
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { chartCollisions } from '../inspect/support/chart-labels';
import { browserTestsEnabled } from '../inspect/support/inspector';
import { boxOf, clickReaches, panelFrame, sharedArea, smallestPanelText } from './support/panel-layout';
import { buildExample, ROOT, servedInChromium } from './support/react-apps';

const enabled = browserTestsEnabled();
if (!enabled.run) {
  console.warn(`SKIPPED test/react/debug-panel.test.ts: ${enabled.reason}`);
}
const describeBrowser = enabled.run ? describe : describe.skip;

const DOCK = '.turnchart-debug-dock';
const cells = (page: Page) => page.$$eval('#board td', (tds) => tds.map((td) => td.textContent));
const marks = async (page: Page) => (await cells(page)).filter((cell) => cell !== '').length;
const control = (name: string) => `${DOCK} [data-control="${name}"]`;

/** The panel's page with a timeline of `length` steps at `position`, drawn. */
async function panelAt(page: Page, position: number, length: number): Promise<FrameLocator> {
  const frame = page.frameLocator('iframe.turnchart-debug-frame');
  await frame.locator(`body[data-ready="true"][data-position="${position}"][data-length="${length}"]`).waitFor();
  await frame.locator('#chart[data-zoom="fit"] svg').waitFor({ state: 'attached' });
  return frame;
}

/** Resolves when the panel is folded or open (`open`), or docked at a side (`side`). */
const panelIs = (page: Page, what: 'open' | 'side', value: string) =>
  page.waitForSelector(`.turnchart-debug[data-${what}="${value}"]`, { state: 'attached' });

/** Resolves when the board shows `count` marks. */
const boardHas = (page: Page, count: number) =>
  page.waitForFunction(
    (want) => [...document.querySelectorAll('#board td')].filter((td) => td.textContent !== '').length === want,
    count,
  );

/** Nothing of the app under the panel: the board, the heading and the seat buttons; clicks on the heading and the board land. */
async function expectAppUncovered(page: Page, dock = DOCK): Promise<void> {
  const panel = await boxOf(page, dock);
  for (const selector of ['h1', '#board', '#seats', '#status'])
    expect({ selector, shared: sharedArea(await boxOf(page, selector), panel) }).toEqual({ selector, shared: 0 });
  expect(await clickReaches(page, 'h1')).toBe(true);
  expect(await clickReaches(page, '#board')).toBe(true);
}

describeBrowser('the React debug panel (Chromium)', () => {
  const served = servedInChromium(buildExample);
  const errors: string[] = [];

  afterEach(() => expect(errors.splice(0)).toEqual([]));

  async function open(width = 1440, height = 900): Promise<Page> {
    const page = await served.browser.context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await page.setViewportSize({ width, height });
    await page.goto(`${served.url}/index.html`);
    await page.waitForSelector('#board td');
    await panelAt(page, 0, 0);
    return page;
  }

  for (const [width, height, picture] of [
    [1440, 900, 'react-debug-panel.png'],
    [1024, 768, 'react-debug-panel-1024.png'],
  ] as const) {
    test(`at ${width}×${height} the panel docks beside the board, never over the app, its text 11 px or more (the README's picture)`, async () => {
      const page = await open(width, height);
      await page.click('td[data-cell="4"]');
      await panelAt(page, 1, 1);
      await panelFrame(page).then((frame) => frame.waitForSelector('#chart g.transition.taken', { state: 'attached' }));
      const path = process.env.REACT_PANEL_SCREENSHOT ? join(ROOT, 'docs', picture) : undefined;
      expect((await page.screenshot(path ? { path } : {})).length).toBeGreaterThan(10_000);
      const dock = await boxOf(page, DOCK);
      expect(dock.x + dock.width).toBe(width);
      expect(dock.x).toBeGreaterThan((await boxOf(page, '#board')).x);
      expect((await smallestPanelText(page)).px).toBeGreaterThanOrEqual(11);
      expect(await chartCollisions(await panelFrame(page))).toEqual([]);
      await expectAppUncovered(page);

      // Resized by its edge (a drag over the frame included): the app takes what is left, still uncovered.
      const handle = await boxOf(page, `${DOCK} [role="separator"]`);
      const before = Number(await page.getAttribute(`${DOCK} [role="separator"]`, 'aria-valuenow'));
      await page.mouse.move(handle.x + 3, handle.y + 300);
      await page.mouse.down();
      await page.mouse.move(handle.x + 123, handle.y + 300, { steps: 4 });
      await page.mouse.up();
      await page.waitForSelector(`${DOCK} [role="separator"][aria-valuenow="${before - 120}"]`);
      expect((await boxOf(page, DOCK)).width).toBe(before - 120);
      await expectAppUncovered(page);
      expect((await smallestPanelText(page)).px).toBeGreaterThanOrEqual(11);

      // Folded: a strip at the edge, which covers nothing either.
      await page.click(`${DOCK} .turnchart-debug-toggle`);
      await panelIs(page, 'open', 'false');
      await expectAppUncovered(page, '.turnchart-debug > .turnchart-debug-toggle');
      await page.click('.turnchart-debug > .turnchart-debug-toggle');
      await panelIs(page, 'open', 'true');

      // Docked below.
      await page.click(control('dock-side'));
      await panelIs(page, 'side', 'bottom');
      const below = await boxOf(page, DOCK);
      expect([below.x, below.width, below.y + below.height]).toEqual([0, width, height]);
      await expectAppUncovered(page);
      expect((await smallestPanelText(page)).px).toBeGreaterThanOrEqual(11);
      await page.close();
    });
  }

  test('reset starts the match over; save and restore bring a match back; a slot that is no saved match changes nothing', async () => {
    const page = await open();
    await page.click('td[data-cell="4"]');
    await panelAt(page, 1, 1);
    await page.click(control('save'));
    await page.waitForSelector(`${DOCK} [role="status"]:text("saved in this browser")`);
    await page.click('td[data-cell="0"]');
    await page.click('td[data-cell="8"]');
    await panelAt(page, 3, 3);
    expect(await cells(page)).toEqual(['O', '', '', '', 'X', '', '', '', 'X']);

    await page.click(control('restore'));
    await panelAt(page, 0, 0);
    expect(await cells(page)).toEqual(['', '', '', '', 'X', '', '', '', '']);
    expect(await page.textContent('#status')).toBe('Player 1 (O) to play');

    await page.click(control('reset'));
    await boardHas(page, 0);
    expect(await page.textContent('#status')).toBe('Player 0 (X) to play');

    await page.click('td[data-cell="2"]');
    await page.evaluate(() => localStorage.setItem('turnchart.debug.save.tic-tac-toe', '{"format":"something else"}'));
    await page.click(control('restore'));
    await page.waitForSelector(`${DOCK} [role="status"]:text("is not a match saved by the debug panel")`);
    expect(await cells(page)).toEqual(['', '', 'X', '', '', '', '', '', '']);
    await page.close();
  });

  test("the seat switcher changes the board's playerID", async () => {
    const page = await open();
    await page.click(control('seat-1'));
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Player 0 (X) to play: wait');
    expect(await page.getAttribute(control('seat-1'), 'aria-pressed')).toBe('true');
    // Player 1's click out of turn is refused; as player 0 it plays.
    await page.click('td[data-cell="4"]');
    await panelAt(page, 1, 1);
    expect(await marks(page)).toBe(0);
    await page.click(control('seat-0'));
    await page.waitForFunction(
      () => document.querySelector('#status')?.textContent === 'Player 0 (X) to play: your turn',
    );
    await page.click('td[data-cell="4"]');
    await boardHas(page, 1);
    await page.click(control('seat-none'));
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Player 1 (O) to play');
    await page.close();
  });

  test("the AI tab's bot plays a move for the seat to act (MCTS), and simulates the match to its end (random)", async () => {
    const page = await open();
    await page.click(control('tab-ai'));
    await page.click(control('ai-step'));
    await boardHas(page, 1);
    await page.waitForSelector(`${DOCK} .turnchart-debug-bot-status:text("player 0: move.clickCell")`);
    await panelAt(page, 1, 1);

    await page.selectOption(`${DOCK} select[name="bot"]`, 'Random');
    await page.click(control('ai-simulate'));
    await page.waitForFunction(() => /wins|Draw/.test(document.querySelector('#status')?.textContent ?? ''));
    await page.waitForSelector(`${DOCK} .turnchart-debug-bot-status:text("the game is over")`);
    await page.close();
  });

  test('keyboard shortcuts work from the app and from the panel, not while typing', async () => {
    const page = await open();
    await page.click('h1');
    // `.` folds and unfolds, from the app's page and from the panel's.
    await page.keyboard.press('.');
    await panelIs(page, 'open', 'false');
    await page.keyboard.press('.');
    await panelIs(page, 'open', 'true');
    // A move's key opens its prompt; Enter plays it.
    await page.keyboard.press('c');
    await page.waitForSelector(`${DOCK} input[name="move-args"]`);
    await page.keyboard.type('8');
    await page.keyboard.press('Enter');
    await boardHas(page, 1);
    expect(await cells(page)).toEqual(['', '', '', '', '', '', '', '', 'X']);
    // The AI tab's `2` steps.
    await page.click('h1');
    await page.keyboard.press('a');
    await page.waitForSelector(`${DOCK} [data-control="tab-ai"][aria-pressed="true"]`);
    await page.keyboard.press('2');
    await boardHas(page, 2);
    // On the main tab, `1` resets; typed into a field it is the field's.
    await page.keyboard.press('m');
    await page.keyboard.press('c');
    await page.keyboard.type('1');
    expect(await page.inputValue(`${DOCK} input[name="move-args"]`)).toBe('1');
    expect(await marks(page)).toBe(2);
    await page.keyboard.press('Escape');
    await page.waitForSelector(`${DOCK} input[name="move-args"]`, { state: 'detached' });
    await page.click('h1');
    await page.keyboard.press('1');
    await boardHas(page, 0);
    // From inside the panel's page.
    const frame = await panelFrame(page);
    await frame.click('#log h2');
    await page.keyboard.press('.');
    await panelIs(page, 'open', 'false');
    await page.close();
  });
});
