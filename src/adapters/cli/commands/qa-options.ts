/** Options and helpers shared by the QA commands (step, replay, paths, coverage, check). */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { InvalidArgumentError, Option } from 'commander';
import { createProgress, parseTrace, type Trace } from '../../qa/index';
import { CliError } from '../cli-error';
import type { CliContext } from '../context';

export function parseCount(name: string, min = 1) {
  return (value: string): number => {
    const n = /^\d+$/.test(value.trim()) ? Number(value) : NaN;
    if (!Number.isSafeInteger(n) || n < min) throw new InvalidArgumentError(`${name} must be a whole number of at least ${min}.`);
    return n;
  };
}

export function seedOption(fallback: string): Option {
  return new Option('-s, --seed <seed>', `seed of the match (default: ${fallback})`);
}

/** How often progress lines go to stderr; hidden, for tests. */
export function progressOption(): Option {
  return new Option('--progress-ms <ms>', 'milliseconds between progress lines on stderr').argParser(parseCount('--progress-ms', 0)).default(1000).hideHelp();
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
  if (/^Unexpected end of JSON input/.test(reason)) return `${lineAndColumn(text, text.trimEnd().length)}: the text ends too early`;
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
