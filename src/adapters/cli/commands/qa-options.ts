/** Options and helpers shared by the QA commands (step, replay, paths, coverage, check). */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { InvalidArgumentError, Option } from 'commander';
import { FLOW_EVENT_TYPES, type FlowEventType, type Game } from '../../../machines';
import { createProgress, parseTrace, playerEvents, type EventChoice, type Trace } from '../../qa/index';
import { CliError } from '../cli-error';
import type { CliContext } from '../context';

export function parseCount(name: string, min = 1) {
  return (value: string): number => {
    const n = /^\d+$/.test(value.trim()) ? Number(value) : NaN;
    if (!Number.isSafeInteger(n) || n < min)
      throw new InvalidArgumentError(`${name} must be a whole number of at least ${min}.`);
    return n;
  };
}

/** `--events endTurn,pass`, `all`, `player` or `none`. */
export function parseEvents(value: string): EventChoice {
  const text = value.trim();
  if (text === 'all' || text === 'player') return text;
  if (text === 'none') return [];
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(FLOW_EVENT_TYPES as readonly string[]).includes(name));
  if (names.length === 0 || unknown.length > 0) {
    const what =
      unknown.length === 0
        ? ''
        : `${unknown.map((name) => JSON.stringify(name)).join(', ')} ${unknown.length === 1 ? 'is not a flow event' : 'are not flow events'}. `;
    throw new InvalidArgumentError(
      `${what}Give a comma-separated list of ${playerEvents({}, 'all').join(', ')}; or player, all or none.`,
    );
  }
  return names as FlowEventType[];
}

/** Which flow events players send (`what`: "in playouts", ...). */
export function eventsOption(what = ''): Option {
  return new Option(
    '--events <list>',
    `the flow events players send${what ? ` ${what}` : ''}: a comma-separated list (endTurn,pass,endStage,setStage,endPhase,setPhase,endGame,setActivePlayers), "player" (the default: endTurn, pass and endStage where the game enables them, and any event its config sets to true), "all" (every event the game enables) or "none"`,
  ).argParser(parseEvents);
}

/** `--moves-only`: the same as `--events none`. */
export function movesOnlyOption(): Option {
  return new Option(
    '--moves-only',
    'the same as --events none: moves only (events that moves and hooks call still happen)',
  ).conflicts('events');
}

/** The events players send, checked against the game: naming an event the game disables is a usage error. */
export function chosenEvents(game: Game, options: { events?: EventChoice; movesOnly?: boolean }): FlowEventType[] {
  if (options.movesOnly) return [];
  const choice = options.events ?? 'player';
  if (typeof choice !== 'string') {
    const disabled = choice.filter((type) => game.events?.[type] === false);
    if (disabled.length > 0)
      throw new CliError(
        `--events: the game disables ${disabled.join(', ')} (events: { ${disabled.map((type) => `${type}: false`).join(', ')} }), so no player can send ${disabled.length === 1 ? 'it' : 'them'}`,
      );
  }
  return playerEvents(game, choice);
}

export function seedOption(fallback: string): Option {
  return new Option('-s, --seed <seed>', `seed of the match (default: ${fallback})`);
}

/** How often progress lines go to stderr; hidden, for tests. */
export function progressOption(): Option {
  return new Option('--progress-ms <ms>', 'milliseconds between progress lines on stderr')
    .argParser(parseCount('--progress-ms', 0))
    .default(1000)
    .hideHelp();
}

export function progressWriter(context: CliContext, label: string, intervalMs: number) {
  return createProgress((line) => context.stderr(line), label, { intervalMs });
}

/** Line and column (from 1) of an offset in a text. */
function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${before[before.length - 1].length + 1}`;
}

/**
 * Why a text is not JSON, on one line and with where: V8's message without
 * its quote of the text (which may span lines), and the place, from the
 * offset V8 gives or, for an unexpected token, the shortest prefix that
 * already fails on it.
 */
export function jsonProblem(text: string, error: Error): string {
  if (text.trim() === '') return 'the file is empty';
  const message = error.message.replace(/^JSON\.parse: /, '');
  const position = /at position (\d+)/.exec(message);
  const reason = message
    .replace(/, (\.\.\.)?".*"(\.\.\.)? is not valid JSON$/s, '')
    .replace(/ at position \d+( \(line \d+ column \d+\))?$/, '')
    .replace(/ in JSON$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (position) return `${lineAndColumn(text, Number(position[1]))}: ${reason}`;
  if (/^Unexpected end of JSON input/.test(reason))
    return `${lineAndColumn(text, text.trimEnd().length)}: the text ends too early`;
  if (/^Unexpected token/.test(reason)) {
    let low = 1;
    let high = text.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      let fails = false;
      try {
        JSON.parse(text.slice(0, middle));
      } catch (prefixError) {
        fails = /^Unexpected token/.test((prefixError as Error).message);
      }
      if (fails) high = middle;
      else low = middle + 1;
    }
    return `${lineAndColumn(text, low - 1)}: ${reason}`;
  }
  return reason;
}

/** Read and check trace files; a file that is missing or no trace is a usage error (exit 2). */
export async function readTraces(paths: readonly string[], cwd: string): Promise<Trace[]> {
  const traces: Trace[] = [];
  for (const path of paths) {
    let text: string;
    try {
      text = await readFile(resolve(cwd, path), 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new CliError(code === 'ENOENT' ? `no such file: ${path}` : `cannot read ${path}: ${code ?? String(error)}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new CliError(`${path} is not JSON: ${jsonProblem(text, error as Error)}`);
    }
    try {
      traces.push(parseTrace(json));
    } catch (error) {
      throw new CliError(`${path}: ${(error as Error).message}`);
    }
  }
  return traces;
}
