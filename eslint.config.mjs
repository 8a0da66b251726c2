// @ts-check
/**
 * `npm run lint` (run by `npm test`): ESLint's and typescript-eslint's recommended rules on every source file, and the
 * layer rule of docs/architecture.md on src/: engine <- chart <- adapters, the adapters reach src/machines through its
 * facade (src/machines/index.ts) only, the adapter folders depend on each other as ADAPTERS below says (a table that
 * must stay acyclic), and no import cycle anywhere in src/.
 */
import { readdirSync } from 'node:fs';
import { defineConfig, globalIgnores } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/** Each adapter folder and the adapter folders it may import. A new folder needs a row; a row must not close a cycle. */
const ADAPTERS = {
  qa: [],
  diagram: ['qa'],
  inspect: ['diagram', 'qa'],
  boardgameio: [],
  server: ['boardgameio'],
  legacy: ['boardgameio'],
  react: ['boardgameio', 'diagram', 'inspect', 'qa'],
  cli: ['diagram', 'inspect', 'qa', 'server'],
};

/** Throws where the table names an unknown folder, misses one, or has a cycle: the zones below trust it. */
function checkAdapterTable(table) {
  const folders = readdirSync(new URL('./src/adapters', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const missing = folders.filter((folder) => !(folder in table));
  if (missing.length > 0) throw new Error(`eslint.config.mjs: ADAPTERS has no row for src/adapters/${missing[0]}`);
  const done = new Set();
  const visit = (folder, path) => {
    if (path.includes(folder))
      throw new Error(`eslint.config.mjs: ADAPTERS has a cycle: ${[...path, folder].join(' -> ')}`);
    if (done.has(folder)) return;
    if (!(folder in table)) throw new Error(`eslint.config.mjs: ADAPTERS names no folder ${folder}`);
    for (const next of table[folder]) visit(next, [...path, folder]);
    done.add(folder);
  };
  for (const folder of Object.keys(table)) visit(folder, []);
}
checkAdapterTable(ADAPTERS);

const FACADE = 'src/machines/index.ts';

const layerZones = [
  {
    target: './src/machines/engine',
    from: ['./src/machines/chart', './src/machines/game.ts', './src/machines/index.ts'],
    message: 'The engine imports nothing of the chart, createGame or the facade (engine <- chart <- adapters).',
  },
  {
    target: './src/machines/chart',
    from: ['./src/machines/game.ts', './src/machines/index.ts'],
    message: 'The chart imports the engine, not createGame or the facade (engine <- chart <- adapters).',
  },
  {
    target: './src/machines',
    from: ['./src/adapters', './src/index.ts'],
    message: 'src/machines is pure: it imports no adapter and not the package entry.',
  },
  {
    target: './src/adapters',
    from: './src/machines',
    except: ['./index.ts'],
    message: `Adapters import src/machines through its facade only (${FACADE}); export what they need there.`,
  },
  {
    target: './src/index.ts',
    from: './src/machines',
    except: ['./index.ts', './engine/types.ts'],
    message: `The package entry imports the facade (${FACADE}) and the public types (src/machines/engine/types.ts).`,
  },
  {
    target: './src/adapters',
    from: './src/index.ts',
    message: `Adapters import the facade (${FACADE}), not the package entry.`,
  },
  ...Object.entries(ADAPTERS).map(([folder, allowed]) => ({
    target: `./src/adapters/${folder}`,
    from: './src/adapters',
    except: [folder, ...allowed].map((name) => `./${name}`),
    message: `src/adapters/${folder} may import ${allowed.length > 0 ? allowed.join(', ') : 'no other adapter'} (ADAPTERS in eslint.config.mjs).`,
  })),
];

export default defineConfig(
  globalIgnores(['dist/', 'coverage/', 'bench/.build/', 'bench/results/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `const { omitted: _omitted, ...rest } = value` is how a key is left out of a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      // A function type that accepts any function takes `...args: any[]`: `unknown[]` would refuse `(n: number) => …`.
      '@typescript-eslint/no-explicit-any': ['error', { ignoreRestArgs: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      // The modules no-cycle follows: TypeScript's (import-x reads only .js files unless told).
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The legacy adapter reads untyped 0.2x–0.4x JavaScript configs by key and calls their functions with the
    // arguments each generation passed: values of any shape, which is what `any` says.
    files: ['src/adapters/legacy/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['test/**', 'bench/**', 'examples/**'],
    rules: {
      // Tests and benchmarks feed games ill-typed on purpose (bad input) and read boardgame.io's untyped state;
      // the types users see are checked in src/ and in test/types.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['test/**'],
    rules: {
      // Jest runs the tests as CommonJS: they require where an import cannot (inside jest.isolateModules, a path
      // known at run time such as the packed package's files, a peer loaded only when its test runs).
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    // Games of boardgame.io 0.2x–0.4x, written as the seeds write them: every hook takes (G, ctx), used or not.
    files: ['test/legacy/fixtures/**'],
    rules: { '@typescript-eslint/no-unused-vars': ['error', { args: 'none', ignoreRestSiblings: true }] },
  },
  {
    // Compile-time type tests: values are declared to have their types read (`typeof`), and tsc is the test.
    files: ['test/types/**'],
    rules: { '@typescript-eslint/no-unused-vars': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The scratch project's apps run in a browser (test:package bundles them).
    files: ['test/package/project/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
