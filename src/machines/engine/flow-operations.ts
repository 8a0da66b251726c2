/**
 * The operations of boardgame.io's Process loop (its flow.ts): starting and
 * ending phases, turns and stages, and choosing what comes next. Each works
 * on the run's G and ctx, may run hooks and triggers, and pushes the
 * operations it chains. This is where a turn ends (`endTurn`, then
 * `updateTurn` picks the next player or ends the phase) and where a phase
 * ends (`endPhase`, then `updatePhase` picks the next phase).
 */
import {
  isEmptySeatMap,
  setActivePlayers,
  updateActivePlayersOnceEmpty,
  withoutSeat,
  withSeat,
} from './active-players';
import { phaseOf } from './config';
import { copyCtx, hasTurnKeys, withCtx } from './ctx-copy';
import { checkPhaseName } from './flow-arguments';
import type { FlowHost, Op, StepRoute } from './flow-steps';
import { initTurnOrder, nextTurnOrder } from './turn-order';
import type { Ctx } from './types';

/** `count word(s)`. */
function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function startPhase(run: FlowHost, next: Op[]): void {
  const phase = run.phase();
  run.hook(phase.onBegin, 'PHASE_ON_BEGIN', phase.at.onBegin);
  next.push({ fn: 'StartTurn', chained: true });
}

export function startTurn(run: FlowHost, op: Op): void {
  const turn = run.phase().turn;
  let ctx = run.state.ctx;
  if (!op.currentPlayer) {
    ctx = initTurnOrder(ctx, turn.order, run, turn.at.order);
    ctx = setActivePlayers(ctx, turn.activePlayers || {}, turn.at.activePlayers);
  } else if (turn.activePlayers) {
    ctx = setActivePlayers(
      withCtx(ctx, { currentPlayer: op.currentPlayer }),
      turn.activePlayers,
      turn.at.activePlayers,
    );
  }
  // One copy for the turn's counters (and the next player, when no active players were set above).
  const started = copyCtx(ctx);
  if (op.currentPlayer) started.currentPlayer = op.currentPlayer;
  started.turn = ctx.turn + 1;
  started.numMoves = 0;
  started._prevActivePlayers = [];
  // A set-up ctx is copied by a spread, and keys added to a spread give it a hidden class of its own in every match
  // (each site reading ctx sees one more, and goes megamorphic): the first turn's ctx is written out as later ones are.
  run.state = { G: run.state.G, ctx: hasTurnKeys(ctx) ? started : copyCtx(started) };
  run.markEffect('restartTurn', op.route ?? 'order');
  run.hook(turn.onBegin, 'TURN_ON_BEGIN', turn.at.onBegin);
}

export function updatePhase(run: FlowHost, op: Op, next: Op[]): void {
  const phase = phaseOf(run.game, op.phase ?? null);
  let name: unknown;
  let route: StepRoute = 'next';
  if (op.arg && op.arg.next) {
    const source = op.source ?? 'setPhase';
    checkPhaseName(run.game, op.arg.next, `${source} gave { next }`, op.source);
    name = op.arg.next;
    route = op.source === undefined ? 'setPhase' : 'endIfNext';
  } else {
    if (op.source !== undefined) route = 'endIf';
    name = run.trigger(phase.next, phase.at.next) || null;
    // A static `next` naming no phase is a latent config mistake (config.ts), refused here when reached.
    const said = phase.staticNext !== undefined ? `${phase.where}.next` : `${phase.where}.next returned a name`;
    if (name !== null) checkPhaseName(run.game, name, said, phase.at.next);
  }
  run.state = { G: run.state.G, ctx: withCtx(run.state.ctx, { phase: name as string | null }) };
  run.markEffect('enterPhase', route);
  next.push({ fn: 'StartPhase', chained: true });
}

