/**
 * What `turnchart serve` checks before it opens the store, so that its one
 * line names the real fault: a game config mistake that only matters if play
 * reaches it (the other commands refuse such a game; `--no-strict` serves it
 * as boardgame.io would), and a port that is taken (a second server in the
 * same folder would otherwise be told that the SQLite file is in use).
 */
import { createServer } from 'node:net';
import { compiledGame, type Game } from '../../../machines';
import { tolerateLatentMistakes } from '../../../machines';
import { CliError, oneLine } from '../cli-error';
import { portFault } from './inspect';

/** Throws the first latent mistake of `game` (from the module `where`) as one line that names the way out. */
export function refuseLatentMistakes(game: Game, where: string): void {
  // A tolerated copy: the compile lists the latent mistakes instead of throwing the first, and the user's object stays as it was.
  const copy = { ...game };
  tolerateLatentMistakes(copy);
  const [first] = compiledGame(copy).latentMistakes;
  if (!first) return;
  throw new CliError(
    `invalid game config at ${first.location}: ${oneLine(first.message)} (${where}); --no-strict serves it anyway, refusing only the requests that reach it`,
  );
}

/** Throws the port's own fault if `port` cannot be listened on at `host` now; any other failure is left to the server. */
export async function claimablePort(port: number, host: string): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  const fault = await new Promise<unknown>((resolve) => {
    probe.once('error', resolve);
    probe.listen({ port, host, exclusive: true }, () => resolve(undefined));
  });
  if (fault === undefined) {
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    return;
  }
  const refused = portFault(fault, port, '--port');
  if (refused) throw refused;
}
