/** What every section of the benchmark shares: the rounds per comparison, and where its rows and figures go. */
import type { Comparison } from '../harness';

export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

/** Prints a comparison's row and keeps it for the result file. */
export type AddRow = (c: Comparison) => void;

/** Figures other than comparisons, written to the result file under their keys. */
export type Extra = Record<string, unknown>;
