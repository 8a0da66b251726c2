/**
 * `npm run bench:before-after -- <other checkout>`: what an action costs on
 * two builds of turnchart in one process — another checkout's `dist/` (built
 * there with `npx tsup`, e.g. the commit before a change) against this
 * one's — on the realistic 0.50 games (bench/realistic.ts), recorded once on
 * boardgame.io and replayed through each build's `Client`, a new client per
 * game, printing nothing. The builds alternate round by round, each order
 * of them in turn, so load moves all; each row is the median of the rounds,
 * per action.
 *
 * A third column replays the same games on this build with time limits
 * added that never run out (a turn limit and a clock with an increment per
 * move, far longer than a game): what keeping time costs a move.
 * BENCH_ROUNDS sets the rounds (default 15); BENCH_CLOCK=cpu times them by
 * the process's CPU time (on a shared machine the wall clock also counts
 * the time spent waiting for a core); BENCH_GAMES=draft,party: only these.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchLib } from './games/lib';
import { median } from './harness';
import { REALISTIC_GAMES } from './realistic';
import { recordGame } from './realistic-replay';
import type { Action, RealisticGame } from './realistic-games/driver';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const ONLY = process.env.BENCH_GAMES?.split(',');
const CPU_CLOCK = process.env.BENCH_CLOCK === 'cpu';
const nowMs = (): number => {
  if (!CPU_CLOCK) return performance.now();
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const GAMES_PER_ROW = 4;
const SEED = 'bench';
/** Limits no recorded game comes near: a day a turn, a year of clock, a second more per move. */
const LIMITS = {
  turn: { limit: 86_400_000 },
  clock: { initial: 31_536_000_000, increment: 1_000, per: 'move' as const },
};

/** Every order of the three builds in turn, so that each runs first, second and last equally often. */
const ORDERS = [
  [0, 1, 2],
  [2, 1, 0],
  [1, 2, 0],
  [0, 2, 1],
  [2, 0, 1],
  [1, 0, 2],
];

type BoardgameioModule = BenchLib & { Client(options: object): any };

interface Build {
  name: string;
  lib: BoardgameioModule;
  timed: boolean;
}

function withLimits(game: any): object {
  return { ...game, turn: { ...game.turn, time: LIMITS.turn }, clock: LIMITS.clock };
}

/** Replays every game on a new client of `build`; the time it took (ms), the actions played, the states reached. */
function replay(build: Build, spec: RealisticGame, games: Action[][]): { ms: number; actions: number; states: number } {
  const made = spec.make(build.lib);
  const game = { ...(build.timed ? withLimits(made) : made), seed: SEED };
  let actions = 0;
  let states = 0;
  const start = nowMs();
  for (const recorded of games) {
    const client = build.lib.Client({ game, numPlayers: spec.numPlayers, playerID: '0' });
    client.subscribe(() => undefined);
    client.start();
    for (const action of recorded) {
      const { type, args, playerID } = action.payload;
      if (spec.hotSeat || client.playerID !== playerID) client.updatePlayerID(playerID);
      (action.type === 'MAKE_MOVE' ? client.moves : client.events)[type](...args);
    }
    states += client.store.getState()._stateID;
    client.stop();
    actions += recorded.length;
  }
  return { ms: nowMs() - start, actions, states };
}

async function main(): Promise<void> {
  const other = process.argv[2];
  if (!other) throw new Error('usage: npm run bench:before-after -- <checkout whose dist/ to compare>');
  const load = async (dir: string) =>
    (await import(pathToFileURL(resolve(dir, 'dist', 'boardgameio.js')).href)) as BoardgameioModule;
  const before = await load(other);
  const after = await load(process.cwd());
  const builds: Build[] = [
    { name: 'before', lib: before, timed: false },
    { name: 'after', lib: after, timed: false },
    { name: 'after, timed', lib: after, timed: true },
  ];
  const silent = () => undefined;
  Object.assign(console, { log: silent, info: silent, warn: silent, error: silent });
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const clock = CPU_CLOCK ? 'CPU' : 'wall-clock';
  out(`before: ${resolve(other)}; after: ${process.cwd()}; ${ROUNDS} rounds, median ${clock} µs per action`);
  out(`${'game'.padEnd(12)} ${'before'.padStart(9)} ${'after'.padStart(9)} ${'after/before'.padStart(13)}`);
  out(`${''.padEnd(12)} ${''.padStart(9)} ${'timed'.padStart(9)} ${'timed/after'.padStart(13)}`);
  for (const spec of REALISTIC_GAMES.filter((game) => game.api === '0.50' && (!ONLY || ONLY.includes(game.name)))) {
    const games = Array.from({ length: GAMES_PER_ROW }, (_, i) => recordGame(spec, i + 1));
    const times = builds.map(() => [] as number[]);
    // Warm-up: each build plays the games twice before anything is timed; all accept the same actions.
    for (let i = 0; i < 2; i++) {
      const states = builds.map((build) => replay(build, spec, games).states);
      if (states.some((n) => n !== states[0])) throw new Error(`${spec.name}: the builds accept different actions`);
    }
    for (let round = 0; round < ROUNDS; round++) {
      const order = ORDERS[round % ORDERS.length];
      for (const b of order) {
        const { ms, actions } = replay(builds[b], spec, games);
        times[b].push((ms * 1000) / actions);
      }
    }
    const [b, a, t] = times.map(median);
    out(
      `${spec.name.padEnd(12)} ${b.toFixed(1).padStart(9)} ${a.toFixed(1).padStart(9)} ${(a / b).toFixed(3).padStart(13)}`,
    );
    out(`${''.padEnd(12)} ${''.padStart(9)} ${t.toFixed(1).padStart(9)} ${(t / a).toFixed(3).padStart(13)}`);
  }
}

await main();
