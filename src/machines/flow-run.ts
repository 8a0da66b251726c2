/**
 * One action (a move, a flow event, or the start of the game) worked out on
 * G and ctx, with boardgame.io 0.50.2's order: the flow operations an event
 * causes run as a chain; after each operation the game, phase and turn
 * `endIf`s are checked (in that order) and may start an automatic event;
 * events that moves and hooks queued run afterwards, one by one.
 *
 * The run also records *steps*: each chain is one step, named after the event
 * that started it (`endTurn`, `setStage`, `move.playCard`, ...). The machine
 * replays the steps as named transitions, so an inspector shows
 * `endTurn: turn -> turn` and `setStage: idle -> discard`.
 */
import { withCtx } from './ctx-copy';
import { describe, setActivePlayers, updateActivePlayersOnceEmpty, withoutSeat } from './active-players';
import { phaseOf, type CompiledGame, type CompiledPhase } from './config';
import { reject } from './errors';
import { EventQueue } from './event-queue';
import { countsTowardLimits, getMove, moveFunction } from './moves';
import { RandomSource, type RandomState } from './random';
import { initTurnOrder, nextTurnOrder } from './turn-order';
import type { Ctx, FlowEventType, PlayerID, TriggerContext } from './types';
import { INVALID_MOVE_VALUE } from './types';
import { applyStageLimits, stageChanges } from './stage-changes';
import { checkEndTurnArg, checkPhaseName, checkStageArg } from './flow-arguments';
import { assertCalledFromHook, mayRunQueuedEvent } from './queued-event-rules';
import { clonePlain, createEnv, findUnserializable, runOnDraft, runTrigger, type UserCodeEnv } from './user-code';

export interface FlowState {
  G: any;
  ctx: Ctx;
}

/** What the chart does for one step. */
export type StepEffect = 'seats' | 'restartTurn' | 'enterPhase' | 'gameover';

export interface Step {
  /** The transition's event type: a flow event name or `move.<name>`. */
  type: string;
  automatic: boolean;
  playerID?: PlayerID;
  effect: StepEffect;
  /** G and ctx once the step's chain is done. */
  state: FlowState;
  /** Which rule chose where the step leads (see StepRoute); set with the effect it explains. */
  route: StepRoute | undefined;
}

/**
 * The rule that chose a step's destination, read by the chart's guards:
 * - a phase change: the phase's `next` after a call (`next`) or after its
 *   `endIf` fired (`endIf`), an `endIf` returning `{ next }`, a `setPhase`
 *   argument, or boardgame.io's loop stop (the same phase ended twice in one
 *   action: no phase);
 * - a turn restart: the turn order's `next` after a call (`order`), after the
 *   turn's `endIf` (`endIf`) or `maxMoves` (`maxMoves`), an `endTurn`/`pass`
 *   argument, or the turn's `endIf` returning `{ next }`;
 * - the game's end: the game's `endIf`, or an `endGame` call.
 */
export type StepRoute = 'next' | 'endIf' | 'endIfNext' | 'setPhase' | 'loop' | 'order' | 'argument' | 'maxMoves' | 'endGame';

const EFFECT_RANK: readonly StepEffect[] = ['seats', 'restartTurn', 'enterPhase', 'gameover'];

export type Request =
  | { kind: 'move'; move: string; args: unknown[]; playerID: PlayerID }
  | { kind: 'event'; event: FlowEventType; args: unknown[]; playerID: PlayerID };

export interface RunResult {
  state: FlowState;
  random: RandomState;
  steps: Step[];
}

type OpFn =
  | 'StartGame'
  | 'StartPhase'
  | 'StartTurn'
  | 'UpdatePhase'
  | 'UpdateTurn'
  | 'UpdateStage'
  | 'UpdateActivePlayers'
  | 'EndGame'
  | 'EndPhase'
  | 'EndTurn'
  | 'EndStage'
  | 'OnMove';

