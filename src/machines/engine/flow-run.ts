/**
 * One action (a move, a flow event, or the start of the game) worked out on
 * G and ctx, with boardgame.io 0.50.2's order: the flow operations an event
 * causes run as a chain; after each operation the game, phase and turn
 * `endIf`s are checked (in that order) and may start an automatic event;
 * events that moves and hooks queued run afterwards, one by one.
 *
 * The run also records *steps*: each chain is one step, named after the event
 * that started it (`endTurn`, `setStage`, `move.playCard`, ...), with the
 * rule that chose where it leads. The machine takes the steps as transitions
 * named after those rules. The operations are in flow-operations.ts, the
 * checks between them in flow-checks.ts.
 */
import { copyCtx, withCtx } from './ctx-copy';
import { withSeat } from './active-players';
import { describe } from './describe-value';
import { phaseOf, type CompiledGame, type CompiledPhase } from './config';
import { reject, rejection, type ActionRejection } from './errors';
import { EventQueue } from './event-queue';
import { countsTowardLimits, moveFunction, type MoveSource } from './moves';
import { RandomSource, type RandomState } from './random';
import type { Ctx, FlowEventType, Hook, MoveHook, PlayerID, TriggerContext } from './types';
import { INVALID_MOVE_VALUE } from './types';
import { applyStageLimits, stageChanges } from './stage-changes';
import { startFlowEvent } from './flow-events';
import { automaticEvent, type SettledChecks } from './flow-checks';
import { endStage, runOperation } from './flow-operations';
import type { FlowHost, FlowState, Op, RunResult, Step, StepEffect, StepRoute } from './flow-steps';
import { assertCalledFromHook, mayRunQueuedEvent } from './queued-event-rules';
import { createEnv, runOnDraft, runTrigger, type UserCodeEnv } from './user-code';
import { shapeAnchor } from './shape-anchor';

export type { FlowState, Request, RunResult, Step, StepEffect, StepRoute } from './flow-steps';

const EFFECT_RANK: readonly StepEffect[] = ['seats', 'restartTurn', 'enterPhase', 'gameover'];

/** Bound on flow operations per action: a game whose endIf/next cycle never settles is stopped here. */
const MAX_OPS_PER_ACTION = 10_000;

/** The last run made, with its queue and random source (shape-anchor.ts). */
const anchor = shapeAnchor();

/** One action being worked out. Use it through flow-request.ts. */
export class FlowRun implements FlowHost {
  readonly env: UserCodeEnv;
  private readonly queue: EventQueue;
  private readonly steps: Step[] = [];
  private current: Step | undefined;
  private ops = 0;
  private flushed = 0;
  private phaseConfig: CompiledPhase | undefined = undefined;
  private phaseName: string | null = null;
  hooks = 0;
  settled: SettledChecks | undefined = undefined;

  constructor(
    readonly game: CompiledGame,
    public state: FlowState,
    random: RandomState,
    readonly actor: PlayerID | undefined,
  ) {
    this.queue = new EventQueue(state.ctx);
    this.env = createEnv(this.queue, new RandomSource(random));
    anchor.last = this;
  }

  result(): RunResult {
    return { state: this.state, random: this.env.random.state, steps: this.steps };
  }

  // entry points

  start(): void {
    this.process([{ fn: 'StartGame', label: 'startGame' }]);
    this.flushQueuedEvents();
  }

  /** The move and what follows it; a move that returns INVALID_MOVE is refused (returned: nothing has run after it). */
  move(name: string, source: MoveSource, args: unknown[]): ActionRejection | undefined {
    const { ctx } = this.state;
    const playerID = this.actor!;
    const G = runOnDraft(this.env, moveFunction(source.move), this.state.G, ctx, playerID, 'MOVE', source.where, args);
    if (G === INVALID_MOVE_VALUE) {
      return rejection('INVALID_MOVE', `move ${name} returned INVALID_MOVE (args: ${describe(args)})`, source.where);
    }
    this.processMove(G, source.label, playerID, countsTowardLimits(source.move));
    this.flushQueuedEvents();
    return undefined;
  }

  /** A timeout's outcome (time-outcome.ts), then the events its hooks queued. */
  timeout(apply: (run: FlowHost) => void): void {
    apply(this);
    this.flushQueuedEvents();
  }

