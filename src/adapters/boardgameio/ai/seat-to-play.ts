import type { Ctx, PlayerID } from '../../../machines';

/** The seat a bot plays for, as boardgame.io's Step and Simulate pick it: the first active player, else the current one. */
export function seatToPlay(ctx: Ctx): PlayerID {
  return ctx.activePlayers ? Object.keys(ctx.activePlayers)[0] : ctx.currentPlayer;
}
