/**
 * Helpers for the server tests: a turnchart server on 127.0.0.1 (any free
 * port) over a SQLite file in a fresh temporary directory, boardgame.io
 * 0.50.2's own clients (its socket.io multiplayer transport and
 * LobbyClient) connected to it, and a wait for what the clients see (no deadline).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Server, portOf, type ServerOptions, type TurnchartServer } from 'turnchart/server';

export { waitFor } from '../support/wait-for';

const require_ = createRequire(__filename);
// boardgame.io has no exports map: load its CommonJS builds (bgio-quirks 18).
export const bgioClient = require_('boardgame.io/client');
export const bgioMultiplayer = require_('boardgame.io/multiplayer');
export const bgioCore = require_('boardgame.io/core');
export const ioClient = require_('socket.io-client');

/** `entry` bundled for node (its packages left in node_modules) into bench/.build/<name>.mjs, inside the repository so they resolve. */
export function bundleScript(entry: string, name: string): string {
  const outfile = join(__dirname, '..', '..', 'bench', '.build', `${name}.mjs`);
  require_('esbuild').buildSync({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

export interface Running {
  server: TurnchartServer;
  port: number;
  url: string;
  dir: string;
  dbFile: string;
  stop(): Promise<void>;
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'turnchart-server-'));
}

/** A server on 127.0.0.1 with a SQLite file in `dir` (a new temporary directory by default). */
export async function startServer(
  options: Partial<ServerOptions> & Pick<ServerOptions, 'games'>,
  dir = tempDir(),
): Promise<Running> {
  const dbFile = join(dir, 'matches.sqlite');
  const server = Server({ db: dbFile, origins: [], ...options });
  const { appServer } = await server.run({ port: 0, host: '127.0.0.1' });
  const port = portOf(appServer);
  return {
    server,
    port,
    url: `http://127.0.0.1:${port}`,
    dir,
    dbFile,
    stop: async () => {
      await server.kill();
    },
  };
}

/** A started boardgame.io client on the server. */
export function connectClient(
  game: unknown,
  url: string,
  opts: { matchID: string; playerID?: string | null; credentials?: string; numPlayers?: number },
) {
  const client = bgioClient.Client({
    game,
    multiplayer: bgioMultiplayer.SocketIO({
      server: url,
      socketOpts: { transports: ['websocket'], reconnection: false },
    }),
    debug: false,
    ...opts,
  });
  client.start();
  return client;
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Silence console output of both libraries for the test file (boardgame.io and turnchart print every refusal). */
export function silenceConsole(): void {
  beforeAll(() => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'log').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterAll(() => jest.restoreAllMocks());
}

/** boardgame.io 0.50.2's own Server, on 127.0.0.1 (its `run` listens on every interface otherwise). */
export async function startBoardgameioServer(games: unknown[], lobbyConfig?: { apiPort: number }, db?: unknown) {
  const server = require_('boardgame.io/server').Server({ games, origins: [], ...(db ? { db } : {}) });
  const http = require_('node:http');
  const listen = http.Server.prototype.listen;
  http.Server.prototype.listen = function (port: unknown, ...rest: unknown[]) {
    return typeof port === 'number' ? listen.call(this, port, '127.0.0.1', ...rest) : listen.call(this, port, ...rest);
  };
  try {
    const servers = await server.run({ port: 0, ...(lobbyConfig ? { lobbyConfig } : {}) });
    const port = lobbyConfig?.apiPort ?? servers.appServer.address().port;
    return {
      url: `http://127.0.0.1:${port}`,
      appUrl: `http://127.0.0.1:${servers.appServer.address().port}`,
      db: server.db,
      stop: () => server.kill(servers),
    };
  } finally {
    http.Server.prototype.listen = listen;
  }
}
