/**
 * A microstep of a session's actor as the inspector page reads it: the
 * event, whether the machine raised it, and the transitions taken with the
 * rules that took them.
 */
import type { InspectionEvent } from 'xstate';
import type { SessionMessage } from './inspector-session';
import { ruleName } from './rule-name';

/** A transition xstate took in one microstep, by state node ids, with the rule (guard name) that took it. */
export interface TakenTransition {
  source: string;
  targets: string[];
  rule?: string;
}

/** A microstep as the page reads it: the event, whether the machine raised it, the transitions taken with their rules. */
export function microstepMessage(inspection: InspectionEvent): SessionMessage | undefined {
  if (inspection.type !== '@xstate.microstep') return undefined;
  const event = inspection.event as { type: string; tc?: unknown };
  const transitions = (inspection._transitions ?? []).map((transition): TakenTransition => {
    const rule = ruleName(transition.guard);
    // A turn entered again straight into its next seating is drawn as the turn's own loop.
    const seating = (transition.guard as { params?: { seating?: unknown } } | undefined)?.params?.seating;
    return {
      source: transition.source.id,
      targets:
        transition.reenter && seating !== undefined
          ? [transition.source.id]
          : (transition.target ?? []).map((target) => target.id),
      ...(rule !== undefined ? { rule } : {}),
    };
  });
  return {
    type: 'turnchart.microstep',
    sessionId: inspection.actorRef.sessionId,
    event: { type: event.type, ...(event.tc !== undefined ? { tc: event.tc } : {}) },
    raised: event.tc !== undefined,
    step: event.tc !== undefined || transitions.length > 0,
    transitions,
  };
}
