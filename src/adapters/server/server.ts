/**
 * `Server({ games, db, origins })`: boardgame.io 0.50's server on
 * turnchart's engine. One Node HTTP server carries both the socket.io
 * transport and the lobby API (boardgame.io 0.50.2 with today's koa answers
 * 404 to the lobby on its main port; `lobbyConfig.apiPort` still puts the
 * lobby on a port of its own). Matches are stored in SQLite by default.
 */
import { createServer, type RequestListener, type Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer, type ServerOptions as HttpsOptions } from 'node:https';
import type { AddressInfo } from 'node:net';
import { bindGame } from '../boardgameio/taped-game';
import type { BoardgameGame } from '../boardgameio/types';
import { BoardgameioStorage, isBoardgameioStorage, type BoardgameioStorageAPI } from './boardgameio-storage';
import { Auth } from '../boardgameio/master/credentials';
import Router from '@koa/router';
import { httpApp } from './http-app';
import { lobbyRouter } from './lobby-api';
import type { ServerBoundGame } from '../boardgameio/master/live-matches';
import { MatchMaster } from '../boardgameio/master/match-master';
import { SWEEP_MS, SYSTEM_CLOCK, type MatchClock } from '../boardgameio/master/match-deadlines';
import type { MatchBus } from './match-bus';
import type { MatchStore } from '../boardgameio/master/match-store';
import { MemoryStore } from '../boardgameio/master/memory-store';
import type { OriginRule } from './origins';
import { isPostgresUrl, PostgresStore } from './postgres-store';
import { scaleOut } from './scale-out';
import { SocketTransport, type SocketTransportOptions } from './socket-transport';
import { SqliteStore } from './sqlite-store';
import type { AuthenticateCredentials, GenerateCredentials, ServerGame } from '../boardgameio/master/types';

export interface ServerOptions {
  games: BoardgameGame[];
  /** A store, a boardgame.io storage (InMemory, FlatFile, a Postgres adapter…), a Postgres URL (`postgres://…`), a SQLite file path, or `':memory:'` (default: SQLite in `dataDir`). */
  db?: MatchStore | BoardgameioStorageAPI | string;
  /** Several instances on one Postgres db: a Redis URL (`redis://…`) or a MatchBus, so each hears of the others' changes. */
  pubsub?: string | MatchBus;
  /** Where the default SQLite file goes (default `$TURNCHART_DATA_DIR`, else `./.turnchart`). */
  dataDir?: string;
  /** Web origins allowed to connect (boardgame.io's `origins`); pages served by this server are always allowed. */
  origins?: OriginRule;
  /** Web origins allowed to use the lobby API (default: `origins`). */
  apiOrigins?: OriginRule;
  /** Makes new match IDs. */
  uuid?: () => string;
  generateCredentials?: GenerateCredentials;
  authenticateCredentials?: AuthenticateCredentials;
  /** socket.io options, and the largest message a client may send. */
  transport?: SocketTransportOptions;
  /** A client's `sync` to an unknown match creates it, as in boardgame.io (default true); false: only the lobby creates matches. */
  matchesOnSync?: boolean;
  /** Serve HTTPS and secure WebSockets (boardgame.io's `https`): Node's TLS options, e.g. `{ cert, key }`. */
  https?: HttpsOptions;
  /** The time of requests and the timers of time limits (default: the system's); tests pass their own. */
  clock?: MatchClock;
  /** How often the store's deadlines are read again, in ms (default 60 000): matches no timer here knows of. */
  deadlineSweepMs?: number;
}

export interface RunConfig {
  port?: number;
  /** Interface to listen on (default: all, as boardgame.io). */
  host?: string;
  callback?: () => void;
  lobbyConfig?: { apiPort: number; apiCallback?: () => void };
}

export interface RunningServers {
  appServer: HttpServer;
  apiServer?: HttpServer;
}

function storeOf(
  db: ServerOptions['db'],
  dataDir: string | undefined,
  games: ReadonlyMap<string, ServerBoundGame>,
): MatchStore {
  if (db === undefined) return new SqliteStore({ dataDir });
  if (db === ':memory:') return new MemoryStore();
  if (typeof db === 'string') return isPostgresUrl(db) ? new PostgresStore(db) : new SqliteStore({ file: db });
  if (isBoardgameioStorage(db)) return new BoardgameioStorage(db, games);
  return db as MatchStore;
}

