/**
 * Errors the `turnchart` command reports as one line on stderr with exit
 * code 2: bad usage, a file that is missing or holds no game, an invalid game
 * config. Anything else is a bug and exits 1.
 */
import { GameConfigError } from '../../index';

export const EXIT_OK = 0;
export const EXIT_BUG = 1;
export const EXIT_USAGE = 2;

/** A problem with what the user asked for, told in one line. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

/**
 * A command that ran to its end and wrote its report, but found what it was
 * looking for (a trace that diverges, a game that gets stuck): exit code 1,
 * and nothing more is written.
 */
export class ReportedFailure extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = EXIT_BUG) {
    super(message);
    this.name = 'ReportedFailure';
    this.exitCode = exitCode;
  }
}

function isGameConfigError(error: unknown): error is GameConfigError {
  if (error instanceof GameConfigError) return true;
  // A game module bundled with another copy of turnchart throws another class of the same shape.
  return error instanceof Error && error.name === 'GameConfigError' && typeof (error as GameConfigError).location === 'string';
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0].trim();
}

/** The one-line message and exit code for an error that ended a command. */
export function describeError(error: unknown): { message: string; exitCode: number } {
  if (error instanceof CliError) return { message: firstLine(error.message), exitCode: EXIT_USAGE };
  if (isGameConfigError(error)) {
    const detail = error.message.startsWith(`${error.location}: `) ? error.message.slice(error.location.length + 2) : error.message;
    return { message: `invalid game config at ${error.location}: ${firstLine(detail)}`, exitCode: EXIT_USAGE };
  }
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { message: `internal error: ${firstLine(message)}`, exitCode: EXIT_BUG };
}