  /** A flow event requested by a player; events queued by hooks run afterwards. */
  request(type: FlowEventType, args: unknown[]): void {
    startFlowEvent(this, type, args);
    this.flushQueuedEvents();
  }

  // queued events

  /** Events called by moves and hooks, in order, as boardgame.io's events plugin runs them. */
  private flushQueuedEvents(): void {
    const queue = this.queue;
    // A cursor, not a fresh loop: with `ordering: 'events-first'` the queue is flushed twice per move.
    for (; this.flushed < queue.dispatch.length; this.flushed++) {
      const event = queue.dispatch[this.flushed];
      const ctx = this.state.ctx;
      if (queue.currentTurn - queue.initialTurn >= queue.maxEndedTurns) {
        reject(
          'FLOW_LOOP',
          `more than ${queue.maxEndedTurns} turns ended in one action; game code keeps ending turns`,
          event.where,
        );
      }
      assertCalledFromHook(event);
      // boardgame.io tests gameover for truthiness here: events queued after endGame(false) still run.
      if (ctx.gameover) break;
      if (!mayRunQueuedEvent(event, ctx)) continue;
      try {
        startFlowEvent(this, event.type, event.args, true);
      } catch (error) {
        if (error instanceof Error && 'rejection' in error && event.where) {
          const { rejection } = error as Error & { rejection: ActionRejection };
          rejection.message = `${rejection.message} (events.${event.type} called from ${event.where})`;
          rejection.location ??= event.where;
        }
        throw error;
      }
    }
  }

  // the process loop

  process(entries: Op[]): void {
    let phasesEnded: Set<string | null> | undefined;
    // `entries` are the caller's fresh array: the loop appends to it, as boardgame.io's Process does.
    const list = entries;
    for (let i = 0; i < list.length; i++) {
      const op = list[i];
      const fn = op.fn; // read once: operations come in many shapes, each read a lookup by name
      if (++this.ops > MAX_OPS_PER_ACTION) {
        reject(
          'FLOW_LOOP',
          `the flow did not settle after ${MAX_OPS_PER_ACTION} operations; check endIf conditions and next functions`,
        );
      }
      if (!op.chained) this.beginStep(op);
      if (fn === 'EndPhase') {
        const phase = this.state.ctx.phase;
        phasesEnded ??= new Set();
        if (phasesEnded.has(phase)) {
          // boardgame.io's loop guard: the same phase ended twice in one chain of events.
          this.state = { G: this.state.G, ctx: withCtx(this.state.ctx, { phase: null }) };
          this.markEffect('enterPhase', 'loop');
          this.endStep();
          return;
        }
        phasesEnded.add(phase);
      }
      // The operations this one chains go straight to the end of the list (no array per operation).
      const chainedFrom = list.length;
      const before = this.state.ctx;
      runOperation(this, op, list);
      if (this.game.stageFeatures) this.afterStageChanges(before);
      this.endStep();
      if (fn === 'EndGame') break;
      const automatic = automaticEvent(this, fn);
      if (automatic) {
        // An automatic event replaces what the operation chained.
        list.length = chainedFrom;
        list.push(automatic);
        continue;
      }
    }
  }

  // steps

  private beginStep(op: Op): void {
    // One shape for every step (playerID undefined when no player acts): steps are read in hot loops.
    this.current = {
      type: op.label ?? op.fn,
      automatic: op.automatic === true,
      playerID: this.actor,
      effect: 'seats',
      state: this.state,
      route: undefined,
    };
    this.steps.push(this.current);
  }

  private endStep(): void {
    if (this.current) this.current.state = this.state;
  }

  /** A step's effect only grows: seats < restartTurn < enterPhase < gameover; the route is the rule behind the latest. */
  markEffect(effect: StepEffect, route?: StepRoute): void {
    const current = this.current;
    if (current === undefined) return;
    const rank = EFFECT_RANK.indexOf(effect);
    const currentRank = EFFECT_RANK.indexOf(current.effect);
    if (rank > currentRank) current.effect = effect;
    if (route !== undefined && rank >= currentRank) current.route = route;
  }

  // user code helpers