function createHttp(https: HttpsOptions | undefined, listener: RequestListener): HttpServer {
  return https ? createHttpsServer(https, listener) : createServer(listener);
}

function listen(server: HttpServer, port: number | undefined, host: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

export function portOf(server: HttpServer): number {
  return (server.address() as AddressInfo).port;
}

export function Server(options: ServerOptions) {
  const games: ServerGame[] = options.games.map((game) => ({ ...game, name: game.name ?? 'default' }) as ServerGame);
  const bound = new Map<string, ServerBoundGame>();
  for (const game of games) {
    if (bound.has(game.name)) throw new Error(`two games are named ${JSON.stringify(game.name)}`);
    bound.set(game.name, bindGame(game) as ServerBoundGame);
  }
  const db = storeOf(options.db, options.dataDir, bound);
  const auth = new Auth({
    authenticateCredentials: options.authenticateCredentials,
    generateCredentials: options.generateCredentials ?? options.uuid,
  });
  const transport = new SocketTransport(games, options.transport);
  const scaled = scaleOut(db, bound, options.pubsub, transport.broadcast);
  const { matches } = scaled;
  const clock = options.clock ?? SYSTEM_CLOCK;
  const master = new MatchMaster(matches, auth, scaled.broadcast, options.matchesOnSync !== false, clock);
  const lobby = lobbyRouter({
    matches,
    auth,
    gameNames: games.map((game) => game.name),
    uuid: options.uuid,
    now: () => clock.now(),
  });
  const router = new Router();
  const app = httpApp(lobby, router, options.apiOrigins ?? options.origins);
  if (options.origins === undefined && process.env.NODE_ENV !== 'test') {
    console.warn(
      'turnchart server: `origins` is not set, so only pages served by this server (and programs, which send no Origin) may connect.',
    );
  }

  let running: RunningServers | undefined;

  return {
    db,
    auth,
    transport,
    games,
    /** Routes of your own beside the lobby's: boardgame.io's `server.router`, a @koa/router router (`router.get('/path/:id', (ctx) => …)`). */
    router,
    /** The Koa app serving the lobby and `router` (boardgame.io's `server.app`). */
    app,

    /** Open the store, then listen. Returns the HTTP servers (port 0: any free port; see `portOf`). */
    async run(portOrConfig: number | RunConfig = {}, callback?: () => void): Promise<RunningServers> {
      const config: RunConfig =
        typeof portOrConfig === 'number'
          ? { port: portOrConfig, callback }
          : { ...portOrConfig, callback: portOrConfig.callback ?? callback };
      await db.connect();
      await scaled.open();
      // Deadlines that passed while no server ran fire now; the others are set.
      await master.deadlines.sweep(db, options.deadlineSweepMs ?? SWEEP_MS, (error) =>
        console.error(`turnchart server: reading the deadlines failed: ${String(error)}`),
      );
      // Koa composes its middleware here: what was added to `app` before `run()` is served.
      const onRequest = app.callback();
      let apiServer: HttpServer | undefined;
      if (config.lobbyConfig?.apiPort) {
        apiServer = createHttp(options.https, onRequest);
        await listen(apiServer, config.lobbyConfig.apiPort, config.host);
        config.lobbyConfig.apiCallback?.();
      }
      const appServer = createHttp(
        options.https,
        apiServer
          ? (_request, response) => {
              response.writeHead(404);
              response.end('Not Found');
            }
          : onRequest,
      );
      transport.attach(appServer, master, options.origins, {
        joined: (id) => matches.hold(id),
        left: (id) => matches.letGo(id),
      });
      await listen(appServer, config.port, config.host);
      config.callback?.();
      running = { appServer, apiServer };
      return running;
    },

    /** Stop listening, disconnect every client, and close the store. */
    async kill(servers: RunningServers | undefined = running): Promise<void> {
      master.deadlines.close();
      await transport.close();
      await matches.drain();
      for (const server of [servers?.apiServer, servers?.appServer]) {
        if (server?.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
      }
      await scaled.close();
      await db.close();
    },
  };
}

export type TurnchartServer = ReturnType<typeof Server>;
