/**
 * How the example app is bundled (esbuild): for the browser, from turnchart's
 * sources (tsconfig's paths map `turnchart/react`), with the inspector page's
 * script provided to the debug panel. A production build sets NODE_ENV, which
 * leaves the panel out. The browser tests bundle their apps the same way.
 */
import { join } from 'node:path';
import type { BuildOptions } from 'esbuild';
import { pageScriptModule } from '../../src/adapters/inspect/page-script';

/** `root` is turnchart's repository, where the inspector page's sources are. */
export function appBuildOptions(
  root: string,
  entryPoints: Record<string, string>,
  outdir: string,
  mode: 'development' | 'production' = 'development',
): BuildOptions {
  return {
    entryPoints,
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    jsx: 'automatic',
    minify: mode === 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    plugins: [pageScriptModule(join(root, 'src/adapters/inspect/page/main.ts'))],
    logLevel: 'warning',
  };
}
