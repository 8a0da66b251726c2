/**
 * `turnchart inspect <game module>`: play a match of the game in the local
 * inspector page (chart with live states, log, per-player actions, time
 * travel), offline. Runs until Ctrl-C. With `--stately`, the same inspection
 * stream also goes to Stately Inspector through @statelyai/inspect's local
 * bridge.
 */
import { InvalidArgumentError, type Command } from 'commander';
import { CliError } from '../cli-error';
import type { CliContext } from '../context';
import { loadGame } from '../load-game';
import { exportOption, playersFor, playersOption } from './options';
import { openInBrowser } from '../../inspect/open-browser';

interface InspectOptions {
  players?: number;
  export?: string;
  seed?: string;
  port: number;
  host: string;
  stately?: number | true;
  open?: boolean;
  /** false for `--no-explore`. */
  explore: boolean;
}

export const DEFAULT_INSPECT_PORT = 4242;
const DEFAULT_STATELY_PORT = 8080;

export function parsePort(value: string): number {
  const port = /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new InvalidArgumentError('a port is a whole number from 0 to 65535 (0: any free port).');
  return port;
}

/** `stopped` resolves on the first SIGINT or SIGTERM; `release` stops listening. */
export function interruption(): { stopped: Promise<void>; release(): void } {
  let release = () => {};
  const stopped = new Promise<void>((resolve) => {
    const stop = () => {
      release();
      resolve();
    };
    release = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return { stopped, release };
}

/** A port the command cannot listen on, as one line naming it and the option that chooses another. */
export function portFault(error: unknown, port: number, option: string): CliError | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  const another = `choose another with ${option}${option === '--port' ? ' (0: any free port)' : ''}`;
  if (code === 'EADDRINUSE') return new CliError(`port ${port} is in use: ${another}`);
  if (code === 'EACCES') return new CliError(`port ${port} needs more permissions than this user has: ${another}`);
  if (code === 'EADDRNOTAVAIL')
    return new CliError(`cannot listen on port ${port} at that address (--host): ${(error as Error).message}`);
  return undefined;
}

export function registerInspect(program: Command, context: CliContext): void {
  program
    .command('inspect')
    .summary('play a match in the local inspector page (chart, log, actions, time travel)')
    .description(
      'Run a match of a game and open it in a local inspector page: the statechart with the active states highlighted live, the log of requests, raised steps and rejections, buttons for what each player may send now, and time travel. Needs no network. Stops on Ctrl-C.',
    )
    .argument('<game module>', 'a .js, .mjs, .cjs or .ts file exporting a game config')
    .addOption(playersOption())
    .addOption(exportOption())
    .option('-s, --seed <seed>', 'seed of the match (default: a new one)')
    .option('--port <port>', `port of the page (0: any free port)`, parsePort, DEFAULT_INSPECT_PORT)
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .option('--open', 'open the page in the default browser')
    .option(
      '--no-explore',
      'do not play the game (for a moment, once the page is up) to grey the states no play reaches',
    )
    .option(
      '--stately [port]',
      `also stream to Stately Inspector, through @statelyai/inspect's bridge page on this port (default ${DEFAULT_STATELY_PORT}; that page loads stately.ai)`,
      parsePort,
    )
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  $ turnchart inspect examples/discard/game.ts --players 4',
        '  $ turnchart inspect game.js --seed demo --port 0 --stately',
      ].join('\n'),
    )
    .action(async (modulePath: string, options: InspectOptions) => {
      // Listen for Ctrl-C from the start: one during start-up stops the inspector as soon as it is up.
      const { stopped, release } = interruption();
      const closers: (() => unknown)[] = [];
      try {
        const { game } = await loadGame(modulePath, { exportName: options.export, cwd: context.cwd });
        const numPlayers = playersFor(game, options.players);
        // Loaded here, not at the top: @statelyai/inspect is an ES module only, and other commands need none of this.
        const { startInspectorServer } = await import('../../inspect/server');

        const sinks = [];
        if (options.stately !== undefined) {
          const { connectStately } = await import('../../inspect/stately');
          const port = options.stately === true ? DEFAULT_STATELY_PORT : options.stately;
          const stately = connectStately({ port });
          closers.push(stately.stop);
          await stately.ready.catch((error: unknown) => {
            throw portFault(error, port, '--stately <port>') ?? error;
          });
          sinks.push(stately.sink);
          context.stdout(
            `Stately Inspector (needs the network; says so when stately.ai cannot be reached): ${stately.url}\n`,
          );
        }
        let server;
        try {
          server = await startInspectorServer({
            game,
            numPlayers,
            seed: options.seed,
            host: options.host,
            port: options.port,
            sinks,
            reached: options.explore,
          });
        } catch (error) {
          throw portFault(error, options.port, '--port') ?? error;
        }
        closers.unshift(() => server.close());
        context.stdout(
          `turnchart inspector: ${game.name ?? 'game'}, ${numPlayers} players, seed ${server.session.seed}\n`,
        );
        context.stdout(`${server.url}\n`);
        context.stdout('Press Ctrl-C to stop.\n');
        if (options.open) openInBrowser(server.url);
        await stopped;
      } finally {
        release();
        for (const close of closers) await close();
      }
    });
}
