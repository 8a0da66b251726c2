/**
 * The package suite (`npm run test:package`): turnchart packed and installed
 * into scratch projects as its users get it (user-projects.ts), then used
 * through npx, import/require, three bundlers in Chromium and tsc. Its own
 * config, as its files are not `*.test.ts`: `npm test` does not run it.
 */
module.exports = {
  rootDir: '../..',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/package'],
  testMatch: ['**/*.package.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  globalSetup: '<rootDir>/test/package/user-projects.ts',
  globalTeardown: '<rootDir>/test/package/user-projects-teardown.ts',
  // Only to catch a hang: every wait in the suite ends on an event, and a
  // bundler or npm install on a loaded 2-core machine may take minutes.
  testTimeout: 20 * 60_000,
};
