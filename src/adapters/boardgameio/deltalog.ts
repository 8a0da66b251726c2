/**
 * The log entries of one action, as boardgame.io 0.50.2 writes them: the move
 * itself, then one entry per turn, phase or stage that the action ended
 * (`endTurn`, `endPhase`, `endStage`), marked `automatic` when a trigger
 * (`endIf`, `maxMoves`) or the flow itself ended it rather than a player or
 * game code.
 *
 * turnchart's flow run reports its steps (one per chain of flow operations,
 * with the state it left); what a step ended follows from its kind, the state
 * it started from and how far it went (its effect). Which event started an
 * automatic step, and with what argument, comes from the call tape: the
 * values the `endIf` triggers returned, and the events game code called.
 */
import {
  phaseOf,
  countsTowardLimits,
  shapeAnchor,
  type CompiledGame,
  type FlowState,
  type Step,
  type Ctx,
  type Move,
  type PlayerID,
} from '../../machines';
import { gameEvent } from './action-creators';
import { appended } from './array-append';
import type { CallTape, EventCall } from './call-tape';
import type { LogEntry, MoveAction } from './types';

export type ActionRequest =
  /** `move`: the move the player draws from where the action starts (the reducer looked it up already). */
  | { kind: 'move'; name: string; playerID: PlayerID; args: unknown[]; action: MoveAction; move: Move | undefined }
  | { kind: 'event'; type: string; playerID: PlayerID; args: unknown[] }
  /** The start of a match: events its hooks call are logged too. */
  | { kind: 'start' }
  /** A time limit ran out: its outcome is logged as the flow's own (`automatic`), forced past `minMoves`. */
  | { kind: 'timeout' };

/** One accepted action (or the start), as the flow ran it. */
export interface ActionRun {
  game: CompiledGame;
  request: ActionRequest;
  /** `_stateID` before the action. */
  stateID: number;
  start: FlowState;
  steps: Step[];
  tape: CallTape;
}

const hasOwn = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/** Steps after which the flow checks `turn.endIf` and `maxMoves`. */
const turnChecked = (type: string) => type === 'setActivePlayers' || type === 'setStage' || type === 'endStage';

/** Events that are dropped once the turn they were called in has ended. */
const turnBound = (type: string) => turnChecked(type) || type === 'endTurn';

/** The argument a flow event handler passes on; `endPhase` and `endStage` ignore theirs. */
function eventArg(type: string, args: unknown[]): unknown {
  if (type === 'setPhase') return { next: args[0] };
  if (type === 'endPhase' || type === 'endStage') return undefined;
  return args[0];
}

/** The last deltalog builder (machines/engine/shape-anchor.ts): one is made per action. */
const anchor = shapeAnchor();
const NO_ENTRIES: readonly LogEntry[] = [];

class Deltalog {
  /** Grown by `appended`: most actions log one or two entries. */
  private entries: LogEntry[] | undefined;
  /** Phases ended in the current pass of the flow (its loop guard); made when a phase ends. */
  private phasesEnded: Set<string | null> | undefined;
  private readonly calls: readonly EventCall[];
  private nextCall = 0;
  /**
   * What started the step being logged: its argument, whether a trigger (not a player or game code) did, and
   * whether it is a timeout's outcome, which `minMoves` does not hold back. Fields, not an object per step.
   */
  private arg: unknown = undefined;
  private automatic = false;
  private forced = false;

  constructor(private readonly run: ActionRun) {
    this.calls = run.tape.eventCalls;
    anchor.last = this;
  }

  build(): LogEntry[] {
    const { run } = this;
    const { request, steps } = run;
    if (request.kind === 'move') {
      this.push(this.moveEntry(request));
      this.stageMoveLimit(request);
    } else if (request.kind === 'event') {
      this.arg = eventArg(request.type, request.args);
    } else if (request.kind === 'timeout') {
      this.automatic = this.forced = true;
    }
    let before = run.start;
    for (let index = 0; index < steps.length; index++) {
      const step = steps[index];
      if (index > 0) this.findCause(step, before.ctx, steps[index - 1]);
      this.stepEntries(step, before.ctx);
      before = step.state;
    }
    return this.entries ?? [];
  }

  private push(entry: LogEntry): void {
    this.entries = appended(this.entries ?? NO_ENTRIES, entry);
  }

  private add(type: string, arg: unknown, ctx: Ctx, automatic: boolean): void {
    const action = gameEvent(type, arg);
    const { stateID } = this.run;
    // Written whole: a key added to an object literal later goes to a separate, allocated store.
    this.push(
      automatic
        ? { action, _stateID: stateID, turn: ctx.turn, phase: ctx.phase, automatic: true }
        : { action, _stateID: stateID, turn: ctx.turn, phase: ctx.phase },
    );
  }

  private moveEntry(request: Extract<ActionRequest, { kind: 'move' }>): LogEntry {
    const { start, stateID, tape } = this.run;
    const entry: LogEntry = { action: request.action, _stateID: stateID, turn: start.ctx.turn, phase: start.ctx.phase };
    if (tape.metadata) entry.metadata = tape.metadata.value;
    const { move } = request;
    if (move && typeof move === 'object') {
      if (move.redact === true) entry.redact = true;
      else if (typeof move.redact === 'function') entry.redact = move.redact({ G: tape.firstOutput, ctx: start.ctx });
    }
    return entry;
  }

