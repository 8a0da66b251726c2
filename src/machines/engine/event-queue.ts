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
  | 'STAGE_ON_END'
  | 'ON_TIMEOUT';

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
    // Each call is queued with where it came from.
    return (this.apiObject ??= eventFunctions((type, args) => this.push(type, args)));
  }

  push(type: FlowEventType, args: unknown[]): void {
    this.dispatch.push({
      type,
      args,
      phase: this.currentPhase,
      turn: this.currentTurn,
      calledFrom: this.currentMethod,
      where: this.currentWhere,
    });
  }
}

/**
 * boardgame.io's `events` object: plain functions (game code may destructure
 * them, in boardgame.io's key order), each handing its call to `call`. The
 * engine's queue and the boardgame.io adapter's call tape both build theirs
 * here. Written out rather than made in a loop: the closures then share one
 * captured scope.
 */
export function eventFunctions(call: (type: FlowEventType, args: unknown[]) => unknown): EventsAPI {
  return {
    endStage: (...args: unknown[]) => call('endStage', args),
    setStage: (...args: unknown[]) => call('setStage', args),
    endTurn: (...args: unknown[]) => call('endTurn', args),
    pass: (...args: unknown[]) => call('pass', args),
    endPhase: (...args: unknown[]) => call('endPhase', args),
    setPhase: (...args: unknown[]) => call('setPhase', args),
    endGame: (...args: unknown[]) => call('endGame', args),
    setActivePlayers: (...args: unknown[]) => call('setActivePlayers', args),
  } as EventsAPI;
}
