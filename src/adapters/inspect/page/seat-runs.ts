/** Seat lists for the page's badges, short however many seats there are. */

/** Seats as runs, short enough for a badge: `0–6`, `0,2–5`, `1,3`. */
export function seatRuns(seats: readonly string[]): string {
  const numbers = seats.map(Number).sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const seat of numbers) {
    const run = runs[runs.length - 1];
    if (run && seat === run[run.length - 1] + 1) run.push(seat);
    else runs.push([seat]);
  }
  return runs.map((run) => (run.length > 2 ? `${run[0]}–${run[run.length - 1]}` : run.join(','))).join(',');
}
