/**
 * The inspector page tests' browser session and what they read off the page:
 * the highlighted seats, the taken transitions' labels, the log, how the
 * chart fits its pane, and a stand-in for Stately Inspector.
 */
import { rmSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import {
  browserTestsEnabled,
  buildInspector,
  launchChromium,
  startInspector,
  type RunningInspector,
} from './inspector';

/** `describe` where Chromium is there (else `describe.skip`, with a warning naming `file`). */
export function describeInBrowser(file: string): jest.Describe {
  const enabled = browserTestsEnabled();
  if (enabled.run) return describe;
  console.warn(`SKIPPED ${file}: ${enabled.reason}`);
  return describe.skip;
}

export interface InspectorBrowser {
  /** The browser's context, once beforeAll ran. */
  readonly context: BrowserContext;
  /** `turnchart inspect` with these arguments; closed after all tests, which expect it to exit with 0. */
  start(args: string[]): Promise<RunningInspector>;
  /** A page on the discard example at 4 seats with this seed, ready, with no page error so far. */
  openDiscard(seed: string): Promise<{ page: Page; server: RunningInspector }>;
  /** A 1440×900 page on an example at `seats` with this seed, ready, the states no play reaches not looked for. */
  openExample(name: string, seats: number, seed: string): Promise<Page>;
  /** `turnchart inspect` with these arguments, and a 1440×900 page on it, ready; the page's errors so far. */
  openPage(args: string[]): Promise<{ page: Page; errors: string[] }>;
}

/** For one describe block: the inspector bundled and Chromium launched before its tests, all closed after. */
export function useInspectorBrowser(): InspectorBrowser {
  let build: { cli: string; dir: string };
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  const servers: RunningInspector[] = [];

  beforeAll(async () => {
    build = await buildInspector();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    const codes = await Promise.all(servers.map((server) => server.close()));
    if (build) rmSync(build.dir, { recursive: true, force: true });
    expect(codes.every((code) => code === 0)).toBe(true);
  });

  const ui: InspectorBrowser = {
    get context() {
      return browser.context;
    },
    async start(args) {
      const server = await startInspector(build.cli, args);
      servers.push(server);
      return server;
    },
    async openExample(name, seats, seed) {
      const server = await ui.start([
        `examples/${name}/game.ts`,
        '--players',
        String(seats),
        '--seed',
        seed,
        '--no-explore',
      ]);
      const page = await ui.context.newPage();
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(server.url);
      await page.waitForSelector('body[data-ready="true"]');
      return page;
    },
    async openPage(args) {
      const server = await ui.start(args);
      const page = await ui.context.newPage();
      await page.setViewportSize({ width: 1440, height: 900 });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(server.url);
      await page.waitForSelector('body[data-ready="true"]');
      return { page, errors };
    },
    async openDiscard(seed) {
      const server = await ui.start(['examples/discard/game.ts', '--players', '4', '--seed', seed]);
      const page = await ui.context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(server.url);
      await page.waitForSelector('body[data-ready="true"]');
      expect(errors).toEqual([]);
      return { page, server };
    },
  };
  return ui;
}

/** Each seat's highlighted state, in seat order: the seats are folded into one region, whose active leaves name their seats. */
export async function highlightedSeats(page: Page): Promise<string[]> {
  const leaves = await page.$$eval('#chart g.state.active-leaf[data-seats]', (nodes) =>
    nodes.map((node) => ({
      id: (node as SVGGElement).dataset.id ?? '',
      seats: ((node as SVGGElement).dataset.seats ?? '').split(' ').filter(Boolean),
    })),
  );
  return leaves
    .flatMap(({ id, seats }) =>
      seats.map((seat) => ({ seat: Number(seat), id: id.replace(/\.player0\.([^.]+)$/, `.player${seat}.$1`) })),
    )
    .sort((a, b) => a.seat - b.seat)
    .map(({ id }) => id);
}

/** The labels shown on the taken transitions: the event each took. */
export async function takenLabels(page: Page): Promise<string[]> {
  return page.$$eval('#chart .taken-label text', (texts) => texts.map((text) => text.textContent ?? ''));
}

/**
 * A local stand-in for https://stately.ai/inspect: it says it is connected to
 * the window that opened or embeds it, and keeps the events it is sent in
 * `window.received`. Returns the undo.
 */
export async function standInForStately(
  context: BrowserContext,
  to: 'opener' | 'parent',
): Promise<() => Promise<void>> {
  const pattern = 'https://stately.ai/inspect**';
  await context.route(pattern, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<script>
        window.received = [];
        addEventListener('message', (e) => { if (e.data && e.data._version) window.received.push(e.data); });
        window.${to}.postMessage({ type: '@statelyai.connected' }, '*');
      </script>`,
    }),
  );
  return () => context.unroute(pattern);
}

/**
 * How the chart pane shows the drawing: its zoom and scale, the smallest text
 * on screen (every text's font size at that scale), and whether the pane
 * scrolls either way.
 */
export async function chartFit(
  page: Page,
): Promise<{ zoom?: string; scale: number; smallestText: number; scrolls: { x: boolean; y: boolean } }> {
  return page.$eval('#chart', (pane) => {
    const svg = pane.querySelector('svg')!;
    const scale = svg.getBoundingClientRect().width / Number(svg.getAttribute('width'));
    const sizes = Array.from(svg.querySelectorAll('text')).map((text) => parseFloat(getComputedStyle(text).fontSize));
    const element = pane as HTMLElement;
    return {
      zoom: element.dataset.zoom,
      scale,
      smallestText: Math.min(...sizes) * scale,
      scrolls: { x: element.scrollWidth > element.clientWidth, y: element.scrollHeight > element.clientHeight },
    };
  });
}

export async function logLines(page: Page): Promise<{ text: string; classes: string }[]> {
  return page.$$eval('#log li', (items) =>
    items.map((item) => ({ text: item.textContent ?? '', classes: item.className })),
  );
}

export async function waitForPosition(page: Page, position: number, length: number): Promise<void> {
  await page.waitForSelector(`body[data-position="${position}"][data-length="${length}"]`);
  // The log and the chart are drawn from the same render.
  await page.waitForFunction(
    ([p, l]) =>
      document.querySelectorAll('#log li').length >= l + 1 &&
      document.querySelector('#log li.current')?.getAttribute('data-index') === String(p) &&
      // The chart drawn has the turns open the page wants (a new phase's turn opens as play goes there).
      document.body.dataset.chart === 'current',
    [position, length] as const,
  );
}

/** The turns drawn open on the page's chart (their state node ids), once it has the ones it wants. */
export async function openTurns(page: Page): Promise<string[]> {
  await page.waitForSelector('body[data-chart="current"]', { state: 'attached' });
  return page.$$eval('#chart g.state[data-collapse]:not(.collapsed)', (boxes) =>
    boxes.map((box) => (box as SVGGElement).dataset.collapse ?? '').sort(),
  );
}

/** Resolves when the page's chart is drawn with exactly these turns open (after a click on a turn or a tool). */
export async function waitForOpenTurns(page: Page, open: readonly string[]): Promise<void> {
  await page.waitForFunction(
    (ids) =>
      document.body.dataset.chart === 'current' &&
      JSON.stringify(
        Array.from(document.querySelectorAll<SVGGElement>('#chart g.state[data-collapse]:not(.collapsed)'))
          .map((box) => box.dataset.collapse)
          .sort(),
      ) === JSON.stringify([...ids].sort()),
    open,
  );
}
