/**
 * The `events` API handed to moves and hooks. Calls are queued, not run: the
 * flow processes them after the move or hook returns, in order, as
 * boardgame.io does. The queue also remembers which hook called an event,
 * because some hooks may not call some events.
 */
import type { Ctx, EventsAPI, FlowEventType } from './types';

export type MethodType =
  | 'MOVE'
  | 'GAME_ON_END'
  | 'PHASE_ON_BEGIN'
  | 'PHASE_ON_END'
  | 'TURN_ON_BEGIN'
  | 'TURN_ON_MOVE'
  | 'TURN_ON_END'
  | 'STAGE_ON_BEGIN'
  | 'STAGE_ON_END';

export interface QueuedEvent {
  type: FlowEventType;
  args: unknown[];
  phase: string | null;
  turn: number;
  calledFrom: MethodType | undefined;
  /** Config location of the caller, e.g. `moves.playCard` or `phases.A.onBegin`. */
  where: string | undefined;
}

export class EventQueue {
  readonly dispatch: QueuedEvent[] = [];
  readonly initialTurn: number;
  readonly maxEndedTurns: number;
  currentPhase: string | null;
  currentTurn: number;
  currentMethod: MethodType | undefined;
  currentWhere: string | undefined;
  private apiObject: EventsAPI | undefined;

  constructor(ctx: Ctx) {
    this.initialTurn = ctx.turn;
    this.currentPhase = ctx.phase;
    this.currentTurn = ctx.turn;
    // boardgame.io's bound on turn endings within one action.
    this.maxEndedTurns = ctx.numPlayers * 100;
  }

  /** Called around every move and hook so queued events record where they came from. */
  enter(ctx: Ctx, method: MethodType, where: string): void {
    this.currentPhase = ctx.phase;
    this.currentTurn = ctx.turn;
    this.currentMethod = method;
    this.currentWhere = where;
  }

  leave(): void {
    this.currentMethod = undefined;
    this.currentWhere = undefined;
  }

  api(): EventsAPI {
    return (this.apiObject ??= queuedEvents(this));
  }

  push(type: FlowEventType, args: unknown[]): void {
    this.dispatch.push({ type, args, phase: this.currentPhase, turn: this.currentTurn, calledFrom: this.currentMethod, where: this.currentWhere });
  }
}

/**
 * The `events` object user code calls: plain functions (game code may
 * destructure them, as on boardgame.io), each queuing its call with where it
 * came from.
 */
function queuedEvents(queue: EventQueue): EventsAPI {
  // Written out rather than made by a helper: the closures then share one captured scope.
  return {
    endStage: (...args: unknown[]) => queue.push('endStage', args),
    setStage: (...args: unknown[]) => queue.push('setStage', args),
    endTurn: (...args: unknown[]) => queue.push('endTurn', args),
    pass: (...args: unknown[]) => queue.push('pass', args),
    endPhase: (...args: unknown[]) => queue.push('endPhase', args),
    setPhase: (...args: unknown[]) => queue.push('setPhase', args),
    endGame: (...args: unknown[]) => queue.push('endGame', args),
    setActivePlayers: (...args: unknown[]) => queue.push('setActivePlayers', args),
  } as EventsAPI;
}
