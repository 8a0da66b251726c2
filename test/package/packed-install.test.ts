/**
 * turnchart as another project gets it: the built package (`npm test` builds
 * dist/ first) packed by `npm pack`, installed from the tarball into a
 * scratch project outside the repository (dependencies from npm's cache, else
 * the registry), where every export loads with `import` and with `require`,
 * the `turnchart` executable runs, and `tsc --strict` (module node16)
 * resolves every export's types both ways and compiles the README's
 * TypeScript snippets, the type tests of test/types/ and a typed
 * boardgame.io game migrated by its imports.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { migrate } from '../boardgameio/typed-game/migrate';
import { HUNG_MS } from '../support/hung';

const ROOT = join(__dirname, '..', '..');
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

let dir: string;
/** tsc's errors per file of the scratch project. */
const errors = new Map<string, string[]>();

function run(command: string, args: string[], options: { cwd?: string } = {}): string {
  const result = spawnSync(command, args, { cwd: options.cwd ?? dir, encoding: 'utf8', timeout: HUNG_MS });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited ${result.status}:\n${result.stderr}${result.stdout}`);
  return result.stdout;
}

function write(file: string, text: string) {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  writeFileSync(join(dir, file), text);
}

beforeAll(() => {
  const missing = Object.values(pkg.exports as Record<string, Record<string, Record<string, string>>>)
    .flatMap((conditions) => Object.values(conditions).flatMap((files) => Object.values(files)))
    .filter((file) => !existsSync(join(ROOT, file)));
  if (missing.length > 0)
    throw new Error(
      `the package is not built (missing ${missing.join(', ')}): run \`npm run build\` first (npm test does)`,
    );
  dir = mkdtempSync(join(tmpdir(), 'turnchart-packed-'));
  // The build is already there: no `prepare` again.
  const [{ filename }] = JSON.parse(
    run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: ROOT }),
  );
  write('package.json', JSON.stringify({ name: 'scratch', version: '1.0.0', private: true }));
  // React too, as a React app has it: turnchart/react needs its peer dependencies to load.
  // Without the optional better-sqlite3: with no prebuilt binary to download (this
  // machine's network), npm compiles SQLite for over a minute. Loading every export
  // without it also shows that nothing but the SQLite store needs it.
  run('npm', [
    'install',
    '--omit=optional',
    '--prefer-offline',
    '--no-audit',
    '--no-fund',
    '--no-package-lock',
    '--loglevel=error',
    join(dir, filename),
    'react@18',
    'react-dom@18',
  ]);

  write(
    'exports.mjs',
    `const names = {};\nfor (const s of ${JSON.stringify(specifiers)}) names[s] = Object.keys(await import(s)).sort();\nconsole.log(JSON.stringify(names));\n`,
  );
  write(
    'exports.cjs',
    `const names = {};\nfor (const s of ${JSON.stringify(specifiers)}) names[s] = Object.keys(require(s)).sort();\nconsole.log(JSON.stringify(names));\n`,
  );
  write('game.mjs', "export default { name: 'scratch', moves: { take: ({ G }) => G } };\n");

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
  write(
    'tsconfig.json',
    JSON.stringify({
      compilerOptions: {
        strict: true,
        module: 'node16',
        moduleResolution: 'node16',
        target: 'es2022',
        noEmit: true,
        skipLibCheck: true,
        types: ['node'],
        typeRoots: [join(ROOT, 'node_modules', '@types')],
      },
      include: ['*.ts', '*.mts', '*.cts'],
    }),
  );
  const tsc = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir, '--pretty', 'false'],
    { cwd: dir, encoding: 'utf8', timeout: HUNG_MS },
  );
  if (tsc.status === null || tsc.stderr) throw new Error(`tsc did not run: ${tsc.error ?? tsc.stderr}`);
  for (const line of tsc.stdout.split('\n').filter(Boolean)) {
    const [, file, error] = /^([^(]+)(\(\d+,\d+\): error .*)$/.exec(line) ?? [];
    if (!file) throw new Error(`unexpected tsc output: ${line}`);
    errors.set(file, [...(errors.get(file) ?? []), error]);
  }
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('every export has import and require conditions, each with types, all in the tarball', () => {
  for (const subpath of subpaths) {
    const conditions = pkg.exports[subpath];
    expect([subpath, Object.keys(conditions)]).toEqual([subpath, ['import', 'require']]);
    for (const files of Object.values(conditions) as Array<Record<string, string>>) {
      expect([subpath, Object.keys(files)]).toEqual([subpath, ['types', 'default']]);
      for (const file of Object.values(files))
        expect(existsSync(join(dir, 'node_modules', 'turnchart', file))).toBe(true);
    }
  }
});

test('every export loads with import and with require, with the same names', () => {
  const imported = JSON.parse(run(process.execPath, ['exports.mjs']));
  // Without Node's require(esm) (Node 18 has none): the CommonJS build must not need it.
  const flags = process.allowedNodeEnvironmentFlags.has('--experimental-require-module')
    ? ['--no-experimental-require-module']
    : [];
  const required = JSON.parse(run(process.execPath, [...flags, 'exports.cjs']));
  expect(Object.keys(imported)).toEqual(specifiers);
  for (const s of specifiers) expect([s, imported[s].length > 0]).toEqual([s, true]);
  expect(required).toEqual(imported);
});

test('the turnchart executable runs from node_modules/.bin', () => {
  const out = run(join(dir, 'node_modules', '.bin', 'turnchart'), [
    'diagram',
    'game.mjs',
    '--players',
    '2',
    '--format',
    'mermaid',
  ]);
  expect(out).toMatch(/^stateDiagram-v2/m);
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
