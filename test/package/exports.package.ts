/**
 * Every export of the installed package: present in the tarball with
 * `import` and `require` conditions and types, loading with `import` and
 * with `require` (in the app project; in the engine-only project, every one
 * but turnchart/react, whose peers are React's), and `tsc --strict`
 * (module node16) resolving every export's types both ways and compiling
 * the README's TypeScript snippets, the type tests of test/types/ and a
 * typed boardgame.io game migrated by its imports.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { migrate } from '../boardgameio/typed-game/migrate';
import { INSTALLS, ok, projects, README_TARBALL, ROOT, run, TARBALL } from './support';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const subpaths = Object.keys(pkg.exports);
const specifier = (subpath: string) => (subpath === '.' ? 'turnchart' : `turnchart/${subpath.slice(2)}`);
const specifiers = subpaths.map(specifier);

/** A README TypeScript snippet: the heading it sits under, its text. */
interface Snippet {
  name: string;
  code: string;
}

function readmeSnippets(): Snippet[] {
  const snippets: Snippet[] = [];
  let heading = '';
  for (const [, title, code] of readFileSync(join(ROOT, 'README.md'), 'utf8').matchAll(
    /^#+ (.*)$|^```ts\n([\s\S]*?)^```$/gm,
  )) {
    if (title !== undefined) heading = title;
    else
      snippets.push({
        name: `${heading} #${snippets.filter((s) => s.name.startsWith(`${heading} #`)).length + 1}`,
        code,
      });
  }
  return snippets;
}

/**
 * What a snippet leaves to the text around it, declared before it: the
 * imports of a fragment, the game that the migration snippet stands for.
 */
