/**
 * The realistic games' timings: the recorded games replayed through each
 * engine's `Client` (realistic-clients.ts), whole games from a new client,
 * printing nothing. Two ways of alternating the engines:
 *
 * - per run: one engine replays every recorded game, then the other (the
 *   order alternating A B B A …), the median of the rounds per engine,
 *   after a warm-up and in rounds both sized by time (round-size.ts);
 * - per action: both clients play the same game side by side, each action
 *   timed alone on one engine then on the other (which goes first
 *   alternating), so both run under the same caches, garbage and load.
 *
 * Each reports the time per action split into the game's code and the rest
 * (game-clock.ts), with the timers' cost taken out. BENCH_CLOCK=cpu counts
 * the rounds' and steps' CPU time instead of their wall time, the game's
 * share of it taken as its share of the wall time. The per-run rows also run
 * the games without timers: that total is the reported one, and it checks
 * the correction.
 */
import * as tcLegacy from '../src/adapters/legacy/index';
import { clock, corrected, correctedCpu, newBucket, type Bucket, type Calibration, type Split } from './game-clock';
import { median } from './harness';
import { middleHalf, pairedRatio, type PairedRatio } from './paired-ratio';
import { warmUp, type Schedule } from './round-size';
import { clientMaker, type AppClient, type ClientMaker, type EngineName } from './realistic-clients';
import type { Action, RealisticGame } from './realistic-games/driver';

const ENGINES: EngineName[] = ['turnchart', 'boardgameio'];
const silent = () => undefined;

/** console quiet while `fn` runs: both engines print the same lines, and a terminal's cost is not an engine's. */
function quietly<T>(fn: () => T): T {
  const saved = { log: console.log, error: console.error, warn: console.warn, info: console.info };
  console.log = console.error = console.warn = console.info = silent;
  try {
    return fn();
  } finally {
    Object.assign(console, saved);
  }
}

export interface ClientReplaySummary {
  games: number;
  actions: number;
  /** Actions that changed no state (refused moves and events). */
  refused: number;
}

const userG = (G: any) => {
  const { [tcLegacy.LEGACY_STATE_KEY]: _history, ...rest } = G ?? {};
  return rest;
};

/** Replays every game on both engines' clients; throws unless each ends in the same G and ctx after the same accepted actions. */
export function verifyClients(spec: RealisticGame, games: Action[][]): ClientReplaySummary {
  const makers = ENGINES.map((which) => clientMaker(spec, which, false));
  let refused = 0;
  let actions = 0;
  quietly(() =>
    games.forEach((game, g) => {
      const [tc, bg] = makers.map((make) => make());
      game.forEach((action, i) => {
        const before = bg.state()._stateID;
        tc.step(action);
        bg.step(action);
        const [a, b] = [tc.state()._stateID, bg.state()._stateID];
        if (a !== b)
          throw new Error(
            `${spec.name}, game ${g}, action ${i} (${JSON.stringify(action)}): stateID ${a} on turnchart, ${b} on boardgame.io`,
          );
        if (b === before) refused++;
      });
      actions += game.length;
      const [tcEnd, bgEnd] = [tc.state(), bg.state()];
      const differs = (x: unknown, y: unknown) => JSON.stringify(x) !== JSON.stringify(y);
      if (differs(userG(tcEnd.G), userG(bgEnd.G)) || differs(tcEnd.ctx, bgEnd.ctx))
        throw new Error(
          `${spec.name}, game ${g}: the engines end differently:\n  turnchart ${JSON.stringify(tcEnd.ctx)}\n  boardgame.io ${JSON.stringify(bgEnd.ctx)}`,
        );
      tc.stop();
      bg.stop();
    }),
  );
  return { games: games.length, actions, refused };
}

/** Per engine: the median split of its rounds, µs per action. */
export type EngineSplits = Record<EngineName, Split>;

const now = () => performance.now();

