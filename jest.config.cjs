/** Tests are transformed by swc (fast); type checking is done by `tsc --noEmit` in `npm test`. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test', '<rootDir>/examples'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  moduleNameMapper: { '^turnchart$': '<rootDir>/src/index.ts', '^turnchart/(.*)$': '<rootDir>/src/adapters/$1/index.ts' },
};
