/**
 * The chart's state value for a `ctx`, without running the chart: the chart
 * and ctx always agree (the engine checks it after every step), so the phase
 * state is `ctx.phase`, each seat's region state follows from who may act and
 * in which stage, and a game with `ctx.gameover` set is in `gameover`. Lets
 * playouts run on plain contexts, many times faster than through xstate.
 */
import { phaseKey } from '../../machines/chart-steps';
import type { CompiledGame } from '../../machines/config';
import { compiledGame } from '../../machines/game-machine';
import { seatKeys, seatRegionKey } from '../../machines/seat-state';
import type { Ctx, Game } from '../../machines/types';

export function chartValueOf(game: Game | CompiledGame, ctx: Ctx): unknown {
  if (ctx.gameover !== undefined) return 'gameover';
  const compiled = 'phases' in game && game.phases instanceof Map ? (game as CompiledGame) : compiledGame(game as Game);
  const turn: Record<string, string> = {};
  seatKeys(compiled, ctx).forEach((key, seat) => {
    turn[seatRegionKey(seat)] = key;
  });
  return { phases: { [phaseKey(ctx.phase)]: { turn } } };
}
