/**
 * How long the realistic games' per-run rounds and warm-up last.
 *
 * Warm-up by time, not by count: a round of the recorded games takes
 * turnchart a few ms and boardgame.io ten times that, so two warm-up rounds
 * gave turnchart a tenth of boardgame.io's warm-up, and both engines' first
 * timed rounds were still getting faster (compiler threads still busy).
 * Each engine now warms up for the same least time.
 *
 * Rounds by time, not by count: a round's split is noisy in proportion to
 * what lands in it whole — a time slice given to another process while the
 * game's code or the engine's runs (the game's share is read by the wall
 * clock), a young-generation collection — and a round of a few ms holds one
 * or none of them. Each engine's round replays the recorded games as many
 * times as it takes to last at least `roundMs`, so both engines' rounds are
 * about equally long and each averages over many such events.
 */

export interface Schedule {
  /** Timed (and as many untimed) rounds per engine. */
  rounds: number;
  /** Least warm-up rounds per engine, and least time spent in them, ms (of CPU with BENCH_CLOCK=cpu). */
  warmupRounds: number;
  warmupMs: number;
  /** Least time of a round, ms. */
  roundMs: number;
}

/** The realistic section's schedule: BENCH_ROUNDS, BENCH_WARMUP_ROUNDS, BENCH_WARMUP_MS, BENCH_ROUND_MS. */
export function scheduleFromEnv(env = process.env): Schedule {
  return {
    rounds: Number(env.BENCH_ROUNDS ?? 9),
    warmupRounds: Number(env.BENCH_WARMUP_ROUNDS ?? 2),
    warmupMs: Number(env.BENCH_WARMUP_MS ?? 1000),
    roundMs: Number(env.BENCH_ROUND_MS ?? 50),
  };
}

/**
 * Warms both engines up, alternating A B B A …, each until it has had `warmupRounds` rounds and `warmupMs` of them
 * (an engine done waits for the other rather than going on: boardgame.io would otherwise replay the games ten
 * times as long as turnchart needs); `round(e)` replays the recorded games on engine e and returns the ms each
 * replay took. Returns each engine's repeats per round: `roundMs` over its fastest warm-up replay (the last ones,
 * warmest), at least 1.
 */
export function warmUp(schedule: Schedule, round: (engine: number) => number[]): [number, number] {
  const spent = [0, 0];
  const fastest = [Infinity, Infinity];
  const due = (e: number, i: number) => i < schedule.warmupRounds || spent[e] < schedule.warmupMs;
  for (let i = 0; due(0, i) || due(1, i); i++) {
    for (const e of i % 2 === 0 ? [0, 1] : [1, 0]) {
      if (!due(e, i)) continue;
      for (const ms of round(e)) {
        spent[e] += ms;
        fastest[e] = Math.min(fastest[e], ms);
      }
    }
  }
  const repeats = (e: number) =>
    Number.isFinite(fastest[e]) ? Math.max(1, Math.round(schedule.roundMs / fastest[e])) : 1;
  return [repeats(0), repeats(1)];
}
