/**
 * The browser apps of a user's project, bundled from the installed package
 * by esbuild (platform browser), Vite and webpack, loaded in Chromium and
 * played by clicks: a React app whose board is written for boardgame.io/react,
 * on `turnchart/react`; and a seat of a served match on
 * `turnchart/boardgameio`'s Client with SocketIO, against `npx turnchart
 * serve`, the other seat held by boardgame.io 0.50.2's own client.
 */
import { createReadStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, extname } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../inspect/support/inspector';
import { bgioSeat, killStarted, lobbyMatch, ok, projects, ROOT, serve, untilState, type Running } from './support';

const { app } = projects();
const TicTacToe = require(join(app, 'game.js'));
const BUNDLERS = ['esbuild', 'vite', 'webpack'] as const;

let out: string;
let files: Server;
let origin: string;
let browser: { context: BrowserContext; close(): Promise<void> };
let served: Promise<{ running: Running; url: string }> | undefined;
/** `npx turnchart serve` for the online seats, started by the first test that needs it, its pages' origin allowed. */
const server = () =>
  (served ??= serve(app, ['game.js', '--port', '0', '--data-dir', join(out, 'data'), '--origins', origin]));

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

beforeAll(async () => {
  out = mkdtempSync(join(app, 'bundles-'));
  // The bundles, served as a static site from another origin than the match server.
  files = createServer((request, response) => {
    const path = new URL(request.url!, 'http://x').pathname;
    // No icon: a 204 keeps Chromium from logging a missing one as an error.
    if (path === '/favicon.ico') return void response.writeHead(204).end();
    const file = join(out, path);
    if (!file.startsWith(out) || !existsSync(file)) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(files.address() as { port: number }).port}`;
  browser = await launchChromium();
  browser.context.setDefaultTimeout(0);
});

afterAll(async () => {
  await browser?.close();
  files?.close();
  await killStarted();
  if (out) rmSync(out, { recursive: true, force: true });
});

interface OpenPage {
  page: Page;
  /** `wait`, or the first failure of the page (an uncaught error, a console error, a file of the site not served). */
  until<T>(wait: Promise<T>): Promise<T>;
}

/** A page of the site, watched for failures so that a broken bundle fails its test at once. */
async function open(path: string): Promise<OpenPage> {
  const page = await browser.context.newPage();
  let fail: (error: Error) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  failed.catch(() => undefined);
  page.on('pageerror', (error) => fail(new Error(`${path}: uncaught ${error.stack ?? error}`)));
  page.on('console', (message) => {
    if (message.type() === 'error') fail(new Error(`${path}: console error: ${message.text()}`));
  });
  page.on('response', (response) => {
    const url = response.url();
    if (url.startsWith(origin) && response.status() >= 400) fail(new Error(`${path}: ${response.status()} for ${url}`));
  });
  await page.goto(`${origin}/${path}`);
  return { page, until: (wait) => Promise.race([wait, failed]) };
}

const cellText = (page: Page, cell: number, text: string) =>
  page
    .locator(`[data-cell="${cell}"]`)
    .filter({ hasText: new RegExp(`^${text}$`) })
    .waitFor();

describe.each(BUNDLERS)('bundled by %s', (bundler) => {
  beforeAll(async () => {
    await ok(process.execPath, [join(__dirname, 'bundle-apps.mjs'), bundler, app, join(out, bundler)], ROOT);
  });

  // webpack also bundles the app written with require() (the `require` condition's browser build).
  const reactPages = bundler === 'webpack' ? ['react', 'react-require'] : ['react'];

  test.each(reactPages)('the React app on turnchart/react (%s.html) plays a game by clicks', async (name) => {
    const { page, until } = await open(`${bundler}/${name}.html`);
    // Hot seat: each click is the current player's.
    for (const [cell, seat] of [
      [0, '0'],
      [3, '1'],
      [1, '0'],
      [4, '1'],
      [2, '0'],
    ] as const) {
      await until(page.click(`[data-cell="${cell}"]`));
      await until(cellText(page, cell, seat));
    }
    await until(page.locator('#status', { hasText: 'winner: 0' }).waitFor());
    await page.close();
  });

  test('a seat on turnchart/boardgameio plays the served match by clicks against boardgame.io’s client', async () => {
    const { url } = await server();
    const { matchID, seats } = await lobbyMatch(url, 'tic-tac-toe');
    const query = new URLSearchParams({ server: url, matchID, ...seats[0] });
    const { page, until } = await open(`${bundler}/online.html?${query}`);
    const other = bgioSeat(TicTacToe, url, matchID, seats[1]);
    for (const [mine, theirs] of [
      [0, 3],
      [1, 4],
    ]) {
      // The page's seat plays once its client is connected.
      await until(page.locator('#status[data-connected="true"]').waitFor());
      await until(page.click(`[data-cell="${mine}"]`));
      await until(untilState(other, (state) => state.G.cells[mine] === '0'));
      other.moves.clickCell(theirs);
      await until(cellText(page, theirs, '1'));
    }
    await until(page.click('[data-cell="2"]'));
    await until(page.locator('#status', { hasText: 'winner: 0' }).waitFor());
    expect(await untilState(other, (state) => state.ctx.gameover)).toEqual({ winner: '0' });
    other.stop();
    await page.close();
  });
});
