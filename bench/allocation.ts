/**
 * `npm run bench:alloc [-- game,game]` (`NODE_ENV=production` for production mode)
 *
 * Bytes allocated per action by each engine's Client on the realistic games,
 * replayed as `npm run bench` replays them. Unlike time, this does not move
 * with the machine's load: the young generation is made large enough
 * (package.json passes --min/--max-semi-space-size) that no collection runs
 * during a round, so the heap's growth over the round is what it allocated.
 * The median of five rounds after two of warm-up.
 */
import { REALISTIC_GAMES } from './realistic';
import { recordGames } from './realistic-replay';
import { clientWorkload } from './realistic-split';
import type { EngineName } from './realistic-clients';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc (npm run bench:alloc does)');
const only = process.argv[2]?.split(',');
const games = REALISTIC_GAMES.filter((spec) => !only || only.includes(spec.name));
const engines: EngineName[] = ['turnchart', 'boardgameio'];
console.info = () => undefined;

function bytesPerAction(workload: { ops: number; prepare: () => () => void }): number {
  const rounds: number[] = [];
  for (let i = 0; i < 7; i++) {
    const run = workload.prepare();
    gc!();
    const before = process.memoryUsage().heapUsed;
    run();
    if (i >= 2) rounds.push((process.memoryUsage().heapUsed - before) / workload.ops);
  }
  return rounds.sort((a, b) => a - b)[rounds.length >> 1];
}

process.stdout.write(`bytes allocated per action (${process.env.NODE_ENV ?? 'development'} mode)\n`);
process.stdout.write(`${'game'.padEnd(16)} ${'turnchart'.padStart(10)} ${'boardgame.io'.padStart(13)}\n`);
for (const spec of games) {
  const recorded = recordGames(spec, 1000);
  const bytes = engines.map((engine) => bytesPerAction(clientWorkload(spec, recorded, engine)));
  process.stdout.write(
    `${spec.name.padEnd(16)} ${bytes[0].toFixed(0).padStart(10)} ${bytes[1].toFixed(0).padStart(13)}\n`,
  );
}
