#!/usr/bin/env node
/** The `turnchart` executable (package.json "bin"). The program itself is in run.ts. */
import { EXIT_BUG } from './cli-error';
import { run } from './run';

// Output piped into a reader that stops early (`turnchart help diagram | head`):
// the rest is not wanted, so stop quietly instead of crashing on EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
}

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`turnchart: internal error: ${String(error)}\n`);
    process.exitCode = EXIT_BUG;
  },
);
