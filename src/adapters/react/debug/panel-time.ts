/**
 * The debug panel on a game with time limits: the countdown it sends the
 * page (each seat's remaining time on the client's clock), its "expire now"
 * (a local client applies the next deadline at once; a multiplayer match's
 * master keeps its time), and a local timeout's line in the log.
 */
import { nextDeadline } from '../../../machines';
import * as actions from '../../boardgameio/action-creators';
import type { TurnchartClient } from '../../boardgameio/client';
import type { Action, State, TransientState } from '../../boardgameio/types';
import type { TimeMessage } from '../../qa/session-time';
import type { ReportedLine } from './master-steps';

/** What the page shows of time, at the client's time; `running` while the panel stands at the present. */
export function timeMessage(client: TurnchartClient, state: State, present: boolean): TimeMessage | undefined {
  const seats = client.timeLeft();
  if (!seats) return undefined;
  const next = nextDeadline(state.ctx);
  const running = present && state.ctx.gameover === undefined;
  return { type: 'turnchart.time', now: client.now(), running, seats, ...(next ? { next } : {}) };
}

/** QA's "expire now": a local client applies the next deadline of `state` at once. */
export function expire(client: TurnchartClient, state: State): void {
  const next = client.multiplayer ? undefined : nextDeadline(state.ctx);
  if (next) client.store.dispatch(actions.timeout(next.at));
}

/** A local timeout the client accepted, as the log's line (its steps: the events it logged). */
export function timedOut(action: Action, after: TransientState): ReportedLine | undefined {
  if (action.type !== actions.TIMEOUT || after.transients?.error !== undefined) return undefined;
  const steps = (after.deltalog ?? []).map((entry) => String(entry.action.payload.type));
  return { request: { type: 'timeout', playerID: '', args: [] }, steps };
}
