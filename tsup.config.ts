import { defineConfig } from 'tsup';
import { buildPageScript } from './src/adapters/inspect/page-script';

export default defineConfig({
  entry: { index: 'src/index.ts', cli: 'src/adapters/cli/index.ts', boardgameio: 'src/adapters/boardgameio/index.ts', inspect: 'src/adapters/inspect/index.ts', qa: 'src/adapters/qa/index.ts', legacy: 'src/adapters/legacy/index.ts', diagram: 'src/adapters/diagram/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  // The inspector page's browser bundle, served by `turnchart inspect` from beside the CLI.
  onSuccess: async () => {
    await buildPageScript('src/adapters/inspect/page/main.ts', 'dist/inspector-page.js');
  },
});
