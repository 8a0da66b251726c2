/**
 * How the `turnchart` command ends. Exit codes (docs/errors.md, "The
 * turnchart command"): 0 ok; 1 a finding (a check that found a deadlock, a
 * trap or a game that never ends; a replay that diverges); 2 a usage or
 * input error, told as one line on stderr (bad options, a file that is
 * missing, is not JSON or holds no game, an invalid game config, a game that
 * cannot start); 3 a bug in turnchart ("internal error").
 */
import { GameConfigError, GameStartError } from '../../machines';

export const EXIT_OK = 0;
export const EXIT_FINDING = 1;
export const EXIT_USAGE = 2;
export const EXIT_BUG = 3;

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
  constructor(message: string, exitCode = EXIT_FINDING) {
    super(message);
    this.name = 'ReportedFailure';
    this.exitCode = exitCode;
  }
}

/** An error of one of turnchart's classes, also when a game module bundled another copy of turnchart (same name, same shape). */
function isGameConfigError(error: unknown): error is GameConfigError {
  if (error instanceof GameConfigError) return true;
  return (
    error instanceof Error &&
    error.name === 'GameConfigError' &&
    typeof (error as GameConfigError).location === 'string'
  );
}

function isGameStartError(error: unknown): error is GameStartError {
  if (error instanceof GameStartError) return true;
  return (
    error instanceof Error && error.name === 'GameStartError' && typeof (error as GameStartError).rejection === 'object'
  );
}

/** A message on one line: its lines joined, nothing cut (a user's message is the fault itself). */
export function oneLine(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ');
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0].trim();
}

/** The one-line message and exit code for an error that ended a command. */
export function describeError(error: unknown): { message: string; exitCode: number } {
  if (error instanceof CliError) return { message: oneLine(error.message), exitCode: EXIT_USAGE };
  if (isGameConfigError(error)) {
    const detail = error.message.startsWith(`${error.location}: `)
      ? error.message.slice(error.location.length + 2)
      : error.message;
    return { message: `invalid game config at ${error.location}: ${oneLine(detail)}`, exitCode: EXIT_USAGE };
  }
  if (isGameStartError(error)) {
    const { rejection } = error;
    const at = rejection.location ? ` (${rejection.location})` : '';
    return {
      message: `the game cannot start: ${rejection.code}${at}: ${oneLine(rejection.message)}`,
      exitCode: EXIT_USAGE,
    };
  }
  // A bug: the first line only (the rest is a stack).
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { message: `internal error: ${firstLine(message)}`, exitCode: EXIT_BUG };
}
