/**
 * The inspector page's script, one browser bundle (page/main.ts and what it
 * imports), made by esbuild. `npm run build` writes it to
 * `dist/inspector-page.js` beside the CLI; a running inspector serves that
 * file from memory, or, when running from the source tree without a build,
 * bundles the page itself (esbuild is there as tsup's dependency).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'esbuild';

export const PAGE_SCRIPT_FILE = 'inspector-page.js';
const PAGE_ENTRY = join('src', 'adapters', 'inspect', 'page', 'main.ts');

/** Bundle the page from its source entry; returns the script, and writes it when `outfile` is given. */
export async function buildPageScript(entry: string, outfile?: string): Promise<string> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    write: false,
  });
  const text = result.outputFiles[0].text;
  if (outfile) {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(dirname(outfile), { recursive: true });
    writeFileSync(outfile, text);
  }
  return text;
}

/** The module turnchart/react's debug panel imports to get the page script as a string (see pageScriptModule). */
export const PAGE_SCRIPT_MODULE = 'turnchart:inspector-page-script';

/**
 * An esbuild plugin that makes `import script from 'turnchart:inspector-page-script'`
 * the page script's text, bundled from `entry`: the debug panel runs the very
 * page the inspector serves, inside an iframe.
 */
export function pageScriptModule(entry: string): Plugin {
  return {
    name: 'turnchart-inspector-page-script',
    setup(build) {
      build.onResolve({ filter: /^turnchart:inspector-page-script$/ }, ({ path }) => ({
        path,
        namespace: 'turnchart-page',
      }));
      build.onLoad({ filter: /.*/, namespace: 'turnchart-page' }, async () => ({
        contents: `export default ${JSON.stringify(await buildPageScript(entry))};`,
        loader: 'js',
      }));
    },
  };
}

function upwards(start: string): string[] {
  const dirs: string[] = [];
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    dirs.push(dir);
    if (dirname(dir) === dir) return dirs;
  }
}

/** Folders where a built `inspector-page.js` may sit: the running script's, and an installed turnchart's dist. */
function builtPageDirs(): string[] {
  const dirs: string[] = [];
  if (process.argv[1]) dirs.push(dirname(resolve(process.argv[1])));
  try {
    dirs.push(dirname(createRequire(join(process.cwd(), 'noop.js')).resolve('turnchart')));
  } catch {
    // turnchart is not installed where we run (e.g. in its own repository)
  }
  return dirs;
}

/**
 * The page script: `inspector-page.js` in one of `dirs`, beside the running
 * script or in an installed turnchart's dist; else bundled from
 * `src/adapters/inspect/page/main.ts` found above one of those folders or the
 * working directory.
 */
export async function loadPageScript(dirs: string[] = []): Promise<string> {
  const places = [...dirs, ...builtPageDirs()];
  for (const dir of places) {
    const file = join(dir, PAGE_SCRIPT_FILE);
    if (existsSync(file)) return readFileSync(file, 'utf8');
  }
  for (const start of [...places, process.cwd()]) {
    for (const dir of upwards(start)) {
      const entry = join(dir, PAGE_ENTRY);
      if (existsSync(entry)) return buildPageScript(entry);
    }
  }
  throw new Error(
    `the inspector page is missing: no ${PAGE_SCRIPT_FILE} (npm run build makes it) and no ${PAGE_ENTRY} to bundle`,
  );
}