  /** A move that reaches the player's `maxMoves` ends their stage before the flow goes on. */
  private stageMoveLimit(request: Extract<ActionRequest, { kind: 'move' }>): void {
    const { ctx } = this.run.start;
    const max = ctx._activePlayersMaxMoves;
    if (!max) return;
    const player = request.playerID;
    // The player's count only: a copy of the whole map with it changed was an allocation per move.
    let made = (ctx._activePlayersNumMoves ?? {})[player];
    if (countsTowardLimits(request.move) && ctx.activePlayers) made += 1;
    if (made >= max[player]) this.endStage(player, undefined, ctx, true, false, made);
  }

  /** A later step was started either by a trigger of the state it starts from, or by the next queued event. */
  private findCause(step: Step, ctx: Ctx, previous: Step): void {
    const fired = this.triggerValue(step.type, ctx, previous);
    this.forced = false;
    if (fired !== undefined) {
      this.arg = fired;
      this.automatic = true;
      return;
    }
    // Each queued event runs in a fresh pass of the flow.
    this.phasesEnded = undefined;
    const call = this.takeCall(step.type, ctx);
    this.arg = call ? eventArg(step.type, call.args) : undefined;
    this.automatic = false;
  }

  /** The truthy value of the trigger that started the step, if one did. */
  private triggerValue(type: string, ctx: Ctx, previous: Step): unknown {
    const { tape } = this.run;
    if (type === 'endGame') return tape.endIfResult(ctx, 'game') || undefined;
    if (type === 'endPhase') return tape.endIfResult(ctx, 'phase') || undefined;
    if (type !== 'endTurn' || !(previous.type.startsWith('move.') || turnChecked(previous.type))) return undefined;
    const turn = phaseOf(this.run.game, ctx.phase).turn;
    if (turn.maxMoves && (ctx.numMoves || 0) >= turn.maxMoves) return true;
    return tape.endIfResult(ctx, 'turn') || undefined;
  }

  /** The next queued event the flow runs from `ctx`, skipping those it drops as stale. */
  private takeCall(type: string, ctx: Ctx): EventCall | undefined {
    while (this.nextCall < this.calls.length) {
      const call = this.calls[this.nextCall++];
      const stale = turnBound(call.type)
        ? call.turn !== ctx.turn
        : (call.type === 'endPhase' || call.type === 'setPhase') && call.phase !== ctx.phase;
      if (!stale && call.type === type) return call;
    }
    return undefined;
  }

  private stepEntries(step: Step, ctx: Ctx): void {
    switch (step.type) {
      case 'endTurn':
      case 'pass':
        return this.endTurn(step, ctx);
      case 'endPhase':
      case 'setPhase':
        return this.endPhase(ctx, this.arg, this.automatic);
      case 'endGame':
        // The game's end ends the phase (not through the flow's loop guard); its turn is left as it is.
        if (ctx.phase !== null) this.add('endPhase', undefined, ctx, false);
        return;
      case 'setStage':
      case 'endStage':
        return this.endStage(step.playerID ?? ctx.currentPlayer, this.arg, ctx, this.automatic, this.forced);
    }
  }

  private endTurn(step: Step, ctx: Ctx): void {
    const turn = phaseOf(this.run.game, ctx.phase).turn;
    if (step.type !== 'pass' && !this.forced && turn.minMoves && (ctx.numMoves || 0) < turn.minMoves) return;
    const arg = this.arg as { remove?: boolean } | undefined;
    if (arg && arg.remove && ctx.playOrder.every((id) => id == ctx.currentPlayer)) {
      // Removing the last player ends the phase instead; that turn end itself is not kept.
      return this.endPhase(ctx, undefined, false);
    }
    this.add('endTurn', arg, ctx, this.automatic);
    // The turn order ran out: the flow ends the phase in the same step.
    if (step.effect === 'enterPhase') this.endPhase(ctx, undefined, false);
  }

  private endPhase(ctx: Ctx, arg: unknown, automatic: boolean): void {
    // The flow's loop guard: a phase ended twice in one pass becomes null, and nothing is logged.
    const ended = (this.phasesEnded ??= new Set());
    if (ended.has(ctx.phase)) return;
    ended.add(ctx.phase);
    this.add('endTurn', undefined, ctx, true);
    if (ctx.phase !== null) this.add('endPhase', arg, ctx, automatic);
  }

  /** `made`: the player's moves, when the move being logged has counted one more than `ctx` says. */
  private endStage(
    player: PlayerID,
    arg: unknown,
    ctx: Ctx,
    automatic: boolean,
    forced = false,
    made = (ctx._activePlayersNumMoves ?? {})[player] || 0,
  ): void {
    const active = ctx.activePlayers;
    if (!active || !hasOwn(active, player)) return;
    if (!arg) {
      const stage = active[player];
      const stages = phaseOf(this.run.game, ctx.phase).turn.stages;
      if (stage !== null && hasOwn(stages, stage) && stages[stage].next) arg = stages[stage].next;
    }
    const min = ctx._activePlayersMinMoves;
    if (!forced && min && min[player] && made < min[player]) return;
    this.add('endStage', arg, ctx, automatic);
  }
}

/** The log entries boardgame.io 0.50.2 writes for an accepted action. */
export function deltalogOf(run: ActionRun): LogEntry[] {
  return new Deltalog(run).build();
}