export function updateTurn(run: FlowHost, op: Op, next: Op[]): void {
  const turn = run.phase().turn;
  const { ctx, endPhase } = nextTurnOrder(run.state.ctx, op.currentPlayer!, turn.order, op.arg, run, turn.at.order);
  run.state = { G: run.state.G, ctx };
  if (endPhase) next.push({ fn: 'EndPhase', turn: ctx.turn, phase: ctx.phase, chained: true });
  else {
    const chosen = op.arg && op.arg !== true;
    const automatic: StepRoute = op.source?.endsWith('.maxMoves') ? 'maxMoves' : 'endIf';
    const route: StepRoute =
      op.source === undefined ? (chosen ? 'argument' : 'order') : chosen ? 'endIfNext' : automatic;
    next.push({ fn: 'StartTurn', currentPlayer: ctx.currentPlayer, route, chained: true });
  }
}

export function updateStage(run: FlowHost, op: Op): void {
  const arg = op.arg;
  // A stage name alone (`setStage('wait')`, most calls) or the long form `{ stage, minMoves, maxMoves }`.
  const named = typeof arg === 'string' || arg === null;
  if (!named && typeof arg !== 'object') return;
  const stage = named ? arg : arg.stage;
  if (stage === undefined) return;
  const playerID = op.playerID!;
  const ctx = run.state.ctx;
  const minMoves = named ? undefined : arg.minMoves;
  const maxMoves = named ? undefined : arg.moveLimit || arg.maxMoves;
  const activePlayers = withSeat(ctx.activePlayers, playerID, stage);
  const numMoves = withSeat(ctx._activePlayersNumMoves, playerID, 0);
  let minLimits = ctx._activePlayersMinMoves ?? null;
  let maxLimits = ctx._activePlayersMaxMoves ?? null;
  if (minMoves) minLimits = withSeat(minLimits, playerID, minMoves);
  if (maxMoves) maxLimits = withSeat(maxLimits, playerID, maxMoves);
  // A fresh copy set field by field: one of the flow's most frequent copies, without a changes object to merge.
  const next = copyCtx(ctx);
  next.activePlayers = activePlayers;
  next._activePlayersNumMoves = numMoves;
  next._activePlayersMinMoves = minLimits;
  next._activePlayersMaxMoves = maxLimits;
  run.state = { G: run.state.G, ctx: next };
}

export function endGame(run: FlowHost, op: Op): void {
  endPhase(run, { fn: 'EndPhase', phase: op.phase }, undefined);
  const gameover = op.arg === undefined ? true : op.arg;
  run.state = { G: run.state.G, ctx: withCtx(run.state.ctx, { gameover }) };
  run.markEffect('gameover', op.source === 'endIf' ? 'endIf' : 'endGame');
  run.hook(run.game.onEnd, 'GAME_ON_END', 'onEnd');
}

export function endPhase(run: FlowHost, op: Op, next: Op[] | undefined): void {
  endTurn(run, { fn: 'EndTurn', turn: op.turn, force: true, automatic: true }, undefined);
  const { phase } = run.state.ctx;
  if (next) next.push({ fn: 'UpdatePhase', arg: op.arg, phase, source: op.source, chained: true });
  run.markEffect('enterPhase');
  if (phase === null) return;
  const config = run.phase();
  run.hook(config.onEnd, 'PHASE_ON_END', config.at.onEnd);
  run.state = { G: run.state.G, ctx: withCtx(run.state.ctx, { phase: null }) };
}

export function endTurn(run: FlowHost, op: Op, next: Op[] | undefined): void {
  if (op.turn !== run.state.ctx.turn) return;
  const before = run.state;
  const { currentPlayer, numMoves, turn: turnNumber, phase } = run.state.ctx;
  const turn = run.phase().turn;
  if (!op.force && turn.minMoves && (numMoves || 0) < turn.minMoves) {
    run.refuse(
      'MIN_MOVES_TURN',
      `cannot end the turn before making ${plural(turn.minMoves, 'move')} (made ${numMoves || 0})`,
      turn.at.minMoves,
    );
    return;
  }
  run.hook(turn.onEnd, 'TURN_ON_END', turn.at.onEnd);
  if (next) next.push({ fn: 'UpdateTurn', arg: op.arg, currentPlayer, source: op.source, chained: true });
  let ctx: Ctx = run.state.ctx;
  // Most turns in most games have no active players to clear: no copy then.
  if (ctx.activePlayers !== null) {
    ctx = copyCtx(ctx);
    ctx.activePlayers = null;
  }
  if (op.arg && op.arg.remove) {
    const removed = op.playerID || currentPlayer;
    const playOrder = ctx.playOrder.filter((id) => id != removed);
    const playOrderPos = ctx.playOrderPos > playOrder.length - 1 ? 0 : ctx.playOrderPos;
    ctx = withCtx(ctx, { playOrder, playOrderPos });
    if (playOrder.length === 0) {
      // boardgame.io drops this turn end's changes (its quirk); the phase then ends.
      next?.push({ fn: 'EndPhase', turn: turnNumber, phase, chained: true });
      run.state = before;
      return;
    }
  }
  if (ctx !== run.state.ctx) run.state = { G: run.state.G, ctx };
}