interface Op {
  fn: OpFn;
  arg?: any;
  turn?: number;
  phase?: string | null;
  automatic?: boolean;
  force?: boolean;
  playerID?: PlayerID;
  currentPlayer?: PlayerID;
  /** Set on operations an earlier operation chained (`next` in boardgame.io). */
  chained?: boolean;
  /** Step name for an operation that starts a step. */
  label?: string;
  /** Config location of the trigger that started it (an automatic endPhase's endIf). */
  source?: string;
  /** StartTurn: the rule that chose its player. */
  route?: StepRoute;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Bound on flow operations per action: a game whose endIf/next cycle never settles is stopped here. */
const MAX_OPS_PER_ACTION = 10_000;

/** One action being worked out. Use it through flow-request.ts. */
export class FlowRun {
  private readonly env: UserCodeEnv;
  private readonly queue: EventQueue;
  private readonly steps: Step[] = [];
  private current: Step | undefined;
  private ops = 0;
  private flushed = 0;

  constructor(
    private readonly game: CompiledGame,
    private state: FlowState,
    random: RandomState,
    private readonly actor: PlayerID | undefined,
  ) {
    this.queue = new EventQueue(state.ctx);
    this.env = createEnv(this.queue, new RandomSource(random));
  }

  result(): RunResult {
    return { state: this.state, random: this.env.random.state, steps: this.steps };
  }

  // ---------------------------------------------------------------- entry points

  start(): void {
    this.process([{ fn: 'StartGame', label: 'startGame' }]);
    this.flushQueuedEvents();
  }

  move(name: string, args: unknown[]): void {
    const { ctx } = this.state;
    const playerID = this.actor!;
    const source = getMove(this.game, ctx, name, playerID)!;
    const G = runOnDraft(this.env, moveFunction(source.move), this.state.G, ctx, playerID, 'MOVE', source.where, args);
    if (G === INVALID_MOVE_VALUE) {
      reject('INVALID_MOVE', `move ${name} returned INVALID_MOVE (args: ${describe(args)})`, source.where);
    }
    this.state = { G, ctx: this.state.ctx };
    this.processMove(name, playerID, countsTowardLimits(source.move));
    this.flushQueuedEvents();
  }

  /** A flow event requested by a player; events queued by hooks run afterwards. */
  request(type: FlowEventType, args: unknown[]): void {
    this.event(type, args);
    this.flushQueuedEvents();
  }

  private event(type: FlowEventType, args: unknown[], automatic = false): void {
    // Event arguments end up in ctx (gameover, stage configs): they must survive a persist and restore.
    const problem = findUnserializable(args, 'args');
    if (problem) reject('INVALID_ARGUMENT', `${type}: arguments must be plain data; ${problem}`);
    // ctx keeps what the event was given (gameover, next sets): a copy, so the caller cannot change it later.
    args = args.length === 0 || args.every((a) => a === null || typeof a !== 'object') ? args : clonePlain(args);
    const ctx = this.state.ctx;
    const playerID = this.actor;
    const arg = args[0];
    // Every operation an event starts has one shape (an object spread per call made many).
    const start = (fn: OpFn, opArg: unknown, opPlayerID: PlayerID | undefined, force: boolean): void =>
      this.process([{ fn, arg: opArg, playerID: opPlayerID, force, turn: ctx.turn, phase: ctx.phase, label: type, automatic }]);
    switch (type) {
      case 'endStage':
        return start('EndStage', undefined, playerID, false);
      case 'setStage':
        checkStageArg(arg);
        return start('EndStage', arg, playerID, false);
      case 'setActivePlayers':
        return start('UpdateActivePlayers', arg, undefined, false);
      case 'endTurn':
        checkEndTurnArg(this.state.ctx, arg, 'endTurn');
        return start('EndTurn', arg, undefined, false);
      case 'pass':
        checkEndTurnArg(this.state.ctx, arg, 'pass');
        return start('EndTurn', arg, undefined, true);
      case 'endPhase':
        // 0.50.2 ignores endPhase's argument; a `next` naming no phase is still refused.
        if (arg && typeof arg === 'object' && 'next' in arg) checkPhaseName(this.game, (arg as { next: unknown }).next, 'endPhase({ next })');
        return start('EndPhase', undefined, undefined, false);
      case 'setPhase':
        checkPhaseName(this.game, arg, 'setPhase');
        return start('EndPhase', { next: arg }, undefined, false);
      case 'endGame':
        return start('EndGame', arg, undefined, false);
    }
  }

