/**
 * The split of an action's time between the game's own code and the engine:
 * every function of a game config (moves, hooks, `endIf`s, turn orders,
 * `playerView`, `setup`) and the app's subscriber is wrapped in a timer that
 * adds the time spent inside it to the clock's current bucket. The same
 * wrapping is applied for both engines; the runner points `clock.bucket` at
 * the bucket of the engine it is about to step.
 *
 * Only the outermost wrapped call is timed (a hook that calls another game
 * function is timed once). What game code calls back into the engine from
 * inside (`random.Die`, `events.endTurn`, reads through the engine's drafts
 * of G) counts as the game's: both engines' drafts are read inside the
 * game's functions, so the split gives the engine no credit for its drafts.
 *
 * A wrapped call costs two clock reads and a call more than the bare one;
 * `calibrate` measures that cost on this machine, in this process, and
 * `corrected` subtracts it: per call, the part of it that lands inside the
 * timed interval from the game's time, and all of it from the total. It is
 * measured by both clocks, and each round is corrected by the cost read on
 * the clock that timed it: on a loaded machine the wall clock reads the
 * calibration loops two to seven times their CPU time, depending on the load
 * at that moment, not at the round's.
 */

export interface Bucket {
  /** Milliseconds inside the game's functions, as read (not corrected). */
  gameMs: number;
  /** Outermost wrapped calls timed. */
  calls: number;
}

export const newBucket = (): Bucket => ({ gameMs: 0, calls: 0 });

/** The bucket being filled, and how deep inside the game's code the current call is. */
export const clock = { bucket: newBucket(), depth: 0 };

const now = () => performance.now();

/** `fn` with a timer: its time goes to the current bucket unless an outer wrapped call is already timing. */
export function timedFunction<F extends (...args: any[]) => any>(fn: F): F {
  const wrapped = function (this: unknown, ...args: unknown[]) {
    if (clock.depth > 0) {
      clock.depth++;
      try {
        return fn.apply(this, args);
      } finally {
        clock.depth--;
      }
    }
    clock.depth = 1;
    const bucket = clock.bucket;
    const start = now();
    try {
      return fn.apply(this, args);
    } finally {
      bucket.gameMs += now() - start;
      bucket.calls++;
      clock.depth = 0;
    }
  };
  // Some engines read a function's arity; keep it and the name.
  Object.defineProperty(wrapped, 'length', { value: fn.length });
  Object.defineProperty(wrapped, 'name', { value: fn.name });
  return wrapped as unknown as F;
}

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype);

/** Everything a library exports two levels deep (`TurnOrder.DEFAULT`, its `first`/`next`): the engine's, not the game's. */
function libraryValues(lib: object): Set<unknown> {
  const seen = new Set<unknown>();
  for (const value of Object.values(lib)) {
    seen.add(value);
    if (value && typeof value === 'object')
      for (const inner of Object.values(value)) {
        seen.add(inner);
        if (inner && typeof inner === 'object') for (const leaf of Object.values(inner)) seen.add(leaf);
      }
  }
  return seen;
}

/** A copy of the game config with every function of the game's own wrapped; the library's objects are kept as they are. */
export function timedGame<T extends object>(game: T, lib: object): T {
  const library = libraryValues(lib);
  const walk = (value: unknown): unknown => {
    if (library.has(value)) return value;
    if (typeof value === 'function') return timedFunction(value as (...args: unknown[]) => unknown);
    if (!isPlain(value)) return value;
    if (Array.isArray(value)) return value.map(walk);
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) out[key] = walk(value[key]);
    return out;
  };
  return walk(game) as T;
}

export interface Calibration {
  /** What one wrapped call adds to the time around it, in ms of wall time. */
  perCallMs: number;
  /** Of that, what lands inside the timed interval (counted as the game's), in ms of wall time. */
  insideMs: number;
  /** What an empty timed interval around an action reads (the per-action runner's clock), in ms. */
  emptyStepMs: number;
  /** The same two costs in ms of the process's CPU time (BENCH_CLOCK=cpu). */
  perCallCpuMs: number;
  insideCpuMs: number;
}

const CALIBRATION_CALLS = 200_000;

const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Measures the timer's own cost here: a wrapped function that does nothing against the bare one. */
export function calibrate(): Calibration {
  const sink = { n: 0 };
  const bare = (x: { n: number }) => {
    x.n++;
  };
  const wrapped = timedFunction(bare);
  const saved = clock.bucket;
  const bucket = (clock.bucket = newBucket());
  const timeLoop = (fn: (x: { n: number }) => void) => {
    const cpu = cpuNow();
    const start = now();
    for (let i = 0; i < CALIBRATION_CALLS; i++) fn(sink);
    return { wall: now() - start, cpu: cpuNow() - cpu };
  };
  const samples: Calibration[] = [];
  for (let round = 0; round < 7; round++) {
    bucket.gameMs = 0;
    const withTimer = timeLoop(wrapped);
    const inside = bucket.gameMs;
    const without = timeLoop(bare);
    let empty = 0;
    for (let i = 0; i < CALIBRATION_CALLS; i++) {
      const start = now();
      empty += now() - start;
    }
    samples.push({
      perCallMs: (withTimer.wall - without.wall) / CALIBRATION_CALLS,
      insideMs: inside / CALIBRATION_CALLS,
      emptyStepMs: empty / CALIBRATION_CALLS,
      perCallCpuMs: (withTimer.cpu - without.cpu) / CALIBRATION_CALLS,
      // The inside share read by the wall clock, taken as the same share of the loop's CPU time (as in a round).
      insideCpuMs: ((inside / withTimer.wall) * withTimer.cpu) / CALIBRATION_CALLS,
    });
  }
  clock.bucket = saved;
  const mid = (key: keyof Calibration) => samples.map((s) => s[key]).sort((a, b) => a - b)[samples.length >> 1];
  return {
    perCallMs: mid('perCallMs'),
    insideMs: mid('insideMs'),
    emptyStepMs: mid('emptyStepMs'),
    perCallCpuMs: mid('perCallCpuMs'),
    insideCpuMs: mid('insideCpuMs'),
  };
}

export interface Split {
  /** µs per action, timers' cost removed. */
  total: number;
  game: number;
  engine: number;
  /** Timed calls of the game's functions per action. */
  calls: number;
}

/** A bucket's figures per action, with the timers' measured cost (by the wall clock) taken out. */
export function corrected(
  totalMs: number,
  bucket: Bucket,
  actions: number,
  calibration: Calibration,
  timedSteps = 0,
): Split {
  const game = bucket.gameMs - bucket.calls * calibration.insideMs;
  const total = totalMs - bucket.calls * calibration.perCallMs - timedSteps * calibration.emptyStepMs;
  return split(total, game, bucket.calls, actions);
}

/**
 * The same for a round timed by the CPU clock: `cpuMs` of CPU in `wallMs` of wall time, the game's share of the CPU
 * taken as its share of the wall time; the timers' cost as the CPU clock reads it.
 */
export function correctedCpu(
  cpuMs: number,
  wallMs: number,
  bucket: Bucket,
  actions: number,
  calibration: Calibration,
): Split {
  const game = bucket.gameMs * (cpuMs / wallMs) - bucket.calls * calibration.insideCpuMs;
  const total = cpuMs - bucket.calls * calibration.perCallCpuMs;
  return split(total, game, bucket.calls, actions);
}

function split(totalMs: number, gameMs: number, calls: number, actions: number): Split {
  const us = (ms: number) => (ms * 1000) / actions;
  return { total: us(totalMs), game: us(gameMs), engine: us(totalMs - gameMs), calls: calls / actions };
}
