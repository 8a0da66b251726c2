/**
 * The adapter folders that draw and examine a game's chart depend one way:
 * qa (exploration, traces, the inspected match) <- diagram (the drawings) <-
 * inspect (the page). No folder imports one that imports it back, at any
 * distance.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve, dirname, relative } from 'node:path';

const ADAPTERS = join(__dirname, '..', 'src', 'adapters');
const CHECKED = ['qa', 'diagram', 'inspect'];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(folder, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(folder, entry.name)]
        : [],
  );
}

/** The adapter folders each checked folder imports (type imports too: they tie the folders as much). */
function folderImports(): Map<string, Set<string>> {
  const imports = new Map<string, Set<string>>();
  for (const folder of CHECKED) {
    const into = new Set<string>();
    for (const file of sourceFiles(join(ADAPTERS, folder))) {
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
        const target = relative(ADAPTERS, resolve(dirname(file), spec)).split('/')[0];
        if (target !== folder && !target.startsWith('..')) into.add(target);
      }
    }
    imports.set(folder, into);
  }
  return imports;
}

test('qa, diagram and inspect import each other one way only', () => {
  const imports = folderImports();
  const reaches = (from: string, to: string, seen = new Set<string>()): boolean => {
    if (seen.has(from)) return false;
    seen.add(from);
    return [...(imports.get(from) ?? [])].some((next) => next === to || reaches(next, to, seen));
  };
  const cycles = CHECKED.flatMap((a) =>
    [...(imports.get(a) ?? [])].filter((b) => reaches(b, a)).map((b) => `${a} -> ${b}`),
  );
  expect(cycles).toEqual([]);
  // The order the folders' comments describe.
  expect([...imports.get('qa')!].filter((folder) => CHECKED.includes(folder))).toEqual([]);
  expect(imports.get('inspect')).toContain('diagram');
});
