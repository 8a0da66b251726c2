/**
 * `turnchart/boardgameio` is a package entry of its own: declared in the
 * exports map (ESM, CommonJS, types) and built by tsup. When a build is
 * present (`npm run build`), its files load with `import` and `require` in a
 * plain Node process and play a move.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

test('package.json exports ./boardgameio for import, require and types; tsup builds it', () => {
  expect(pkg.exports['./boardgameio']).toEqual({
    import: { types: './dist/boardgameio.d.ts', default: './dist/boardgameio.js' },
    require: { types: './dist/boardgameio.d.cts', default: './dist/boardgameio.cjs' },
  });
  expect(readFileSync(join(root, 'tsup.config.ts'), 'utf8')).toContain(
    "boardgameio: 'src/adapters/boardgameio/index.ts'",
  );
});

const built = ['boardgameio.js', 'boardgameio.cjs', 'boardgameio.d.ts', 'boardgameio.d.cts'].every((file) =>
  existsSync(join(root, 'dist', file)),
);

const game = "{ seed: 's', setup: () => ({ n: 0 }), moves: { add: ({ G }) => { G.n += 1; } } }";
const play = (lib: string) =>
  `const c = ${lib}.Client({ game: ${game}, numPlayers: 2 }); c.moves.add(); c.events.endTurn(); console.log(JSON.stringify([c.getState().G.n, c.getState().ctx.currentPlayer, typeof ${lib}.CreateGameReducer]));`;

(built ? test : test.skip)('the built files load with import (ESM) and require (CommonJS)', () => {
  const esm = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import * as lib from ${JSON.stringify(join(root, 'dist', 'boardgameio.js'))}; ${play('lib')}`,
    ],
    { encoding: 'utf8' },
  );
  const cjs = execFileSync(
    process.execPath,
    ['-e', `const lib = require(${JSON.stringify(join(root, 'dist', 'boardgameio.cjs'))}); ${play('lib')}`],
    { encoding: 'utf8' },
  );
  expect(JSON.parse(esm)).toEqual([1, '1', 'function']);
  expect(JSON.parse(cjs)).toEqual([1, '1', 'function']);
});
