/**
 * A deployment that asks for Postgres without `pg` installed gets a clear
 * error naming the package to install, and so does the default SQLite store
 * where its peer dependency better-sqlite3 is not installed;
 * other failures of the import are not disguised as a missing package.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadPeer, MissingPeerError } from '../../src/adapters/server/optional-peer';
import { buildCli, serveWithout } from './hidden-peer';

let empty: string;
beforeAll(() => (empty = mkdtempSync(join(tmpdir(), 'turnchart-no-peers-'))));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

/** Node's own require from a folder with no node_modules: the error of a package that is not installed. */
const fromNowhere = async (name: string) => createRequire(join(empty, 'nowhere.js'))(name);

test.each([
  ['pg', 'A Postgres store (db: postgres://…)'],
  ['ioredis', 'Redis pub/sub (pubsub: redis://…)'],
  ['better-sqlite3', "turnchart/server's SQLite store (its default)"],
] as const)('%s not installed: MissingPeerError saying what to install', async (name, purpose) => {
  const loading = loadPeer(name, purpose, fromNowhere);
  await expect(loading).rejects.toThrow(MissingPeerError);
  await expect(loading).rejects.toThrow(
    `${purpose} needs the "${name}" package, which is not installed: run \`npm install ${name}\``,
  );
});

test('a package that fails for another reason keeps its own error', async () => {
  const broken = new SyntaxError('Unexpected token');
  await expect(loadPeer('pg', 'A Postgres store', () => Promise.reject(broken))).rejects.toBe(broken);
  // One of its own dependencies missing is not "install pg".
  const inner = Object.assign(new Error("Cannot find module 'pg-types'"), { code: 'MODULE_NOT_FOUND' });
  await expect(loadPeer('pg', 'A Postgres store', () => Promise.reject(inner))).rejects.toBe(inner);
});

test('installed: the module itself', async () => {
  const pg = await loadPeer<{ Pool: unknown }>('pg', 'A Postgres store');
  expect(typeof pg.Pool).toBe('function');
});

test('`turnchart serve --db postgres://…` without pg: exits with the message, before connecting', async () => {
  const cli = buildCli('peer-missing-test-cli');
  // Port 1: nothing listens there, so a server that got as far as connecting would report that instead.
  const { code, stderr } = await serveWithout(cli, ['pg'], ['--port', '0', '--db', 'postgres://127.0.0.1:1/none']);
  expect(stderr).toContain('needs the "pg" package, which is not installed: run `npm install pg`');
  expect(code).not.toBe(0);
});

test('`turnchart serve` without better-sqlite3: exits with the message, before listening', async () => {
  const cli = buildCli('peer-missing-test-cli');
  const db = join(tmpdir(), 'turnchart-never-opened', 'matches.sqlite');
  const { code, stderr } = await serveWithout(cli, ['better-sqlite3'], ['--port', '0', '--db', db]);
  expect(stderr).toContain(
    `turnchart/server's SQLite store (its default) needs the "better-sqlite3" package, which is not installed: run \`npm install better-sqlite3\``,
  );
  expect(code).not.toBe(0);
});
