/**
 * The checks boardgame.io runs after each operation: the game's, the
 * phase's and the turn's `endIf` (and `maxMoves`), and turnchart's stage
 * `endIf` extension. Each answers whether an automatic event follows.
 */
import type { FlowHost, Op, OpFn } from './flow-steps';
import type { RandomState } from './random';
import type { Ctx, PlayerID, TriggerContext } from './types';
import { runTrigger } from './user-code';

export function shouldEndGame(run: FlowHost): unknown {
  return run.trigger(run.game.endIf, 'endIf');
}

export function shouldEndPhase(run: FlowHost, phase = run.phase()): unknown {
  return run.trigger(phase.endIf, phase.at.endIf);
}

export function shouldEndTurn(run: FlowHost, turn = run.phase().turn): unknown {
  const numMoves = run.state.ctx.numMoves || 0;
  if (turn.maxMoves && numMoves >= turn.maxMoves) return true;
  return run.trigger(turn.endIf, turn.at.endIf);
}

/** The first player (in seat order) whose declared stage's endIf is truthy. */
export function shouldEndStage(run: FlowHost, turn = run.phase().turn): PlayerID | undefined {
  const { ctx } = run.state;
  if (!ctx.activePlayers) return undefined;
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

/**
 * What the game's and the phase's `endIf` last answered falsy on, in one
 * run. boardgame.io asks both again after every operation; after one that
 * changed nothing (a turn's end by its move limit, with no hook and no
 * active players to clear) they would get the very G and ctx they just
 * answered, so they are asked again only if something could differ: another
 * G or ctx, a hook run since, or a number drawn by the triggers (an event
 * they call refuses the action anyway).
 */
export interface SettledChecks {
  G: unknown;
  ctx: Ctx | undefined;
  random: RandomState;
  hooks: number;
}

function isSettled(run: FlowHost, settled: SettledChecks | undefined): boolean {
  return (
    settled !== undefined &&
    settled.ctx === run.state.ctx &&
    settled.G === run.state.G &&
    settled.hooks === run.hooks &&
    settled.random === run.env.random.state
  );
}

/** Both `endIf`s just answered falsy; `random` and `queued`: the PRNG state and queued events before them. */
function settle(run: FlowHost, random: RandomState, queued: number): void {
  const settled = run.settled;
  if (random !== run.env.random.state || queued !== run.env.queue.dispatch.length) {
    // Kept for the next settle (one record per run), but matching no ctx.
    if (settled !== undefined) settled.ctx = undefined;
    return;
  }
  const { G, ctx } = run.state;
  if (settled === undefined) run.settled = { G, ctx, random, hooks: run.hooks };
  else {
    settled.G = G;
    settled.ctx = ctx;
    settled.random = random;
    settled.hooks = run.hooks;
  }
}

/**
 * The event the checks start after an operation `fn`, if any: the game's endIf, then the
 * phase's; after a move or a stage change also a stage's endIf, then the
 * turn's endIf or maxMoves (boardgame.io 0.50.2's order).
 */
export function automaticEvent(run: FlowHost, fn: OpFn): Op | undefined {
  const { turn, phase } = run.state.ctx;
  // Triggers only read ctx: one phase for the checks that follow.
  const current = run.phase();
  if (!isSettled(run, run.settled)) {
    const random = run.env.random.state;
    const queued = run.env.queue.dispatch.length;
    const endGame = shouldEndGame(run);
    if (endGame)
      return { fn: 'EndGame', arg: endGame, turn, phase, automatic: true, label: 'endGame', source: 'endIf' };
    const endPhase = shouldEndPhase(run, current);
    if (endPhase) {
      const source = current.at.endIf;
      return { fn: 'EndPhase', arg: endPhase, turn, phase, automatic: true, label: 'endPhase', source };
    }
    settle(run, random, queued);
  }
  if (fn !== 'OnMove' && fn !== 'UpdateStage' && fn !== 'UpdateActivePlayers') return undefined;
  const config = current.turn;
  const stageEnd = run.game.stageFeatures ? shouldEndStage(run, config) : undefined;
  if (stageEnd !== undefined) {
    // Forced: a stage's endIf ends it even before its minMoves (else it would fire again and again).
    return { fn: 'EndStage', playerID: stageEnd, automatic: true, force: true, label: 'endStage', turn, phase };
  }
  const endTurn = shouldEndTurn(run, config);
  if (!endTurn) return undefined;
  const source =
    config.maxMoves && (run.state.ctx.numMoves || 0) >= config.maxMoves ? config.at.maxMoves : config.at.endIf;
  return { fn: 'EndTurn', arg: endTurn, turn, phase, automatic: true, label: 'endTurn', source };
}
