/**
 * The invariants of docs/architecture.md ("Invariants and where they are tested"), as checks tests run after every step.
 */
import { compiledGame, NULL_PHASE_KEY, seatRegionKey, seatStateKey, type Game, type TurnchartGame } from 'turnchart';

/** Invariant 1: the chart's active states agree with ctx. */
export function chartAgreesWithCtx(game: Game, value: any, ctx: any): string | undefined {
  if (ctx.gameover !== undefined)
    return value === 'gameover' ? undefined : `gameover in ctx but chart is ${JSON.stringify(value)}`;
  const compiled = compiledGame(game);
  const phaseKey = ctx.phase === null ? NULL_PHASE_KEY : ctx.phase;
  const phases = value?.phases;
  if (!phases || !(phaseKey in phases)) return `ctx.phase ${ctx.phase} but chart is ${JSON.stringify(value)}`;
  const turn = phases[phaseKey].turn;
  for (let p = 0; p < ctx.numPlayers; p++) {
    const expected = seatStateKey(compiled, ctx, String(p));
    if (turn[seatRegionKey(p)] !== expected)
      return `seat ${p} is ${turn[seatRegionKey(p)]} in the chart but ${expected} by ctx ${JSON.stringify(ctx.activePlayers)}`;
  }
  return undefined;
}

/** Throws when the chart of a running game disagrees with its ctx. */
export function expectChartAgrees(game: Game, match: TurnchartGame): void {
  const problem = chartAgreesWithCtx(game, match.getStateValue(), match.getState().ctx);
  if (problem) throw new Error(`chart and ctx disagree: ${problem}`);
}
