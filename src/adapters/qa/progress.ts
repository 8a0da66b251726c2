/**
 * Progress of long work (exploring a big chart, many playouts, bulk replays)
 * as occasional lines for stderr. Nothing is written for work that ends
 * before the first interval; then at most one line per interval, and a last
 * line when the work ends.
 */

export interface Progress {
  /** Report the current state; `describe` is only called when a line is due. */
  update(describe: () => string): void;
  /** The work is over: write a last line if any line was written. */
  done(describe: () => string): void;
}

export interface ProgressOptions {
  /** Milliseconds before the first line and between lines (default 1000). */
  intervalMs?: number;
  /** Clock, for tests. */
  now?: () => number;
}

/** A progress writer that prefixes lines with `label: `. */
export function createProgress(
  write: ((line: string) => void) | undefined,
  label: string,
  options: ProgressOptions = {},
): Progress {
  if (!write) return { update: () => undefined, done: () => undefined };
  const interval = options.intervalMs ?? 1000;
  const now = options.now ?? Date.now;
  let next = now() + interval;
  let wrote = false;
  return {
    update(describe) {
      const time = now();
      if (time < next) return;
      next = time + interval;
      wrote = true;
      write(`${label}: ${describe()}\n`);
    },
    done(describe) {
      if (wrote) write(`${label}: ${describe()}\n`);
    },
  };
}