/**
 * BENCH_CLOCK=cpu: a round's time is the process's CPU time (on a machine whose cores are shared, the wall
 * clock also counts the time spent waiting for one). The game's functions are still timed by the wall clock,
 * which is cheap to read; their share of the round's wall time is taken as their share of its CPU time.
 */
const CPU_CLOCK = process.env.BENCH_CLOCK === 'cpu';
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * One engine's round: every recorded game from a new client, `repeats` times. Returns the round's wall ms and
 * the clock's reading per wall ms; the game's time goes to `bucket`.
 */
function runRound(make: ClientMaker, games: Action[][], bucket: Bucket, repeats = 1): { ms: number; scale: number } {
  clock.bucket = bucket;
  return quietly(() => {
    const cpu = CPU_CLOCK ? cpuMs() : 0;
    const start = now();
    for (let r = 0; r < repeats; r++)
      for (const game of games) {
        const client = make();
        for (const action of game) client.step(action);
        client.stop();
      }
    const wall = now() - start;
    return { ms: wall, scale: CPU_CLOCK ? (cpuMs() - cpu) / wall : 1 };
  });
}

/** What an empty timed step reads on the CPU clock, both clocks read as in a step (BENCH_CLOCK=cpu, per action). */
function emptyCpuStepMs(): number {
  const samples = 5000;
  let read = 0;
  for (let i = 0; i < samples; i++) {
    const cpu = cpuMs();
    now();
    now();
    read += cpuMs() - cpu;
  }
  return read / samples;
}

const scaled = (split: Split, scale: number): Split => ({
  total: split.total * scale,
  game: split.game * scale,
  engine: split.engine * scale,
  calls: split.calls,
});

/** The median total and the median engine time of the rounds; the game's is the rest, so the three add up. */
function medianSplit(splits: Split[]): Split {
  const total = median(splits.map((s) => s.total));
  const engine = median(splits.map((s) => s.engine));
  return { total, engine, game: total - engine, calls: median(splits.map((s) => s.calls)) };
}

/** boardgame.io's figure over turnchart's, round by round (paired-ratio.ts). */
export interface Ratios {
  engine: PairedRatio;
  total: PairedRatio;
}

const engineRatio = (splits: Split[][]) =>
  pairedRatio(
    splits[1].map((s) => s.engine),
    splits[0].map((s) => s.engine),
  );

export interface PerRun {
  timed: EngineSplits;
  /** µs per action without timers. */
  untimed: Record<EngineName, number>;
  ratios: Ratios;
  /**
   * The correction's check, per engine: round by round, the timed round's corrected total less the untimed
   * round's next to it, per timed call, in ns (the median of the rounds and their middle half). Near zero when the
   * calibrated cost of a timer is what a timer costs in the game; its spread is the rounds' noise.
   */
  timerCheck: Record<EngineName, PairedRatio>;
  /** How many times each engine's rounds replayed the recorded games (round-size.ts). */
  repeats: Record<EngineName, number>;
}

/**
 * Per-run alternation, A B B A …: warm-up (round-size.ts), then `schedule.rounds` timed and as many untimed rounds
 * per engine, each replaying the recorded games as many times as it takes to last `schedule.roundMs`.
 */
