/**
 * Which players changed stage between two ctx, and the per-stage move limits
 * (turnchart extensions; see docs/semantics.md). Pure: the flow run calls the
 * stage hooks.
 */
import { withCtx } from './ctx-copy';
import { stageOf, withSeat } from './active-players';
import { phaseOf, type CompiledGame } from './config';
import type { Ctx, PlayerID, StageConfig, StageName } from './types';

export interface StageChange {
  playerID: PlayerID;
  /** The declared stage left, if any. */
  left?: { name: string; config: StageConfig; where: string };
  /** The declared stage entered, if any. */
  entered?: { name: string; config: StageConfig; where: string };
}

function declared(game: CompiledGame, ctx: Ctx, stage: StageName | undefined) {
  if (stage === undefined || stage === null) return undefined;
  const turn = phaseOf(game, ctx.phase).turn;
  if (!Object.prototype.hasOwnProperty.call(turn.stages, stage)) return undefined;
  return { name: stage, config: turn.stages[stage], where: `${turn.where}.stages.${stage}` };
}

/** Players whose declared stage differs between `before` and `after`, in seat order. */
export function stageChanges(game: CompiledGame, before: Ctx, after: Ctx): StageChange[] {
  if (
    before.activePlayers === after.activePlayers &&
    before.phase === after.phase &&
    before.currentPlayer === after.currentPlayer
  )
    return [];
  const changes: StageChange[] = [];
  const samePhase = before.phase === after.phase;
  for (let seat = 0; seat < after.numPlayers; seat++) {
    const id = String(seat);
    const stageBefore = stageOf(before, id);
    const stageAfter = stageOf(after, id);
    // In one phase, one stage name is one declared stage: most seats are left where they were.
    if (samePhase && stageBefore === stageAfter) continue;
    const was = declared(game, before, stageBefore);
    const is = declared(game, after, stageAfter);
    if (was?.name === is?.name && was?.where === is?.where) continue;
    changes.push({ playerID: id, ...(was ? { left: was } : {}), ...(is ? { entered: is } : {}) });
  }
  return changes;
}

/** A player entering a stage with limits gets them, unless the event that moved it gave its own. */
export function applyStageLimits(ctx: Ctx, changes: StageChange[]): Ctx {
  let min = ctx._activePlayersMinMoves ?? null;
  let max = ctx._activePlayersMaxMoves ?? null;
  for (const { playerID, entered } of changes) {
    if (!entered) continue;
    const { minMoves, maxMoves } = entered.config;
    if (minMoves && !(min && min[playerID])) min = withSeat(min, playerID, minMoves);
    if (maxMoves && !(max && max[playerID])) max = withSeat(max, playerID, maxMoves);
  }
  return min === (ctx._activePlayersMinMoves ?? null) && max === (ctx._activePlayersMaxMoves ?? null)
    ? ctx
    : withCtx(ctx, { _activePlayersMinMoves: min, _activePlayersMaxMoves: max });
}
