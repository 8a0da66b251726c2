/**
 * Two projects: `e2e`, the tests that start a server on a socket, a child
 * process, a browser or a build, and `unit`, all the others (in process).
 * `npm run test:unit` runs the fast part alone; `npm test` runs both. A new
 * test file that starts any of those is named `*.e2e.test.ts` (or goes in a
 * folder below). Tests are transformed by swc (fast); type checking is done
 * by `tsc --noEmit` in `npm test`.
 */
const E2E = [
  '**/test/**/*.e2e.test.ts',
  '**/test/server/*.test.ts',
  '**/test/inspect/*.test.ts',
  '**/test/react/*.test.{ts,tsx}',
  '**/test/package/*.test.ts',
  '**/test/qa/cli*.test.ts',
  '**/test/diagram/mermaid*.test.ts',
  '**/test/boardgameio/package-exports.test.ts',
  '**/test/legacy/package-entry.test.ts',
  '**/test/bench-smoke.test.ts',
];
/** In those folders, the tests of one module in process. */
const IN_PROCESS = [
  '**/test/server/{match-setup,match-snapshot,socket-parser,sqlite-store,written-g}.test.ts',
  '**/test/inspect/{session,match-view}.test.ts',
  '**/test/react/{use-game,debug-multiplayer}.test.ts',
];
const { availableParallelism } = require('node:os');

const not = (globs) => globs.map((glob) => `!${glob}`);

const shared = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test', '<rootDir>/examples'],
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  moduleNameMapper: { '^turnchart$': '<rootDir>/src/index.ts', '^turnchart/(.*)$': '<rootDir>/src/adapters/$1/index.ts' },
};

module.exports = {
  projects: [
    // The last glob that matches a path decides (jest's testMatch).
    { ...shared, displayName: 'unit', testMatch: ['**/*.test.{ts,tsx}', ...not(E2E), ...IN_PROCESS] },
    { ...shared, displayName: 'e2e', testMatch: [...E2E, ...not(IN_PROCESS)] },
  ],
  // Two workers at least: with one, jest runs every file in its own process, where one file's leftovers (a child
  // process, a socket) keep the run from ever exiting; workers are ended after the run.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  // A worker's own exit after the run takes more than jest's 500 ms on a loaded machine (then forced, with a warning).
  workerGracefulExitTimeout: 60_000,
  // Quiet when green: a file that passes prints nothing (test/support/quiet-reporter.cjs).
  reporters: ['<rootDir>/test/support/quiet-reporter.cjs', ['summary', { summaryThreshold: 20 }]],
  // No test waits for time, so no correct test comes near this however loaded the machine; it only ends a hang
  // (test/support/hung.ts, shorter, bounds what jest cannot interrupt).
  testTimeout: 15 * 60_000,
};
