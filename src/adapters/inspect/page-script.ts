/**
 * The inspector page's script, one browser bundle (page/main.ts and what it
 * imports), made by esbuild. `npm run build` writes it to
 * `dist/inspector-page.js` beside the CLI; a running inspector serves that
 * file from memory, or, when running from the source tree without a build,
 * bundles the page itself (esbuild is there as tsup's dependency).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

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

function upwards(start: string): string[] {
  const dirs: string[] = [];
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    dirs.push(dir);
    if (dirname(dir) === dir) return dirs;
  }
}

/**
 * The page script: `inspector-page.js` in one of `dirs` (pass the running
 * script's folder), else bundled from `src/adapters/inspect/page/main.ts`
 * found above one of `dirs` or the working directory.
 */
export async function loadPageScript(dirs: string[] = []): Promise<string> {
  for (const dir of dirs) {
    const file = join(dir, PAGE_SCRIPT_FILE);
    if (existsSync(file)) return readFileSync(file, 'utf8');
  }
  for (const start of [...dirs, process.cwd()]) {
    for (const dir of upwards(start)) {
      const entry = join(dir, PAGE_ENTRY);
      if (existsSync(entry)) return buildPageScript(entry);
    }
  }
  throw new Error(`the inspector page is missing: no ${PAGE_SCRIPT_FILE} (npm run build makes it) and no ${PAGE_ENTRY} to bundle`);
}
