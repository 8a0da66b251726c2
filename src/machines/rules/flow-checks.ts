/**
 * The checks boardgame.io runs after each operation: the game's, the
 * phase's and the turn's `endIf` (and `maxMoves`), and turnchart's stage
 * `endIf` extension. Each answers whether an automatic event follows.
 */
import type { FlowHost } from './flow-steps';
import type { PlayerID, TriggerContext } from './types';
import { runTrigger } from './user-code';

export function shouldEndGame(run: FlowHost): unknown {
  return run.trigger(run.game.endIf, 'endIf');
}

export function shouldEndPhase(run: FlowHost): unknown {
  const phase = run.phase();
  return run.trigger(phase.endIf, `${phase.where}.endIf`);
}

export function shouldEndTurn(run: FlowHost): unknown {
  const turn = run.phase().turn;
  const numMoves = run.state.ctx.numMoves || 0;
  if (turn.maxMoves && numMoves >= turn.maxMoves) return true;
  return run.trigger(turn.endIf, `${turn.where}.endIf`);
}

/** The first player (in seat order) whose declared stage's endIf is truthy. */
export function shouldEndStage(run: FlowHost): PlayerID | undefined {
  const { ctx } = run.state;
  if (!ctx.activePlayers) return undefined;
  const turn = run.phase().turn;
  for (const [playerID, stage] of Object.entries(ctx.activePlayers)) {
    if (stage === null || !Object.prototype.hasOwnProperty.call(turn.stages, stage)) continue;
    const endIf = turn.stages[stage].endIf;
    if (!endIf) continue;
    const where = `${turn.where}.stages.${stage}.endIf`;
    const fire = runTrigger(run.env, (c: TriggerContext) => endIf({ ...c, playerID }), run.state.G, ctx, where);
    if (fire) return playerID;
  }
  return undefined;
}
