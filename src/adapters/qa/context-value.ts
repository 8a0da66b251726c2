/**
 * The chart's state value for a `ctx`, without running the chart: the chart
 * and ctx always agree (the engine checks it after every step), so the phase
 * state is `ctx.phase`, each seat's region state follows from who may act and
 * in which stage, and a game with `ctx.gameover` set is in `gameover`. Lets
 * playouts run on plain contexts, many times faster than through xstate.
 */
import { compiledGame, chartValueFor, type CompiledGame, type Ctx, type Game } from '../../machines';

export function chartValueOf(game: Game | CompiledGame, ctx: Ctx): unknown {
  const compiled = 'phases' in game && game.phases instanceof Map ? (game as CompiledGame) : compiledGame(game as Game);
  return chartValueFor(compiled, ctx);
}
