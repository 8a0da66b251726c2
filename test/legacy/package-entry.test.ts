/**
 * `turnchart/legacy` is a package entry of its own: declared in the exports
 * map (ESM, CommonJS, types) and built by tsup. When a build is present
 * (`npm run build`), its files load with `import` and `require` in a plain
 * Node process and run a 0.2x Phases guide game.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

test('package.json exports ./legacy for import, require and types; tsup builds it', () => {
  expect(pkg.exports['./legacy']).toEqual({
    import: { types: './dist/legacy.d.ts', default: './dist/legacy.js' },
    require: { types: './dist/legacy.d.cts', default: './dist/legacy.cjs' },
  });
  expect(readFileSync(join(root, 'tsup.config.ts'), 'utf8')).toContain("legacy: 'src/adapters/legacy/index.ts'");
});

const built = ['legacy.js', 'legacy.cjs', 'legacy.d.ts', 'legacy.d.cts'].every((file) =>
  existsSync(join(root, 'dist', file)),
);

const game =
  "lib.Game({ setup: () => ({ deck: 2, hand: 0 }), moves: { drawCard: (G) => { G.deck--; G.hand++; } }, flow: { startingPhase: 'draw', phases: { draw: { allowedMoves: ['drawCard'], endPhaseIf: (G) => G.deck <= 0 } } } })";
const play = `const c = lib.Client({ game: ${game}, numPlayers: 1 }); c.moves.drawCard(); c.moves.drawCard(); console.log(JSON.stringify([c.getState().G, c.getState().ctx.phase]));`;

(built ? test : test.skip)('the built files load with import (ESM) and require (CommonJS)', () => {
  const esm = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', `import * as lib from ${JSON.stringify(join(root, 'dist', 'legacy.js'))}; ${play}`],
    { encoding: 'utf8' },
  );
  const cjs = execFileSync(
    process.execPath,
    ['-e', `const lib = require(${JSON.stringify(join(root, 'dist', 'legacy.cjs'))}); ${play}`],
    { encoding: 'utf8' },
  );
  // The draw phase ends without `next`: back to the phase before it, `default`.
  expect(JSON.parse(esm)).toEqual([{ deck: 0, hand: 2 }, 'default']);
  expect(JSON.parse(cjs)).toEqual([{ deck: 0, hand: 2 }, 'default']);
});
