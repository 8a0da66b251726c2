/** Options shared by the commands that take a game module. */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { InvalidArgumentError, Option } from 'commander';
import type { Game } from '../../../machines';
import { CliError } from '../cli-error';
import type { CliContext } from '../context';

export function parsePlayers(value: string): number {
  const players = /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isSafeInteger(players) || players < 1)
    throw new InvalidArgumentError('--players must be a positive whole number.');
  return players;
}

export function playersOption(): Option {
  return new Option('-p, --players <n>', "number of seats (default: the game's minPlayers, else 2)").argParser(
    parsePlayers,
  );
}

export function exportOption(): Option {
  return new Option(
    '-e, --export <name>',
    'the export holding the game (default: the default export, or the only game exported)',
  );
}

/** The number of seats to build the chart for: the one asked for, within the game's minPlayers..maxPlayers. */
export function playersFor(game: Game, requested: number | undefined): number {
  const { minPlayers, maxPlayers } = game;
  if (requested === undefined) return minPlayers ?? (maxPlayers !== undefined ? Math.min(2, maxPlayers) : 2);
  if (minPlayers !== undefined && requested < minPlayers)
    throw new CliError(`the game needs at least ${minPlayers} players, --players is ${requested}`);
  if (maxPlayers !== undefined && requested > maxPlayers)
    throw new CliError(`the game allows at most ${maxPlayers} players, --players is ${requested}`);
  return requested;
}

/** A command's result: to standard output, or to `--out` (relative to the working directory). */
export async function writeOutput(context: CliContext, out: string | undefined, text: string): Promise<void> {
  if (out === undefined) {
    context.stdout(text);
    return;
  }
  try {
    await writeFile(resolve(context.cwd, out), text);
  } catch (error) {
    throw new CliError(`cannot write ${out}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}
