/**
 * Where a profile's time went, by source file and by layer: the profiler
 * runs the esbuild bundle, so each sample's place in the bundle is mapped
 * back to its source file through the bundle's source map (`--sourcemap`
 * in `npm run bench:profile`); packages left outside the bundle keep their
 * node_modules paths.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}

/** A function's source file (relative to the project), a package, or V8's own entries ("(garbage collector)"). */
export type Locate = (node: ProfileNode) => { file: string; line: number };

export function locator(bundleUrl: string): Locate {
  const bundle = fileURLToPath(bundleUrl);
  const mapFile = `${bundle}.map`;
  // The bundle is bench/.build/<name>.mjs: its sources are named relative to it.
  const root = resolve(dirname(bundle), '..', '..');
  const map = existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))) : undefined;
  return ({ callFrame: { url, lineNumber, columnNumber, functionName } }) => {
    if (!url) return { file: functionName.startsWith('(') ? functionName : '(native)', line: 0 };
    if (url === bundleUrl && map) {
      const entry = map.findEntry(lineNumber, columnNumber) as { originalSource?: string; originalLine?: number };
      if (entry.originalSource)
        return {
          file: relative(root, resolve(dirname(bundle), entry.originalSource.replace(/^file:\/\//, ''))),
          line: (entry.originalLine ?? 0) + 1,
        };
    }
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (pkg) return { file: `node_modules/${pkg[1]}`, line: 0 };
    return { file: url.split('/').slice(-2).join('/'), line: lineNumber + 1 };
  };
}

/** The layer a file belongs to: the engine, one adapter, the game's code, a package, or V8's own work. */
export function layerOf(file: string): string {
  if (file.startsWith('src/machines/')) return 'src/machines';
  const adapter = /^src\/adapters\/[^/]+/.exec(file);
  if (adapter) return adapter[0];
  if (file.startsWith('bench/games/')) return "the game's code (bench/games)";
  if (file.startsWith('bench/')) return 'the benchmark (bench)';
  return file;
}

/** Self time shares, summed by `key` of each node's place, largest first. */
export function sharesBy(
  nodes: ProfileNode[],
  locate: Locate,
  key: (place: { file: string; line: number }, node: ProfileNode) => string,
): [string, number][] {
  const sums = new Map<string, number>();
  let total = 0;
  for (const node of nodes) {
    const hits = node.hitCount ?? 0;
    if (hits === 0) continue;
    const name = key(locate(node), node);
    sums.set(name, (sums.get(name) ?? 0) + hits);
    total += hits;
  }
  return [...sums].map(([name, hits]): [string, number] => [name, hits / total]).sort((a, b) => b[1] - a[1]);
}
