/**
 * Where the phases go when a chart is fitted to a pane (the inspector page):
 * in rows or in columns, in flow order, each row (column) a run of
 * consecutive phases; or, where no such arrangement is legible, the same
 * with the last phase at the end of any row, or rows or columns filled as a
 * mason does. The pane may scale the drawing down, never
 * up.
 */

export interface Size {
  width: number;
  height: number;
}

export interface Arrangement {
  /** Each part's top-left corner, relative to the arrangement's. */
  positions: { x: number; y: number }[];
  width: number;
  height: number;
}

/** Every way to cut `count` parts, in order, into runs of consecutive parts (2^(count-1) of them). */
export function runsOf(count: number): number[][][] {
  if (count === 0) return [[]];
  const all: number[][][] = [];
  for (let cuts = 0; cuts < 2 ** (count - 1); cuts++) {
    const runs: number[][] = [[0]];
    for (let i = 1; i < count; i++) {
      if (cuts & (1 << (i - 1))) runs.push([i]);
      else runs[runs.length - 1].push(i);
    }
    all.push(runs);
  }
  return all;
}

/** Runs laid out as rows (`across`: parts side by side, rows stacked) or as columns (parts stacked, columns side by side). */
export function arrange(sizes: readonly Size[], runs: readonly number[][], across: boolean, gap: number): Arrangement {
  const positions: { x: number; y: number }[] = new Array(sizes.length);
  // Along a run, then across runs: for rows, along is x; for columns, along is y.
  const along = (size: Size) => (across ? size.width : size.height);
  const thick = (size: Size) => (across ? size.height : size.width);
  let offset = 0;
  let length = 0;
  for (const run of runs) {
    let at = 0;
    for (const index of run) {
      positions[index] = across ? { x: at, y: offset } : { x: offset, y: at };
      at += along(sizes[index]) + gap;
    }
    length = Math.max(length, at - gap);
    offset += Math.max(...run.map((index) => thick(sizes[index]))) + gap;
  }
  const breadth = runs.length ? offset - gap : 0;
  return { positions, width: across ? length : breadth, height: across ? breadth : length };
}

/** The scale a pane draws a drawing at: as large as fits, never above its natural size. */
export function fitScale(size: Size, pane: Size): number {
  return Math.min(1, pane.width / size.width, pane.height / size.height);
}

/**
 * Rows (`across`) or columns filled as a mason does: each part, in order,
 * goes into the row (column) that is shortest so far. Reads left to right
 * but not always in flow order; it packs parts of unequal sizes tighter.
 */
export function masonry(sizes: readonly Size[], count: number, across: boolean, gap: number): Arrangement {
  const runs: number[][] = Array.from({ length: count }, () => []);
  const filled = new Array<number>(count).fill(0);
  sizes.forEach((size, index) => {
    const shortest = filled.indexOf(Math.min(...filled));
    runs[shortest].push(index);
    filled[shortest] += (across ? size.width : size.height) + gap;
  });
  return arrange(
    sizes,
    runs.filter((run) => run.length > 0),
    across,
    gap,
  );
}

/** The smallest scale the inspector aims for: 12 px text drawn at 9 px. */
export const LEGIBLE_SCALE = 0.75;

/**
 * The arrangement of parts drawn best in `pane`, once `around` (the boxes
 * around the parts) is added: legible (at LEGIBLE_SCALE or more) first, then
 * in flow order, then as large as it can be drawn, then the smallest.
 */
export function bestArrangement(sizes: readonly Size[], pane: Size, around: Size, gap: number): Fit {
  const candidates: { arrangement: Arrangement; order: Fit['order'] }[] = [];
  for (const runs of runsOf(sizes.length)) for (const across of [true, false]) candidates.push({ arrangement: arrange(sizes, runs, across, gap), order: 0 });
  // The last phase (the fallback one, `(no phase)`, when play can reach it) at the end of any row or column of the others.
  const last = sizes.length - 1;
  for (const runs of last > 1 ? runsOf(last) : []) {
    for (let into = 0; into < runs.length - 1; into++) {
      const with_ = runs.map((run, index) => (index === into ? [...run, last] : run));
      for (const across of [true, false]) candidates.push({ arrangement: arrange(sizes, with_, across, gap), order: 1 });
    }
  }
  for (let count = 2; count < sizes.length; count++) for (const across of [true, false]) candidates.push({ arrangement: masonry(sizes, count, across, gap), order: 2 });
  let best: Fit | undefined;
  for (const { arrangement, order } of candidates) {
    const scale = fitScale({ width: arrangement.width + around.width, height: arrangement.height + around.height }, pane);
    const candidate = { ...arrangement, scale, order };
    if (!best || compareFits(candidate, best) < 0) best = candidate;
  }
  return best!;
}

/** An arrangement, the scale it is drawn at, and how far it keeps flow order: 0 in order, 1 but the last phase, 2 as a mason fills rows. */
export type Fit = Arrangement & { scale: number; order: 0 | 1 | 2 };

/** Negative when `a` is the better fit (see bestArrangement). */
export function compareFits(a: Omit<Fit, 'positions'>, b: Omit<Fit, 'positions'>): number {
  const legible = (fit: { scale: number }) => Math.min(fit.scale, LEGIBLE_SCALE);
  const same = (x: number, y: number) => Math.abs(x - y) <= 1e-9;
  if (!same(legible(a), legible(b))) return legible(b) - legible(a);
  if (a.order !== b.order) return a.order - b.order;
  if (!same(a.scale, b.scale)) return b.scale - a.scale;
  return a.width * a.height - b.width * b.height;
}
