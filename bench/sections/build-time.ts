import { createGameMachine, type Game } from '../../src/index';
import { CardPhases } from '../../examples/card-phases/game';
import { Discard } from '../../examples/discard/game';
import { measure } from '../harness';
import { largeFlow } from '../large-flow';
import { freshCopy } from '../match-creation';
import { microGame } from '../workloads';
import { ROUNDS, type Extra } from './section';

/**
 * 4. Machine build time per (game, seats): cold (a shape never built before: a data key makes each copy a new one),
 * a new game object of a known shape, and cached (the same object).
 */
export function buildTimeSection(extra: Extra): void {
  const builds: { game: string; numPlayers: number; coldMs: number; knownShapeUs: number; cachedUs: number }[] = [];
  let shapes = 0;
  const buildCases: [string, () => Game, number][] = [
    ['large flow (4 phases, 5 stages)', largeFlow, 6],
    ['discard', () => ({ ...Discard }) as Game, 2],
    ['discard', () => ({ ...Discard }) as Game, 8],
    ['card-phases', () => ({ ...CardPhases }) as Game, 4],
    ['micro', microGame, 16],
  ];
  for (const [name, make, numPlayers] of buildCases) {
    const coldPerSecond = measure(
      {
        ops: 20,
        prepare: () => () => {
          for (let i = 0; i < 20; i++) createGameMachine({ ...make(), benchShape: shapes++ } as Game, { numPlayers });
        },
      },
      ROUNDS,
    );
    const knownPerSecond = measure(
      {
        ops: 200,
        prepare: () => {
          const games = Array.from({ length: 200 }, () => freshCopy(make()));
          return () => {
            for (const g of games) createGameMachine(g, { numPlayers });
          };
        },
      },
      ROUNDS,
    );
    const cached = make();
    createGameMachine(cached, { numPlayers });
    const cachedPerSecond = measure(
      {
        ops: 10000,
        prepare: () => () => {
          for (let i = 0; i < 10000; i++) createGameMachine(cached, { numPlayers });
        },
      },
      ROUNDS,
    );
    builds.push({
      game: name,
      numPlayers,
      coldMs: 1000 / coldPerSecond,
      knownShapeUs: 1e6 / knownPerSecond,
      cachedUs: 1e6 / cachedPerSecond,
    });
  }
  extra.buildMs = {
    cold: builds[0].coldMs,
    knownShape: builds[0].knownShapeUs / 1000,
    cached: builds[0].cachedUs / 1000,
  };
  extra.builds = builds;
  for (const [i, b] of builds.entries()) {
    const what = i === 0 ? '6 seats 4 phases 5 stages' : `${b.game} at ${b.numPlayers} seats`;
    process.stdout.write(
      `machine build, ${what}: new shape ${b.coldMs.toFixed(2)} ms${i === 0 ? ' (target ≤ 5)' : ''}, new object of a known shape ${b.knownShapeUs.toFixed(1)} µs, same object ${b.cachedUs.toFixed(2)} µs\n`,
    );
  }
}
