/**
 * Differential test: random games and action sequences on boardgame.io 0.50.2
 * and turnchart; G and ctx must be equal after every step, except for the
 * intended differences listed in docs/differences.md.
 * `npm run test:diff` runs many more cases (DIFF_RUNS).
 */
import fc from 'fast-check';
import { actionsArb, gameDescArb } from './support/random-game';
import { runDifferential, type Verdict } from './support/differential';

// A quick sample in `npm test`; CI runs 5,000 more through `npm run test:diff`.
const RUNS = Number(process.env.DIFF_RUNS ?? 100);

test(`turnchart equals boardgame.io 0.50.2 on ${RUNS} random games`, () => {
  const tally: Record<string, number> = {};
  fc.assert(
    fc.property(
      gameDescArb().chain((desc) => fc.tuple(fc.constant(desc), actionsArb(desc))),
      ([desc, actions]) => {
        const verdict: Verdict = runDifferential(desc, actions);
        const key = verdict.kind === 'expected' ? `expected:${verdict.difference}` : verdict.kind;
        tally[key] = (tally[key] ?? 0) + 1;
        if (verdict.kind === 'same') tally.acceptedActions = (tally.acceptedActions ?? 0) + verdict.accepted;
        if (verdict.kind === 'mismatch') throw new Error(`mismatch: ${JSON.stringify(verdict)}`);
      },
    ),
    { numRuns: RUNS, seed: process.env.DIFF_SEED ? Number(process.env.DIFF_SEED) : undefined },
  );
  // Most runs must compare every step; expected differences must stay the exception.
  expect(tally.same ?? 0).toBeGreaterThan(RUNS * 0.7);
  if (process.env.DIFF_VERBOSE) console.log(tally);
});
