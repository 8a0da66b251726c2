/**
 * `turnchart serve <game module...>`: run turnchart's match server for one
 * or more games — boardgame.io 0.50's socket.io protocol and lobby API on
 * one port, matches in a SQLite file — until Ctrl-C or SIGTERM.
 */
import type { Command } from 'commander';
import { CliError } from '../cli-error';
import type { CliContext } from '../context';
import { loadGame } from '../load-game';
import { exportOption } from './options';
import { interruption, parsePort } from './inspect';

interface ServeOptions {
  export?: string;
  port: number;
  host: string;
  db?: string;
  dataDir?: string;
  origins?: string;
  lobbyOnly?: boolean;
}

export const DEFAULT_SERVE_PORT = 8000;

/** `--origins`: a comma-separated list; `*` allows every origin. */
function originsOf(value: string | undefined): string[] | boolean {
  if (value === undefined) return [];
  const list = value.split(',').map((origin) => origin.trim()).filter(Boolean);
  return list.includes('*') ? true : list;
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
    .option('--db <file>', 'SQLite file of the matches, or :memory: to keep them in memory only')
    .option('--data-dir <dir>', 'where the default SQLite file goes (default: $TURNCHART_DATA_DIR, else .turnchart)')
    .option('--origins <list>', 'comma-separated web origins whose pages may connect (* for any)')
    .option('--lobby-only', "only the lobby API creates matches (by default a client's sync to an unknown match creates it, as in boardgame.io)")
    .addHelpText('after', ['', 'Examples:', '  $ turnchart serve game.ts', '  $ turnchart serve chess.ts checkers.ts --port 8000 --host 0.0.0.0 --db /var/lib/games/matches.sqlite --origins https://games.example'].join('\n'))
    .action(async (modules: string[], options: ServeOptions) => {
      const { stopped, release } = interruption();
      let server: import('../../server/server').TurnchartServer | undefined;
      try {
        const games = [];
        for (const modulePath of modules) games.push((await loadGame(modulePath, { exportName: options.export, cwd: context.cwd })).game);
        const { Server, portOf } = await import('../../server/index');
        const { resolve } = await import('node:path');
        if (options.db !== undefined && /^[a-z][a-z0-9+.-]*:\/\//i.test(options.db)) {
          throw new CliError(`--db takes a SQLite file or :memory:; a database URL (${options.db.split(':')[0]}://) is not supported yet`);
        }
        const db = options.db === undefined || options.db === ':memory:' ? options.db : resolve(context.cwd, options.db);
        server = Server({ games: games as any, db, dataDir: options.dataDir && resolve(context.cwd, options.dataDir), origins: originsOf(options.origins), matchesOnSync: !options.lobbyOnly });
        let appServer;
        try {
          ({ appServer } = await server.run({ port: options.port, host: options.host }));
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'EADDRINUSE') throw new CliError(`port ${options.port} is in use: choose another with --port (0: any free port)`);
          throw new CliError(`the server could not start: ${(error as Error).message}`);
        }
        const where = 'file' in server.db ? (server.db as { file: string }).file : 'memory';
        context.stdout(`turnchart server: ${server.games.map((game) => game.name).join(', ')} on http://${options.host}:${portOf(appServer)} (matches: ${where})\n`);
        context.stdout('Press Ctrl-C to stop.\n');
        await stopped;
      } finally {
        release();
        await server?.kill();
      }
    });
}
