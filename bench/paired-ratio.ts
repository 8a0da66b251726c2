/**
 * A ratio of two engines' figures taken round by round: round i of one
 * engine against round i of the other, which ran next to it, so a change of
 * the machine's load between rounds moves both sides of each ratio. The
 * engine's share of a round is a difference (the round's time less the
 * game's), and a core taken away while the game's code runs lands on one
 * side of it: one round can be far off, the median of the pairs is not.
 */
export interface PairedRatio {
  median: number;
  /** The middle half of the rounds' ratios lies between these. */
  low: number;
  high: number;
}

export function pairedRatio(numerators: number[], denominators: number[]): PairedRatio {
  return middleHalf(numerators.map((n, i) => n / denominators[i]));
}

/** The median of `values` and the middle half of them. */
export function middleHalf(values: number[]): PairedRatio {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.round(q * (sorted.length - 1))];
  const n = sorted.length;
  return { median: (sorted[(n - 1) >> 1] + sorted[n >> 1]) / 2, low: at(0.25), high: at(0.75) };
}
