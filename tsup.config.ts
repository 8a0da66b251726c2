import { build } from 'esbuild';
import { defineConfig, type Options } from 'tsup';
import { buildPageScript, pageScriptModule } from './src/adapters/inspect/page-script';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

/**
 * @statelyai/inspect is an ES module only, so `require('turnchart/inspect')`
 * would need Node's require(esm), which Node 18 lacks. The CommonJS build
 * bundles it (and its own CommonJS dependencies) into inspect.cjs; the ES
 * module build keeps importing the installed package. (inspect.d.cts still
 * imports its `StatelyInspectionEvent` type, which TypeScript 5.9 accepts
 * under `nodenext` without `skipLibCheck`: test/package/types.package.ts.)
 */
const STATELY_INSPECT = /^@statelyai\/inspect(\/|$)/;
const statelyInspectExternalInEsm: EsbuildPlugin = {
  name: 'statelyai-inspect-external-in-esm',
  setup(build) {
    if (build.initialOptions.format === 'cjs') return;
    build.onResolve({ filter: STATELY_INSPECT }, ({ path }) => ({ path, external: true }));
  },
};

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    cli: 'src/adapters/cli/index.ts',
    boardgameio: 'src/adapters/boardgameio/index.ts',
    inspect: 'src/adapters/inspect/index.ts',
    qa: 'src/adapters/qa/index.ts',
    legacy: 'src/adapters/legacy/index.ts',
    diagram: 'src/adapters/diagram/index.ts',
    server: 'src/adapters/server/index.ts',
    react: 'src/adapters/react/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  // No shims: tsup's ES module shim imports Node's path and url into a chunk that every entry shares,
  // browser bundles included. The one module that needs its own place (sqlite-driver.ts) reads
  // __filename under CommonJS and import.meta.url (left empty there, hence the override) under ESM.
  shims: false,
  esbuildOptions(options) {
    options.logOverride = { ...options.logOverride, 'empty-import-meta': 'silent' };
  },
  target: 'es2022',
  // Dependencies and peers stay external (tsup's default); named here too, as a bundled native
  // addon (better-sqlite3 through `bindings`) cannot find its binary.
  external: ['better-sqlite3', 'pg', 'ioredis', 'esbuild', 'react', 'react-dom'],
  noExternal: [STATELY_INSPECT],
  // turnchart/react's debug panel runs the inspector page's script in an iframe: bundled in as a string.
  esbuildPlugins: [statelyInspectExternalInEsm, pageScriptModule('src/adapters/inspect/page/main.ts')],
  onSuccess: async () => {
    // The inspector page's browser bundle, served by `turnchart inspect` from beside the CLI.
    await buildPageScript('src/adapters/inspect/page/main.ts', 'dist/inspector-page.js');
    // `require('turnchart/react')` in a browser bundle (the `browser` condition): react.cjs carries
    // @statelyai/inspect for Node, with its Node modules (crypto, ws); this one leaves every package
    // to the bundler, which picks their browser builds.
    await build({
      entryPoints: ['src/adapters/react/index.ts'],
      outfile: 'dist/react.browser.cjs',
      bundle: true,
      format: 'cjs',
      platform: 'browser',
      target: 'es2022',
      packages: 'external',
      sourcemap: true,
      plugins: [pageScriptModule('src/adapters/inspect/page/main.ts')],
      logLevel: 'warning',
    });
  },
});
