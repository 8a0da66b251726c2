/**
 * For the React browser tests: the test apps bundled with esbuild as the
 * example app is (examples/react-tic-tac-toe/build-options.ts), served by a
 * small static server on 127.0.0.1.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { appBuildOptions } from '../../../examples/react-tic-tac-toe/build-options';
import { launchChromium } from '../../inspect/support/inspector';

export const ROOT = resolve(__dirname, '../../..');
const SUPPORT = join(ROOT, 'test/react/support');

export const PAGE = (script: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>test</title></head><body><div id="root"></div><script type="module" src="/${script}"></script></body></html>`;

function freshDir(): string {
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  return mkdtempSync(join(cache, 'turnchart-react-test-'));
}

/** Bundle the apps (turnchart/react hot-seat, multiplayer and two seats on a page, boardgame.io/react) into a fresh folder. */
export async function buildApps(mode: 'development' | 'production' = 'development'): Promise<string> {
  const dir = freshDir();
  const entries = {
    turnchart: join(SUPPORT, 'turnchart-app.tsx'),
    bgio: join(SUPPORT, 'bgio-app.tsx'),
    multiplayer: join(SUPPORT, 'multiplayer-app.tsx'),
    'two-seats': join(SUPPORT, 'two-seats-app.tsx'),
    blitz: join(SUPPORT, 'blitz-app.tsx'),
  };
  await build({
    ...appBuildOptions(ROOT, mode === 'production' ? { turnchart: entries.turnchart } : entries, dir, mode),
    logLevel: 'silent',
  });
  return dir;
}

/** examples/react-tic-tac-toe as `npm run example:react` serves it (its page and its app) in a fresh folder: `/index.html`. */
export async function buildExample(): Promise<string> {
  const dir = freshDir();
  const example = join(ROOT, 'examples/react-tic-tac-toe');
  await build({ ...appBuildOptions(ROOT, { app: join(example, 'app.tsx') }, dir), logLevel: 'silent' });
  copyFileSync(join(example, 'index.html'), join(dir, 'index.html'));
  return dir;
}

/** `/turnchart`, `/bgio`, `/multiplayer`, `/two-seats` and `/blitz` are the apps' pages; other paths are files of `dir`. */
export async function serveApps(dir: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const app = /^\/(turnchart|bgio|multiplayer|two-seats|blitz)$/.exec(path)?.[1];
    if (app) return response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE(`${app}.js`));
    let body: Buffer;
    try {
      body = readFileSync(join(dir, path.replace(/^\/+/, '').replace(/\.\./g, '')));
    } catch {
      return response.writeHead(404).end();
    }
    response.writeHead(200, { 'content-type': path.endsWith('.html') ? 'text/html' : 'text/javascript' }).end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/**
 * A click in the page's tab, brought to the front first: a tab in the
 * background draws no frames, and the click's wait for its target to be
 * stable then took about 2 s.
 */
export async function clickInFront(page: Page, selector: string): Promise<void> {
  await page.bringToFront();
  await page.click(selector);
}

/** What `servedInChromium` holds for its describe block's tests, once its `beforeAll` ran. */
export interface Served {
  url: string;
  browser: Awaited<ReturnType<typeof launchChromium>>;
}

/** For a describe block: the folder `build` makes, served on 127.0.0.1, and Chromium; all gone after the block. */
export function servedInChromium(build: () => Promise<string>): Served {
  const served = {} as Served;
  let dir: string | undefined;
  let server: Server | undefined;
  beforeAll(async () => {
    dir = await build();
    let url: string;
    ({ server, url } = await serveApps(dir));
    served.url = url;
    served.browser = await launchChromium();
  });
  afterAll(async () => {
    await served.browser?.close();
    await new Promise((done) => (server ? server.close(done) : done(undefined)));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return served;
}
