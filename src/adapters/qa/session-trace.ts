/**
 * The trace of an inspector session (inspector-session.ts): the
 * requests of its timeline up to the current position (time travel back
 * leaves the ones after it out), played again on a fresh match of the same
 * game, seats, seed and setupData. Used by the stepper's `save` and the
 * inspector page's "save trace".
 */
import type { InspectorSession } from './inspector-session';
import { recordTrace } from './recorder';
import type { Trace } from './trace';

export function sessionTrace(session: InspectorSession, options: { setupData?: unknown; recordedBy: string }): Trace {
  const requests = session.requests.slice(0, session.position).map(({ request }) => request);
  return recordTrace(
    session.game,
    {
      numPlayers: session.numPlayers,
      seed: session.seed,
      setupData: options.setupData,
      recordedBy: options.recordedBy,
      ...(session.time ? { start: session.time.start } : {}),
    },
    requests,
  );
}
