/**
 * Which queued event may run, as boardgame.io's events plugin decides: some
 * hooks may not call some events (the action is refused), and an event queued
 * in a turn or phase that has since ended is skipped.
 */
import { reject } from './errors';
import type { QueuedEvent } from './event-queue';
import type { Ctx, FlowEventType } from './types';
import { FLOW_EVENT_TYPES } from './types';

const SEAT_EVENTS = new Set<FlowEventType>(['endStage', 'setStage', 'setActivePlayers']);

const callerOf = (event: QueuedEvent) => event.where ?? 'an endIf or turn-order function';

/** Events may be called only from moves and hooks: one from an endIf or turn-order function refuses the action. */
export function assertCalledFromHook(event: QueuedEvent): void {
  if (event.calledFrom === undefined) {
    reject(
      'EVENT_NOT_ALLOWED_HERE',
      `events.${event.type} was called from ${callerOf(event)}; events may be called only from moves and the onBegin, onEnd and onMove hooks`,
      event.where,
    );
  }
}

/** False when the event is stale and skipped; throws when its hook may not call it. */
export function mayRunQueuedEvent(event: QueuedEvent, ctx: Ctx): boolean {
  const caller = callerOf(event);
  const refuse = (message: string): never => reject('EVENT_NOT_ALLOWED_HERE', message, event.where);
  if (!FLOW_EVENT_TYPES.includes(event.type)) return false;
  const turnHasEnded = event.turn !== ctx.turn;
  if (SEAT_EVENTS.has(event.type)) {
    if (event.calledFrom === 'STAGE_ON_BEGIN' || event.calledFrom === 'STAGE_ON_END') {
      refuse(
        `events.${event.type} is not allowed in a stage's onBegin or onEnd (called from ${caller}): the stage is already changing`,
      );
    }
    if (event.calledFrom === 'TURN_ON_END' || event.calledFrom === 'PHASE_ON_END') {
      refuse(`events.${event.type} is not allowed in onEnd hooks (called from ${caller})`);
    }
    if (event.calledFrom === 'PHASE_ON_BEGIN') {
      refuse(
        `events.${event.type} is not allowed in a phase's onBegin (called from ${caller}); use turn.activePlayers or turn.onBegin`,
      );
    }
    if (event.calledFrom === 'TURN_ON_BEGIN' && event.type !== 'setActivePlayers') {
      refuse(`events.${event.type} is not allowed in turn.onBegin (called from ${caller}); use setActivePlayers`);
    }
    return !turnHasEnded;
  }
  if (event.type === 'endTurn') {
    if (event.calledFrom === 'TURN_ON_END' || event.calledFrom === 'PHASE_ON_END') {
      refuse(`events.endTurn is not allowed in onEnd hooks: the turn is already ending (called from ${caller})`);
    }
    return !turnHasEnded;
  }
  if (event.type === 'endPhase' || event.type === 'setPhase') {
    if (event.calledFrom === 'PHASE_ON_END') {
      refuse(`events.${event.type} is not allowed in a phase's onEnd (called from ${caller}); use the phase's next`);
    }
    return event.phase === ctx.phase;
  }
  return true;
}