/**
 * `next` undefined: a move reached its stage's maxMoves (nothing chained, as in boardgame.io's ProcessMove).
 * `owned`: run.state.ctx is a copy nobody has seen yet, changed in place.
 */
export function endStage(run: FlowHost, op: Op, next: Op[] | undefined, owned = false): void {
  const ctx = run.state.ctx;
  const playerID = op.playerID || ctx.currentPlayer;
  const active = ctx.activePlayers;
  const inStage = active !== null && Object.prototype.hasOwnProperty.call(active, playerID);
  if (next) {
    let arg = op.arg;
    if (!arg && inStage) {
      const stages = run.phase().turn.stages;
      const stage = active![playerID];
      if (stage !== null && Object.prototype.hasOwnProperty.call(stages, stage) && stages[stage].next)
        arg = stages[stage].next;
    }
    next.push({ fn: 'UpdateStage', arg, playerID, chained: true });
  }
  if (!inStage) return;
  const moves = (ctx._activePlayersNumMoves ?? {})[playerID] || 0;
  const min = ctx._activePlayersMinMoves;
  if (!op.force && min && min[playerID] && moves < min[playerID]) {
    run.refuse(
      'MIN_MOVES_STAGE',
      `player ${playerID} cannot end the stage before making ${plural(min[playerID], 'move')} (made ${moves})`,
    );
    return;
  }
  const remaining = withoutSeat(active!, playerID);
  // A spread site each: one site for maps of stages and of numbers would see both shapes (V8's slow path).
  let minLimits = ctx._activePlayersMinMoves ?? null;
  let maxLimits = ctx._activePlayersMaxMoves ?? null;
  if (minLimits) {
    minLimits = { ...minLimits };
    delete minLimits[playerID];
  }
  // One map for equal limits (setActivePlayers): one copy serves both again.
  if (maxLimits && maxLimits === ctx._activePlayersMinMoves) maxLimits = minLimits;
  else if (maxLimits) {
    maxLimits = { ...maxLimits };
    delete maxLimits[playerID];
  }
  const after = owned ? ctx : copyCtx(ctx);
  after.activePlayers = remaining;
  after._activePlayersMinMoves = minLimits;
  after._activePlayersMaxMoves = maxLimits;
  // Only an emptied set changes further (to `next`, the reverted set, or null).
  run.state = {
    G: run.state.G,
    ctx: isEmptySeatMap(remaining, ctx.numPlayers) ? updateActivePlayersOnceEmpty(after) : after,
  };
}

/** Runs one operation of the Process loop; the operations it chains go to `next`. */
export function runOperation(run: FlowHost, op: Op, next: Op[]): void {
  switch (op.fn) {
    case 'StartGame':
      next.push({ fn: 'StartPhase', chained: true });
      return;
    case 'StartPhase':
      return startPhase(run, next);
    case 'StartTurn':
      return startTurn(run, op);
    case 'UpdatePhase':
      return updatePhase(run, op, next);
    case 'UpdateTurn':
      return updateTurn(run, op, next);
    case 'UpdateStage':
      return updateStage(run, op);
    case 'UpdateActivePlayers':
      run.state = { G: run.state.G, ctx: setActivePlayers(run.state.ctx, op.arg) };
      return;
    case 'EndGame':
      return endGame(run, op);
    case 'EndPhase':
      return endPhase(run, op, next);
    case 'EndTurn':
      return endTurn(run, op, next);
    case 'EndStage':
      return endStage(run, op, next);
    case 'OnMove':
      return;
  }
}