export function perRun(spec: RealisticGame, games: Action[][], schedule: Schedule, calibration: Calibration): PerRun {
  const timed = ENGINES.map((which) => clientMaker(spec, which, true));
  const bare = ENGINES.map((which) => clientMaker(spec, which, false));
  const pass = (e: number, timedRound: boolean, repeats: number) => {
    const bucket = newBucket();
    const { ms, scale } = runRound((timedRound ? timed : bare)[e], games, bucket, repeats);
    return { ms, scale, bucket };
  };
  const repeats = warmUp(schedule, (e) => [pass(e, true, 1), pass(e, false, 1)].map(({ ms, scale }) => ms * scale));
  const splits: Split[][] = [[], []];
  const totals: number[][] = [[], []];
  for (let round = 0; round < schedule.rounds; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const e of order) {
      const { ms, scale, bucket } = pass(e, true, repeats[e]);
      const actions = repeats[e] * actionsOf(games);
      splits[e].push(
        CPU_CLOCK
          ? correctedCpu(ms * scale, ms, bucket, actions, calibration)
          : corrected(ms, bucket, actions, calibration),
      );
    }
    for (const e of order) {
      const { ms, scale } = pass(e, false, repeats[e]);
      totals[e].push((ms * scale * 1000) / (repeats[e] * actionsOf(games)));
    }
  }
  const check = (e: number) => middleHalf(splits[e].map((s, i) => ((s.total - totals[e][i]) / s.calls) * 1000));
  return {
    timed: { turnchart: medianSplit(splits[0]), boardgameio: medianSplit(splits[1]) },
    untimed: { turnchart: median(totals[0]), boardgameio: median(totals[1]) },
    ratios: { engine: engineRatio(splits), total: pairedRatio(totals[1], totals[0]) },
    timerCheck: { turnchart: check(0), boardgameio: check(1) },
    repeats: { turnchart: repeats[0], boardgameio: repeats[1] },
  };
}

const actionsOf = (games: Action[][]) => games.reduce((sum, game) => sum + game.length, 0);

/** Per-action alternation: both clients side by side, each action (and each client's making) timed alone. */
export function perAction(
  spec: RealisticGame,
  games: Action[][],
  rounds: number,
  warmup: number,
  calibration: Calibration,
): EngineSplits & { ratios: Ratios } {
  const actions = actionsOf(games);
  const makers = ENGINES.map((which) => clientMaker(spec, which, true));
  const splits: Split[][] = [[], []];
  const emptyCpuStep = CPU_CLOCK ? emptyCpuStepMs() : 0;
  for (let round = -warmup; round < rounds; round++) {
    const buckets = [newBucket(), newBucket()];
    const ms = [0, 0];
    const cpu = [0, 0];
    let steps = 0;
    const timedStep = (e: number, fn: () => void) => {
      clock.bucket = buckets[e];
      const cpuStart = CPU_CLOCK ? cpuMs() : 0;
      const start = now();
      fn();
      ms[e] += now() - start;
      if (CPU_CLOCK) cpu[e] += cpuMs() - cpuStart;
    };
    quietly(() => {
      for (const game of games) {
        const clients: AppClient[] = [];
        timedStep(0, () => (clients[0] = makers[0]()));
        timedStep(1, () => (clients[1] = makers[1]()));
        for (let i = 0; i < game.length; i++) {
          const first = (i + round) & 1;
          timedStep(first, () => clients[first].step(game[i]));
          timedStep(1 - first, () => clients[1 - first].step(game[i]));
        }
        timedStep(0, () => clients[0].stop());
        timedStep(1, () => clients[1].stop());
        steps += game.length + 2;
      }
    });
    if (round < 0) continue;
    for (const e of [0, 1]) {
      const split = corrected(ms[e], buckets[e], actions, calibration, steps);
      if (!CPU_CLOCK) splits[e].push(split);
      else {
        // The steps' CPU time, less the clocks' and the timers' own; the game's share of it as of the wall time.
        const cpuTotal = cpu[e] - steps * emptyCpuStep - buckets[e].calls * calibration.perCallCpuMs;
        splits[e].push(scaled(split, (cpuTotal * 1000) / actions / split.total));
      }
    }
  }
  return {
    turnchart: medianSplit(splits[0]),
    boardgameio: medianSplit(splits[1]),
    ratios: {
      engine: engineRatio(splits),
      total: pairedRatio(
        splits[1].map((s) => s.total),
        splits[0].map((s) => s.total),
      ),
    },
  };
}

/** The recorded games on one engine's clients, untimed, as a harness workload (for the profiler). */
export function clientWorkload(spec: RealisticGame, games: Action[][], which: EngineName) {
  const make = clientMaker(spec, which, false);
  return {
    ops: actionsOf(games),
    prepare: () => () => void runRound(make, games, newBucket()),
  };
}