  phase(ctx: Ctx = this.state.ctx): CompiledPhase {
    // Looked up by name only when the phase changes: an action asks for it several times per operation.
    if (this.phaseConfig === undefined || ctx.phase !== this.phaseName) {
      this.phaseName = ctx.phase;
      this.phaseConfig = phaseOf(this.game, ctx.phase);
    }
    return this.phaseConfig;
  }

  hook(
    fn: Hook | MoveHook | undefined,
    method: Parameters<typeof runOnDraft>[5],
    where: string,
    playerID?: PlayerID,
  ): void {
    if (!fn) return;
    this.hooks++;
    const G = runOnDraft(this.env, fn, this.state.G, this.state.ctx, playerID, method, where);
    this.state = { G, ctx: this.state.ctx };
  }

  trigger<R>(fn: ((c: TriggerContext) => R) | undefined, where: string): R | undefined {
    if (!fn) return undefined;
    return runTrigger(this.env, fn, this.state.G, this.state.ctx, where);
  }

  callOrder<R>(fn: (c: TriggerContext) => R, ctx: Ctx, where: string): R {
    return runTrigger(this.env, fn, this.state.G, ctx, where);
  }

  /** boardgame.io's ProcessMove on the move's G: count the move, apply maxMoves, run turn.onMove, then check endIfs. */
  private processMove(G: unknown, label: string, playerID: PlayerID, counts: boolean): void {
    let ctx = this.state.ctx;
    if (counts) {
      const numMoves = playerID === ctx.currentPlayer ? (ctx.numMoves ?? 0) + 1 : ctx.numMoves;
      const counted = ctx._activePlayersNumMoves;
      const perPlayer = ctx.activePlayers
        ? withSeat(counted, playerID, ((counted ?? {})[playerID] as number) + 1)
        : counted;
      ctx = copyCtx(ctx);
      ctx.numMoves = numMoves;
      ctx._activePlayersNumMoves = perPlayer;
    }
    this.state = { G, ctx };
    const max = ctx._activePlayersMaxMoves;
    if (max && (ctx._activePlayersNumMoves ?? {})[playerID] >= max[playerID]) {
      // The counted ctx is this run's own copy, seen by nothing yet: the stage's end changes it rather than copying
      // it again (not when the stage hooks below compare it with the ctx after).
      const owned = counts && !this.game.stageFeatures;
      endStage(this, { fn: 'EndStage', playerID, automatic: true }, undefined, owned);
      if (this.game.stageFeatures) this.afterStageChanges(ctx);
    }
    const turn = this.phase().turn;
    this.hook(turn.onMove, 'TURN_ON_MOVE', turn.at.onMove, playerID);
    if (!this.game.eventsFirst) {
      this.process([{ fn: 'OnMove', label, playerID }]);
      return;
    }
    // ordering: 'events-first': the move's queued events, then the endIf checks (docs/semantics.md).
    const turnBefore = this.state.ctx.turn;
    this.beginStep({ fn: 'OnMove', label, playerID });
    this.endStep();
    this.flushQueuedEvents();
    if (this.state.ctx.turn === turnBefore && this.state.ctx.gameover === undefined) {
      this.process([{ fn: 'OnMove', label: 'endIf', automatic: true }]);
    }
  }

  /** Stage hooks and per-stage limits for the players whose stage an operation changed. */
  private afterStageChanges(before: Ctx): void {
    const changes = stageChanges(this.game, before, this.state.ctx);
    if (changes.length === 0) return;
    this.state = { G: this.state.G, ctx: applyStageLimits(this.state.ctx, changes) };
    for (const change of changes) {
      if (change.left?.config.onEnd)
        this.hook(change.left.config.onEnd, 'STAGE_ON_END', `${change.left.where}.onEnd`, change.playerID);
      if (change.entered?.config.onBegin)
        this.hook(change.entered.config.onBegin, 'STAGE_ON_BEGIN', `${change.entered.where}.onBegin`, change.playerID);
    }
  }

  /** A limit that boardgame.io enforces by ignoring the event. A direct request is rejected instead. */
  refuse(code: 'MIN_MOVES_TURN' | 'MIN_MOVES_STAGE', message: string, location?: string): void {
    (this.refusals ??= []).push({ code, message, location });
  }

  /** Made by the first refusal: most runs have none. */
  refusals: { code: 'MIN_MOVES_TURN' | 'MIN_MOVES_STAGE'; message: string; location?: string }[] | undefined;
}
