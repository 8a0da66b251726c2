/**
 * `turnchart serve <game module...>`: run turnchart's match server for one
 * or more games — boardgame.io 0.50's socket.io protocol and lobby API on
 * one port, matches in a SQLite file — until Ctrl-C or SIGTERM.
 */
import type { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CliError } from '../cli-error';
import type { CliContext } from '../context';
import { loadGame } from '../load-game';
import { exportOption } from './options';
import { interruption, parsePort, portFault } from './inspect';
import { claimablePort, refuseLatentMistakes } from './serve-preflight';

interface ServeOptions {
  export?: string;
  port: number;
  host: string;
  db?: string;
  pubsub?: string;
  dataDir?: string;
  origins?: string;
  lobbyOnly?: boolean;
  httpsCert?: string;
  httpsKey?: string;
  strict: boolean;
}

export const DEFAULT_SERVE_PORT = 8000;

/** `--origins`: a comma-separated list; `*` allows every origin. */
function originsOf(value: string | undefined): string[] | boolean {
  if (value === undefined) return [];
  const list = value
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  return list.includes('*') ? true : list;
}

/** `--db` and `--pubsub` (or their environment variables), checked. */
function storageOf(
  options: ServeOptions,
  cwd: string,
  resolve: (...paths: string[]) => string,
): { db?: string; pubsub?: string } {
  const db = options.db ?? process.env.TURNCHART_DB;
  const pubsub = options.pubsub ?? process.env.TURNCHART_PUBSUB;
  const url = db !== undefined && /^[a-z][a-z0-9+.-]*:\/\//i.test(db);
  if (url && !/^postgres(ql)?:\/\//i.test(db))
    throw new CliError(`--db takes a SQLite file, :memory: or a postgres:// URL, not a ${db.split(':')[0]}:// URL`);
  if (pubsub !== undefined && !url)
    throw new CliError('--pubsub connects instances that share a Postgres db: give --db postgres://… too');
  if (pubsub !== undefined && !/^rediss?:\/\//i.test(pubsub))
    throw new CliError(`--pubsub takes a redis:// URL, not ${JSON.stringify(pubsub)}`);
  return { db: db === undefined || db === ':memory:' || url ? db : resolve(cwd, db), pubsub };
}

/** `--https-cert` and `--https-key`, read: both or neither. */
export function httpsOf(
  options: Pick<ServeOptions, 'httpsCert' | 'httpsKey'>,
  cwd: string,
): { cert: Buffer; key: Buffer } | undefined {
  const { httpsCert, httpsKey } = options;
  if (httpsCert === undefined && httpsKey === undefined) return undefined;
  if (httpsCert === undefined || httpsKey === undefined)
    throw new CliError('https needs both --https-cert and --https-key (PEM files)');
  const read = (file: string, flag: string) => {
    try {
      return readFileSync(resolve(cwd, file));
    } catch (error) {
      throw new CliError(`${flag} ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  };
  return { cert: read(httpsCert, '--https-cert'), key: read(httpsKey, '--https-key') };
}

export function registerServe(program: Command, context: CliContext): void {
  program
    .command('serve')
    .summary("serve matches to boardgame.io's clients (socket.io and the lobby API), stored in SQLite")
    .description(
      "Run an authoritative match server for the games: boardgame.io 0.50's clients (Client with SocketIO multiplayer, LobbyClient) connect to it unchanged. Matches are kept in a SQLite file (default .turnchart/matches.sqlite, or $TURNCHART_DATA_DIR) and survive restarts. Stops on Ctrl-C or SIGTERM.",
    )
    .argument('<game module...>', 'one or more .js, .mjs, .cjs or .ts files, each exporting a game config with a name')
    .addOption(exportOption())
    .option('--port <port>', `port (0: any free port)`, parsePort, DEFAULT_SERVE_PORT)
    .option('--host <host>', 'interface to listen on (0.0.0.0: every interface)', '127.0.0.1')
    .option(
      '--db <file|url>',
      'SQLite file of the matches, :memory: to keep them in memory only, or a postgres:// URL shared by several instances (default: $TURNCHART_DB)',
    )
    .option(
      '--pubsub <url>',
      'redis:// URL through which instances sharing a Postgres db tell each other of changes (default: $TURNCHART_PUBSUB)',
    )
    .option('--data-dir <dir>', 'where the default SQLite file goes (default: $TURNCHART_DATA_DIR, else .turnchart)')
    .option('--origins <list>', 'comma-separated web origins whose pages may connect (* for any)')
    .option('--https-cert <file>', 'serve https and wss with this PEM certificate (with --https-key)')
    .option('--https-key <file>', 'the PEM private key of --https-cert')
    .option(
      '--lobby-only',
      "only the lobby API creates matches (by default a client's sync to an unknown match creates it, as in boardgame.io)",
    )
    .option(
      '--no-strict',
      "serve a game whose config names a missing phase in a phase's next, as boardgame.io does (createGame's strict: false): warned about, and a request that reaches it is refused with UNKNOWN_PHASE",
    )
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  $ turnchart serve game.ts',
        '  $ turnchart serve chess.ts checkers.ts --port 8000 --host 0.0.0.0 --db /var/lib/games/matches.sqlite --origins https://games.example',
      ].join('\n'),
    )
    .action(async (modules: string[], options: ServeOptions) => {
      const { stopped, release } = interruption();
      let server: import('../../server/server').TurnchartServer | undefined;
      try {
        const games = [];
        for (const modulePath of modules) {
          const { game } = await loadGame(modulePath, { exportName: options.export, cwd: context.cwd });
          if (options.strict) refuseLatentMistakes(game, modulePath);
          games.push(game);
        }
        const { Server, portOf } = await import('../../server/index');
        const { db, pubsub } = storageOf(options, context.cwd, resolve);
        const https = httpsOf(options, context.cwd);
        await claimablePort(options.port, options.host);
        server = Server({
          games,
          db,
          pubsub,
          dataDir: options.dataDir && resolve(context.cwd, options.dataDir),
          origins: originsOf(options.origins),
          matchesOnSync: !options.lobbyOnly,
          ...(https ? { https } : {}),
        });
        let appServer;
        try {
          ({ appServer } = await server.run({ port: options.port, host: options.host }));
        } catch (error) {
          throw (
            portFault(error, options.port, '--port') ??
            new CliError(`the server could not start: ${(error as Error).message}`)
          );
        }
        const where =
          'file' in server.db
            ? (server.db as { file: string }).file
            : 'where' in server.db
              ? (server.db as { where: string }).where
              : 'memory';
        context.stdout(
          `turnchart server: ${server.games.map((game) => game.name).join(', ')} on ${https ? 'https' : 'http'}://${options.host}:${portOf(appServer)} (matches: ${where})\n`,
        );
        context.stdout('Press Ctrl-C to stop.\n');
        await stopped;
      } finally {
        release();
        await server?.kill();
      }
    });
}
