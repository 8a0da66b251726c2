/**
 * The package's type declarations as a TypeScript user meets them: tsc
 * (`--noEmit`, `strict`, `skipLibCheck: false`, so every declaration file
 * the package ships is checked, and so is whatever they import) on code
 * that uses every entry point (project/entry-points.ts), under
 * `moduleResolution` `nodenext` (as an ES module, .mts, and as CommonJS,
 * .ts in a project `npm init` made) and `bundler`.
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projects, ROOT, run } from './support';

const { app } = projects();
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

const STRICT = { strict: true, skipLibCheck: false, noEmit: true, target: 'es2022', lib: ['es2022', 'dom'] };

const CONFIGS = {
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext', files: ['entry-points.ts', 'entry-points.mts'] },
  bundler: { module: 'esnext', moduleResolution: 'bundler', files: ['entry-points.ts'] },
};

beforeAll(() => {
  copyFileSync(join(app, 'entry-points.ts'), join(app, 'entry-points.mts'));
  for (const [name, { files, ...options }] of Object.entries(CONFIGS))
    writeFileSync(
      join(app, `tsconfig.${name}.json`),
      JSON.stringify({ compilerOptions: { ...STRICT, ...options }, files }, null, 2),
    );
});

test.each(Object.keys(CONFIGS))('tsc --strict, skipLibCheck false, moduleResolution %s: no error', async (name) => {
  const result = await run(process.execPath, [TSC, '-p', `tsconfig.${name}.json`, '--pretty', 'false'], app);
  expect(result.stderr).toBe('');
  expect(result.stdout.split('\n').filter(Boolean)).toEqual([]);
  expect(result.code).toBe(0);
});
