#!/usr/bin/env node
/** The `turnchart` executable (package.json "bin"). The program itself is in run.ts. */
import { run } from './run';

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`turnchart: internal error: ${String(error)}\n`);
    process.exitCode = 1;
  },
);