  // ---------------------------------------------------------------- queued events

  /** Events called by moves and hooks, in order, as boardgame.io's events plugin runs them. */
  private flushQueuedEvents(): void {
    const queue = this.queue;
    // A cursor, not a fresh loop: with `ordering: 'events-first'` the queue is flushed twice per move.
    for (; this.flushed < queue.dispatch.length; this.flushed++) {
      const event = queue.dispatch[this.flushed];
      const ctx = this.state.ctx;
      if (queue.currentTurn - queue.initialTurn >= queue.maxEndedTurns) {
        reject('FLOW_LOOP', `more than ${queue.maxEndedTurns} turns ended in one action; game code keeps ending turns`, event.where);
      }
      assertCalledFromHook(event);
      // boardgame.io tests gameover for truthiness here: events queued after endGame(false) still run.
      if (ctx.gameover) break;
      if (!mayRunQueuedEvent(event, ctx)) continue;
      try {
        this.event(event.type, event.args, true);
      } catch (error) {
        if (error instanceof Error && 'rejection' in error && event.where) {
          const rejection = (error as any).rejection;
          rejection.message = `${rejection.message} (events.${event.type} called from ${event.where})`;
          rejection.location ??= event.where;
        }
        throw error;
      }
    }
  }

  // ---------------------------------------------------------------- the process loop

