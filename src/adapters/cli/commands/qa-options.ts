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
      throw new CliError(`${path} is not JSON: ${(error as Error).message}`);
    }
    try {
      traces.push(parseTrace(json));
    } catch (error) {
      throw new CliError(`${path}: ${(error as Error).message}`);
    }
  }
  return traces;
}