const PRELUDES: Array<[RegExp, string]> = [
  [/^const Discard: Game = /m, "import type { Game } from 'turnchart';"],
  [/Client\(\{ game: TicTacToe\b/, "import type { Game } from 'turnchart'; declare const TicTacToe: Game;"],
];

/** Snippets that do not compile, with the errors they give (none now: each README snippet must compile under strict). */
const KNOWN_ERRORS: Record<string, string[]> = {};

const snippets = readmeSnippets();
const snippetFile = (index: number) => `snippet-${index + 1}.ts`;

const { app: dir, engine } = projects();
/** tsc's errors per file of the app project. */
const errors = new Map<string, string[]>();

function write(file: string, text: string) {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  writeFileSync(join(dir, file), text);
}

const loaders = (names: string[]) => ({
  'exports.mjs': `const names = {};\nfor (const s of ${JSON.stringify(names)}) names[s] = Object.keys(await import(s)).sort();\nconsole.log(JSON.stringify(names));\n`,
  'exports.cjs': `const names = {};\nfor (const s of ${JSON.stringify(names)}) names[s] = Object.keys(require(s)).sort();\nconsole.log(JSON.stringify(names));\n`,
});

beforeAll(async () => {
  for (const [file, text] of Object.entries(loaders(specifiers))) write(file, text);
  for (const [file, text] of Object.entries(loaders(specifiers.filter((s) => s !== 'turnchart/react'))))
    writeFileSync(join(engine, file), text);

  // Types: every export through its `import` (.mts) and its `require` (.cts) condition, and the README's snippets.
  write(
    'types-import.mts',
    specifiers.map((s, i) => `import * as m${i} from '${s}';\n`).join('') +
      `export const all = [${specifiers.map((_, i) => `m${i}`)}];\n`,
  );
  write(
    'types-require.cts',
    specifiers.map((s, i) => `import m${i} = require('${s}');\n`).join('') +
      `export const all = [${specifiers.map((_, i) => `m${i}`)}];\n`,
  );
  snippets.forEach(({ code }, index) => {
    const prelude = PRELUDES.filter(([pattern]) => pattern.test(code)).map(([, text]) => text);
    // Each snippet a module of its own; everything added sits on line 1, so line N + 1 is the snippet's line N.
    write(snippetFile(index), `${[...prelude, 'export {};'].join(' ')}\n${code}`);
  });
  cpSync(join(ROOT, 'examples', 'discard', 'game.ts'), join(dir, 'examples', 'discard', 'game.ts'));
  // The typed boardgame.io game migrated by its imports, and the type tests, against the package's declarations.
  write('typed-game.ts', migrate(readFileSync(join(ROOT, 'test', 'boardgameio', 'typed-game', 'game.ts'), 'utf8')));
  write('machine-types.ts', readFileSync(join(ROOT, 'test', 'types', 'machine-types.ts'), 'utf8'));
  const files = ['types-import.mts', 'types-require.cts', 'typed-game.ts', 'machine-types.ts'];
  write(
    'tsconfig.snippets.json',
    JSON.stringify({
      compilerOptions: {
        strict: true,
        module: 'node16',
        moduleResolution: 'node16',
        target: 'es2022',
        noEmit: true,
        skipLibCheck: true,
        types: ['node'],
      },
      files: [...files, ...snippets.map((_, index) => snippetFile(index))],
    }),
  );
  const tsc = await run(
    process.execPath,
    [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.snippets.json', '--pretty', 'false'],
    dir,
  );
  if (tsc.code === null || tsc.stderr) throw new Error(`tsc did not run: ${tsc.stderr}`);
  for (const line of tsc.stdout.split('\n').filter(Boolean)) {
    const [, file, error] = /^([^(]+)(\(\d+,\d+\): error .*)$/.exec(line) ?? [];
    if (!file) throw new Error(`unexpected tsc output: ${line}`);
    errors.set(file, [...(errors.get(file) ?? []), error]);
  }
});

test('every export has import and require conditions, each with types, all in the tarball', () => {
  for (const subpath of subpaths) {
    const conditions = pkg.exports[subpath];
    expect([subpath, Object.keys(conditions)]).toEqual([subpath, ['import', 'require']]);
    for (const [condition, files] of Object.entries(conditions as Record<string, Record<string, string>>)) {
      // turnchart/react's CommonJS build has a browser variant (see tsup.config.ts).
      const browser = subpath === './react' && condition === 'require' ? ['browser'] : [];
      expect([subpath, Object.keys(files)]).toEqual([subpath, ['types', ...browser, 'default']]);
      for (const file of Object.values(files))
        expect(existsSync(join(dir, 'node_modules', 'turnchart', file))).toBe(true);
    }
  }
});

/** Each export's names, loaded with `import` and with `require`, in `cwd`. */
async function load(cwd: string) {
  const imported = JSON.parse(await ok(process.execPath, ['exports.mjs'], cwd));
  // Without Node's require(esm) (Node 18 has none): the CommonJS build must not need it.
  const flags = process.allowedNodeEnvironmentFlags.has('--experimental-require-module')
    ? ['--no-experimental-require-module']
    : [];
  const required = JSON.parse(await ok(process.execPath, [...flags, 'exports.cjs'], cwd));
  return { imported, required };
}

test('every export loads with import and with require, with the same names', async () => {
  const { imported, required } = await load(dir);
  expect(Object.keys(imported)).toEqual(specifiers);
  for (const s of specifiers) expect([s, imported[s].length > 0]).toEqual([s, true]);
  expect(required).toEqual(imported);
});

test('with the package alone (no SQLite driver, no React), every export but turnchart/react loads both ways', async () => {
  const { imported, required } = await load(engine);
  expect(Object.keys(imported)).toEqual(specifiers.filter((s) => s !== 'turnchart/react'));
  expect(required).toEqual(imported);
});

test('tsc --strict (node16) resolves every export through import and through require', () => {
  expect([errors.get('types-import.mts') ?? [], errors.get('types-require.cts') ?? []]).toEqual([[], []]);
  // Nothing else of the scratch project (the example module a snippet imports, the migrated boardgame.io game, the type tests) has errors.
  expect([...errors.keys()].filter((file) => !/^snippet-\d+\.ts$/.test(file))).toEqual([]);
});

describe("the README's TypeScript snippets compile under strict in the scratch project", () => {
  test('the README has TypeScript snippets, each with a name of its own', () => {
    expect(snippets.length).toBeGreaterThan(0);
    expect(new Set(snippets.map((s) => s.name)).size).toBe(snippets.length);
  });
  test.each(snippets.map((s, index) => [s.name, index] as const))('%s', (name, index) => {
    expect(errors.get(snippetFile(index)) ?? []).toEqual(KNOWN_ERRORS[name] ?? []);
  });
  test('every known failure is still a snippet of the README', () => {
    expect(Object.keys(KNOWN_ERRORS).filter((name) => !snippets.some((s) => s.name === name))).toEqual([]);
  });
});

test('the README lists the installs the scratch projects ran, word for word', () => {
  const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n');
  for (const args of [...INSTALLS.engine, ...INSTALLS.app]) {
    const command = `npm ${args.map((arg) => (arg === TARBALL ? README_TARBALL : arg)).join(' ')}`;
    expect([command, lines.some((line) => line === command || line.startsWith(`${command} `))]).toEqual([
      command,
      true,
    ]);
  }
});