  private process(entries: Op[]): void {
    let phasesEnded: Set<string | null> | undefined;
    // `entries` are the caller's fresh array: the loop appends to it, as boardgame.io's Process does.
    const list = entries;
    for (let i = 0; i < list.length; i++) {
      const op = list[i];
      if (++this.ops > MAX_OPS_PER_ACTION) {
        reject('FLOW_LOOP', `the flow did not settle after ${MAX_OPS_PER_ACTION} operations; check endIf conditions and next functions`);
      }
      if (!op.chained) this.beginStep(op);
      if (op.fn === 'EndPhase') {
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
      const next: Op[] = [];
      const before = this.state.ctx;
      this.runOp(op, next);
      if (this.game.stageFeatures) this.afterStageChanges(before);
      this.endStep();
      if (op.fn === 'EndGame') break;
      const endGame = this.shouldEndGame();
      if (endGame) {
        list.push({ fn: 'EndGame', arg: endGame, turn: this.state.ctx.turn, phase: this.state.ctx.phase, automatic: true, label: 'endGame', source: 'endIf' });
        continue;
      }
      const endPhase = this.shouldEndPhase();
      if (endPhase) {
        const source = `${this.phase().where}.endIf`;
        list.push({ fn: 'EndPhase', arg: endPhase, turn: this.state.ctx.turn, phase: this.state.ctx.phase, automatic: true, label: 'endPhase', source });
        continue;
      }
      if (op.fn === 'OnMove' || op.fn === 'UpdateStage' || op.fn === 'UpdateActivePlayers') {
        const stageEnd = this.game.stageFeatures ? this.shouldEndStage() : undefined;
        if (stageEnd !== undefined) {
          // Forced: a stage's endIf ends it even before its minMoves (else it would fire again and again).
          list.push({ fn: 'EndStage', playerID: stageEnd, automatic: true, force: true, label: 'endStage', turn: this.state.ctx.turn, phase: this.state.ctx.phase });
          continue;
        }
        const endTurn = this.shouldEndTurn();
        if (endTurn) {
          const turn = this.phase().turn;
          const source = turn.maxMoves && (this.state.ctx.numMoves || 0) >= turn.maxMoves ? `${turn.where}.maxMoves` : `${turn.where}.endIf`;
          list.push({ fn: 'EndTurn', arg: endTurn, turn: this.state.ctx.turn, phase: this.state.ctx.phase, automatic: true, label: 'endTurn', source });
          continue;
        }
      }
      // runOp made these operations just now: mark them in place.
      for (const n of next) {
        n.chained = true;
        list.push(n);
      }
    }
  }

  private runOp(op: Op, next: Op[]): void {
    switch (op.fn) {
      case 'StartGame':
        next.push({ fn: 'StartPhase' });
        return;
      case 'StartPhase':
        return this.startPhase(next);
      case 'StartTurn':
        return this.startTurn(op);
      case 'UpdatePhase':
        return this.updatePhase(op, next);
      case 'UpdateTurn':
        return this.updateTurn(op, next);
      case 'UpdateStage':
        return this.updateStage(op);
      case 'UpdateActivePlayers':
        this.state = { G: this.state.G, ctx: setActivePlayers(this.state.ctx, op.arg) };
        return;
      case 'EndGame':
        return this.endGame(op);
      case 'EndPhase':
        return this.endPhase(op, next);
      case 'EndTurn':
        return this.endTurn(op, next);
      case 'EndStage':
        return this.endStage(op, next);
      case 'OnMove':
        return;
    }
  }

  // ---------------------------------------------------------------- steps

  private beginStep(op: Op): void {
    // One shape for every step (playerID undefined when no player acts): steps are read in hot loops.
    this.current = { type: op.label ?? op.fn, automatic: op.automatic === true, playerID: this.actor, effect: 'seats', state: this.state, route: undefined };
    this.steps.push(this.current);
  }

  private endStep(): void {
    if (this.current) this.current.state = this.state;
  }

  /** A step's effect only grows: seats < restartTurn < enterPhase < gameover; the route is the rule behind the latest. */
  private markEffect(effect: StepEffect, route?: StepRoute): void {
    const current = this.current;
    if (current === undefined) return;
    const rank = EFFECT_RANK.indexOf(effect);
    const currentRank = EFFECT_RANK.indexOf(current.effect);
    if (rank > currentRank) current.effect = effect;
    if (route !== undefined && rank >= currentRank) current.route = route;
  }

  // ---------------------------------------------------------------- user code helpers

  private phase(ctx: Ctx = this.state.ctx): CompiledPhase {
    return phaseOf(this.game, ctx.phase);
  }

  private hook(fn: ((c: any) => unknown) | undefined, method: Parameters<typeof runOnDraft>[5], where: string, playerID?: PlayerID): void {
    if (!fn) return;
    const G = runOnDraft(this.env, fn, this.state.G, this.state.ctx, playerID, method, where);
    this.state = { G, ctx: this.state.ctx };
  }

  private trigger<R>(fn: ((c: TriggerContext) => R) | undefined, where: string): R | undefined {
    if (!fn) return undefined;
    return runTrigger(this.env, fn, this.state.G, this.state.ctx, where);
  }

  private readonly callOrder = <R>(fn: (c: TriggerContext) => R, ctx: Ctx, where: string): R =>
    runTrigger(this.env, fn, this.state.G, ctx, where);

  // ---------------------------------------------------------------- checks

  private shouldEndGame(): unknown {
    return this.trigger(this.game.endIf, 'endIf');
  }

  private shouldEndPhase(): unknown {
    const phase = this.phase();
    return this.trigger(phase.endIf, `${phase.where}.endIf`);
  }

  private shouldEndTurn(): unknown {
    const turn = this.phase().turn;
    const numMoves = this.state.ctx.numMoves || 0;
    if (turn.maxMoves && numMoves >= turn.maxMoves) return true;
    return this.trigger(turn.endIf, `${turn.where}.endIf`);
  }

  // ---------------------------------------------------------------- operations

  private startPhase(next: Op[]): void {
    const phase = this.phase();
    this.hook(phase.onBegin, 'PHASE_ON_BEGIN', `${phase.where}.onBegin`);
    next.push({ fn: 'StartTurn' });
  }

  private startTurn(op: Op): void {
    const turn = this.phase().turn;
    let ctx = this.state.ctx;
    if (op.currentPlayer) {
      ctx = withCtx(ctx, { currentPlayer: op.currentPlayer });
      if (turn.activePlayers) ctx = setActivePlayers(ctx, turn.activePlayers, `${turn.where}.activePlayers`);
    } else {
      ctx = initTurnOrder(ctx, turn.order, this.callOrder, `${turn.where}.order`);
      ctx = setActivePlayers(ctx, turn.activePlayers || {}, `${turn.where}.activePlayers`);
    }
    ctx = withCtx(ctx, { turn: ctx.turn + 1, numMoves: 0, _prevActivePlayers: [] });
    this.state = { G: this.state.G, ctx };
    this.markEffect('restartTurn', op.route ?? 'order');
    this.hook(turn.onBegin, 'TURN_ON_BEGIN', `${turn.where}.onBegin`);
  }

  private updatePhase(op: Op, next: Op[]): void {
    const phase = phaseOf(this.game, op.phase ?? null);
    let name: unknown;
    let route: StepRoute = 'next';
    if (op.arg && op.arg.next) {
      const source = op.source ?? 'setPhase';
      checkPhaseName(this.game, op.arg.next, `${source} gave { next }`, op.source);
      name = op.arg.next;
      route = op.source === undefined ? 'setPhase' : 'endIfNext';
    } else {
      if (op.source !== undefined) route = 'endIf';
      name = this.trigger(phase.next, `${phase.where}.next`) || null;
      // A static `next` naming no phase is a latent config mistake (config.ts), refused here when reached.
      const said = phase.staticNext !== undefined ? `${phase.where}.next` : `${phase.where}.next returned a name`;
      if (name !== null) checkPhaseName(this.game, name, said, `${phase.where}.next`);
    }
    this.state = { G: this.state.G, ctx: withCtx(this.state.ctx, { phase: name as string | null }) };
    this.markEffect('enterPhase', route);
    next.push({ fn: 'StartPhase' });
  }

  private updateTurn(op: Op, next: Op[]): void {
    const turn = this.phase().turn;
    const { ctx, endPhase } = nextTurnOrder(this.state.ctx, op.currentPlayer!, turn.order, op.arg, this.callOrder, `${turn.where}.order`);
    this.state = { G: this.state.G, ctx };
    if (endPhase) next.push({ fn: 'EndPhase', turn: ctx.turn, phase: ctx.phase });
    else {
      const chosen = op.arg && op.arg !== true;
      const automatic: StepRoute = op.source?.endsWith('.maxMoves') ? 'maxMoves' : 'endIf';
      const route: StepRoute = op.source === undefined ? (chosen ? 'argument' : 'order') : chosen ? 'endIfNext' : automatic;
      next.push({ fn: 'StartTurn', currentPlayer: ctx.currentPlayer, route });
    }
  }

  private updateStage(op: Op): void {
    let arg = op.arg;
    if (typeof arg === 'string' || arg === null) arg = { stage: arg };
    if (typeof arg !== 'object') return;
    if (arg.stage === undefined) return;
    const playerID = op.playerID!;
    const ctx = this.state.ctx;
    const maxMoves = arg.moveLimit || arg.maxMoves;
    const activePlayers = { ...(ctx.activePlayers ?? {}), [playerID]: arg.stage };
    const numMoves = { ...(ctx._activePlayersNumMoves ?? {}), [playerID]: 0 };
    let minLimits = ctx._activePlayersMinMoves ?? null;
    let maxLimits = ctx._activePlayersMaxMoves ?? null;
    if (arg.minMoves) minLimits = { ...(minLimits ?? {}), [playerID]: arg.minMoves };
    if (maxMoves) maxLimits = { ...(maxLimits ?? {}), [playerID]: maxMoves };
    this.state = {
      G: this.state.G,
      ctx: withCtx(ctx, { activePlayers, _activePlayersNumMoves: numMoves, _activePlayersMinMoves: minLimits, _activePlayersMaxMoves: maxLimits }),
    };
  }

  private endGame(op: Op): void {
    this.endPhase({ fn: 'EndPhase', phase: op.phase }, undefined);
    const gameover = op.arg === undefined ? true : op.arg;
    this.state = { G: this.state.G, ctx: withCtx(this.state.ctx, { gameover }) };
    this.markEffect('gameover', op.source === 'endIf' ? 'endIf' : 'endGame');
    this.hook(this.game.onEnd, 'GAME_ON_END', 'onEnd');
  }

  private endPhase(op: Op, next: Op[] | undefined): void {
    this.endTurn({ fn: 'EndTurn', turn: op.turn, force: true, automatic: true }, undefined);
    const { phase } = this.state.ctx;
    if (next) next.push({ fn: 'UpdatePhase', arg: op.arg, phase, ...(op.source ? { source: op.source } : {}) });
    this.markEffect('enterPhase');
    if (phase === null) return;
    const config = this.phase();
    this.hook(config.onEnd, 'PHASE_ON_END', `${config.where}.onEnd`);
    this.state = { G: this.state.G, ctx: withCtx(this.state.ctx, { phase: null }) };
  }

  private endTurn(op: Op, next: Op[] | undefined): void {
    if (op.turn !== this.state.ctx.turn) return;
    const before = this.state;
    const { currentPlayer, numMoves, turn: turnNumber, phase } = this.state.ctx;
    const turn = this.phase().turn;
    if (!op.force && turn.minMoves && (numMoves || 0) < turn.minMoves) {
      this.refuse('MIN_MOVES_TURN', `cannot end the turn before making ${plural(turn.minMoves, 'move')} (made ${numMoves || 0})`, `${turn.where}.minMoves`);
      return;
    }
    this.hook(turn.onEnd, 'TURN_ON_END', `${turn.where}.onEnd`);
    if (next) next.push({ fn: 'UpdateTurn', arg: op.arg, currentPlayer, ...(op.source ? { source: op.source } : {}) });
    let ctx: Ctx = withCtx(this.state.ctx, { activePlayers: null });
    if (op.arg && op.arg.remove) {
      const removed = op.playerID || currentPlayer;
      const playOrder = ctx.playOrder.filter((id) => id != removed);
      const playOrderPos = ctx.playOrderPos > playOrder.length - 1 ? 0 : ctx.playOrderPos;
      ctx = withCtx(ctx, { playOrder, playOrderPos });
      if (playOrder.length === 0) {
        // boardgame.io drops this turn end's changes (its quirk); the phase then ends.
        next?.push({ fn: 'EndPhase', turn: turnNumber, phase });
        this.state = before;
        return;
      }
    }
    this.state = { G: this.state.G, ctx };
  }

  private endStage(op: Op, next: Op[]): void {
    const ctx = this.state.ctx;
    const playerID = op.playerID || ctx.currentPlayer;
    const active = ctx.activePlayers;
    const inStage = active !== null && Object.prototype.hasOwnProperty.call(active, playerID);
    let arg = op.arg;
    if (!arg && inStage) {
      const stages = this.phase().turn.stages;
      const stage = active![playerID];
      if (stage !== null && Object.prototype.hasOwnProperty.call(stages, stage) && stages[stage].next) arg = stages[stage].next;
    }
    next.push({ fn: 'UpdateStage', arg, playerID });
    if (!inStage) return;
    const moves = (ctx._activePlayersNumMoves ?? {})[playerID] || 0;
    const min = ctx._activePlayersMinMoves;
    if (!op.force && min && min[playerID] && moves < min[playerID]) {
      this.refuse('MIN_MOVES_STAGE', `player ${playerID} cannot end the stage before making ${plural(min[playerID], 'move')} (made ${moves})`);
      return;
    }
    const remaining = withoutSeat(active!, playerID, ctx.numPlayers);
    let minLimits = ctx._activePlayersMinMoves ?? null;
    let maxLimits = ctx._activePlayersMaxMoves ?? null;
    if (minLimits) {
      minLimits = { ...minLimits };
      delete minLimits[playerID];
    }
    if (maxLimits) {
      maxLimits = { ...maxLimits };
      delete maxLimits[playerID];
    }
    const after = withCtx(ctx, { activePlayers: remaining.copy, _activePlayersMinMoves: minLimits, _activePlayersMaxMoves: maxLimits });
    // Only an emptied set changes further (to `next`, the reverted set, or null).
    this.state = { G: this.state.G, ctx: remaining.empty ? updateActivePlayersOnceEmpty(after) : after };
  }

  /** boardgame.io's ProcessMove: count the move, apply maxMoves, run turn.onMove, then check endIfs. */
  private processMove(name: string, playerID: PlayerID, counts: boolean): void {
    let ctx = this.state.ctx;
    if (counts) {
      const numMoves = playerID === ctx.currentPlayer ? (ctx.numMoves ?? 0) + 1 : ctx.numMoves;
      const perPlayer = ctx.activePlayers
        ? { ...(ctx._activePlayersNumMoves ?? {}), [playerID]: ((ctx._activePlayersNumMoves ?? {})[playerID] as number) + 1 }
        : ctx._activePlayersNumMoves;
      ctx = withCtx(ctx, { numMoves, _activePlayersNumMoves: perPlayer });
    }
    this.state = { G: this.state.G, ctx };
    const max = ctx._activePlayersMaxMoves;
    if (max && (ctx._activePlayersNumMoves ?? {})[playerID] >= max[playerID]) {
      this.endStage({ fn: 'EndStage', playerID, automatic: true }, []);
      if (this.game.stageFeatures) this.afterStageChanges(ctx);
    }
    const turn = this.phase().turn;
    this.hook(turn.onMove, 'TURN_ON_MOVE', `${turn.where}.onMove`, playerID);
    if (!this.game.eventsFirst) {
      this.process([{ fn: 'OnMove', label: `move.${name}`, playerID }]);
      return;
    }
    // ordering: 'events-first': the move's queued events, then the endIf checks (docs/semantics.md).
    const turnBefore = this.state.ctx.turn;
    this.beginStep({ fn: 'OnMove', label: `move.${name}`, playerID });
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
      if (change.left?.config.onEnd) this.hook(change.left.config.onEnd, 'STAGE_ON_END', `${change.left.where}.onEnd`, change.playerID);
      if (change.entered?.config.onBegin) this.hook(change.entered.config.onBegin, 'STAGE_ON_BEGIN', `${change.entered.where}.onBegin`, change.playerID);
    }
  }

  /** The first player (in seat order) whose declared stage's endIf is truthy. */
  private shouldEndStage(): PlayerID | undefined {
    const { ctx } = this.state;
    if (!ctx.activePlayers) return undefined;
    const turn = this.phase().turn;
    for (const [playerID, stage] of Object.entries(ctx.activePlayers)) {
      if (stage === null || !Object.prototype.hasOwnProperty.call(turn.stages, stage)) continue;
      const endIf = turn.stages[stage].endIf;
      if (!endIf) continue;
      const where = `${turn.where}.stages.${stage}.endIf`;
      const fire = runTrigger(this.env, (c: TriggerContext) => endIf({ ...c, playerID }), this.state.G, ctx, where);
      if (fire) return playerID;
    }
    return undefined;
  }

  /** A limit that boardgame.io enforces by ignoring the event. A direct request is rejected instead. */
  private refuse(code: 'MIN_MOVES_TURN' | 'MIN_MOVES_STAGE', message: string, location?: string): void {
    this.refusals.push({ code, message, location });
  }

  readonly refusals: { code: 'MIN_MOVES_TURN' | 'MIN_MOVES_STAGE'; message: string; location?: string }[] = [];
}
