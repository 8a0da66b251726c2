/**
 * Loading a game from a module file, for every command that takes one.
 *
 * A .js, .mjs, .cjs, .jsx, .ts, .mts, .cts or .tsx file is bundled by esbuild
 * into one ES module (its packages stay external), written beside the
 * original (so its own imports resolve as they would for it), imported, and
 * deleted. `turnchart` imports inside it are bound to the very turnchart
 * that runs the command, so the game and the engine share one copy. Without
 * esbuild installed, JavaScript modules are imported as they are and
 * TypeScript ones are refused with a hint.
 *
 * The game is the export named with `--export`, else the default export if
 * it looks like a game, else the only export that does.
 */
import { existsSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
// eslint-disable-next-line import-x/no-restricted-paths -- a game file's `import 'turnchart'` is bound to the package entry itself
import * as turnchart from '../../index';
import type { Game } from '../../machines';
import { CliError } from './cli-error';

export interface LoadGameOptions {
  /** The export holding the game (default: found as described above). */
  exportName?: string;
  /** Where a relative path starts (default: process.cwd()). */
  cwd?: string;
}

export interface LoadedGame {
  game: Game;
  /** The export the game came from (`default` for a default export). */
  exportName: string;
  /** The module's absolute path. */
  file: string;
}

const JS_EXTENSIONS = ['.js', '.mjs', '.cjs', '.jsx'];
const TS_EXTENSIONS = ['.ts', '.mts', '.cts', '.tsx'];
const GAME_KEYS = ['moves', 'phases', 'turn', 'setup'] as const;

/** A game config: an object with moves, phases, turn or setup. */
export function looksLikeGame(value: unknown): value is Game {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return GAME_KEYS.some(
    (key) =>
      record[key] !== undefined &&
      record[key] !== null &&
      (key === 'setup' ? typeof record[key] === 'function' : typeof record[key] === 'object'),
  );
}

/**
 * A module's exports as a name → value view: its named exports, plus the
 * properties of a CommonJS `module.exports = { ... }` (seen as the default
 * export) that is not itself a game.
 */
function exportsView(moduleExports: Record<string, unknown>): Map<string, unknown> {
  const view = new Map<string, unknown>();
  const fallback = moduleExports.default;
  if (fallback !== null && typeof fallback === 'object' && !looksLikeGame(fallback)) {
    for (const [name, value] of Object.entries(fallback)) view.set(name, value);
  }
  for (const [name, value] of Object.entries(moduleExports)) if (name !== '__esModule') view.set(name, value);
  return view;
}

/** Choose the game among a module's exports. `where` names the module in messages. */
export function pickGame(
  moduleExports: Record<string, unknown>,
  where: string,
  exportName?: string,
): { game: Game; exportName: string } {
  const view = exportsView(moduleExports);
  const names = [...view.keys()];
  if (exportName !== undefined) {
    if (!view.has(exportName)) {
      throw new CliError(
        `${where} has no export named "${exportName}" (its exports: ${names.length ? names.join(', ') : 'none'})`,
      );
    }
    const value = view.get(exportName);
    if (!looksLikeGame(value))
      throw new CliError(
        `export "${exportName}" of ${where} is not a game config (an object with moves, phases, turn or setup)`,
      );
    return { game: value, exportName };
  }
  if (looksLikeGame(view.get('default'))) return { game: view.get('default') as Game, exportName: 'default' };
  const games = [...view].filter(([, value]) => looksLikeGame(value));
  const distinct = games.filter(([, value], index) => games.findIndex(([, other]) => other === value) === index);
  if (distinct.length === 1) return { game: distinct[0][1] as Game, exportName: distinct[0][0] };
  if (distinct.length === 0) {
    throw new CliError(
      `${where} exports no game: export a game config (an object with moves, phases, turn or setup) as default or by name`,
    );
  }
  throw new CliError(
    `${where} exports several games (${distinct.map(([name]) => name).join(', ')}): choose one with --export <name>`,
  );
}

/** The turnchart API, where the bundled game module finds it. */
const API_KEY = 'turnchart.cli.api';

function turnchartModuleSource(): string {
  (globalThis as Record<symbol, unknown>)[Symbol.for(API_KEY)] = turnchart;
  const names = Object.keys(turnchart).filter(
    (name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default' && name !== '__esModule',
  );
  return [
    `const api = globalThis[Symbol.for(${JSON.stringify(API_KEY)})];`,
    ...names.map((name) => `export const ${name} = api.${name};`),
  ].join('\n');
}

type Esbuild = typeof import('esbuild');

async function loadEsbuild(): Promise<Esbuild | undefined> {
  try {
    return await import('esbuild');
  } catch {
    return undefined;
  }
}

/** Bundle a module into one ES module's source text, with `turnchart` bound to this copy. */
async function bundle(esbuild: Esbuild, file: string, where: string): Promise<string> {
  let result;
  try {
    result = await esbuild.build({
      entryPoints: [file],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      target: 'node18',
      packages: 'external',
      metafile: true,
      logLevel: 'silent',
      // CommonJS code keeps its own __dirname / __filename (the temp file sits beside it anyway).
      define: { __dirname: JSON.stringify(dirname(file)), __filename: JSON.stringify(file) },
      plugins: [
        {
          name: 'turnchart-self',
          setup(build) {
            build.onResolve({ filter: /^turnchart$/ }, () => ({ path: 'turnchart', namespace: 'turnchart-self' }));
            build.onLoad({ filter: /.*/, namespace: 'turnchart-self' }, () => ({
              contents: turnchartModuleSource(),
              loader: 'js',
            }));
          },
        },
      ],
    });
  } catch (error) {
    const first = (
      error as { errors?: { text: string; location?: { file: string; line: number; column: number } | null }[] }
    ).errors?.[0];
    if (first) {
      const at = first.location ? `${first.location.file}:${first.location.line}:${first.location.column + 1}: ` : '';
      throw new CliError(`cannot load ${where}: ${at}${first.text}`);
    }
    throw new CliError(`cannot load ${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = result.outputFiles[0].text;
  // A CommonJS module's require() of an external package needs a real require in an ES module.
  const usesCommonJs = Object.values(result.metafile.inputs).some((input) => input.format === 'cjs');
  if (!usesCommonJs) return text;
  return `import { createRequire as __turnchartCreateRequire } from 'node:module';\nconst require = __turnchartCreateRequire(${JSON.stringify(pathToFileURL(file).href)});\n${text}`;
}

function writeBeside(file: string, source: string): string {
  const name = `.${basename(file)}.turnchart-${process.pid}-${Date.now().toString(36)}.mjs`;
  for (const dir of [dirname(file), tmpdir()]) {
    const target = join(dir, name);
    try {
      writeFileSync(target, source);
      return target;
    } catch {
      // a read-only folder: try the next place
    }
  }
  throw new CliError(`cannot write a temporary file to load ${file}`);
}

async function importFile(file: string, where: string): Promise<Record<string, unknown>> {
  try {
    return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    throw new CliError(`cannot load ${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Import a game module's exports (see the file comment for how). */
export async function importGameModule(file: string, where: string = file): Promise<Record<string, unknown>> {
  const extension = extname(file).toLowerCase();
  const isTypeScript = TS_EXTENSIONS.includes(extension);
  if (!isTypeScript && !JS_EXTENSIONS.includes(extension)) {
    throw new CliError(
      `${where} is not a JavaScript or TypeScript module (expected ${[...JS_EXTENSIONS, ...TS_EXTENSIONS].join(', ')})`,
    );
  }
  const esbuild = await loadEsbuild();
  if (!esbuild) {
    if (isTypeScript)
      throw new CliError(
        `loading a TypeScript game needs esbuild: npm install --save-dev esbuild (or give a .js file)`,
      );
    return importFile(file, where);
  }
  const temp = writeBeside(file, await bundle(esbuild, file, where));
  try {
    return await importFile(temp, where);
  } finally {
    try {
      unlinkSync(temp);
    } catch {
      // already gone
    }
  }
}

/** Load the game of a module file. Throws CliError with a one-line message. */
export async function loadGame(path: string, options: LoadGameOptions = {}): Promise<LoadedGame> {
  const cwd = options.cwd ?? process.cwd();
  const file = resolve(cwd, path);
  const where = path;
  if (!existsSync(file)) throw new CliError(`no such file: ${where}`);
  if (!statSync(file).isFile()) throw new CliError(`not a file: ${where}`);
  const moduleExports = await importGameModule(file, where);
  const { game, exportName } = pickGame(moduleExports, where, options.exportName);
  return { game, exportName, file };
}
