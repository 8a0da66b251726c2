/**
 * How the lobby and custom routes answer a failure: an HttpError (or an
 * error Koa or its middleware threw with a status to show, such as a body
 * too large) with its status and text; a match too busy or a store that
 * did not answer with 503; anything else with 500, logged.
 */
import { StoreTimeoutError } from './store-timeout';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export interface HttpFailure {
  status: number;
  message: string;
  /** What to log (failures that are not the client's). */
  log?: string;
}

/** Errors of http-errors (what `ctx.throw` and Koa's middleware throw) say whether their message may be shown. */
const exposed = (error: unknown): error is { status: number; message: string } =>
  error instanceof Error &&
  (error as { expose?: unknown }).expose === true &&
  typeof (error as { status?: unknown }).status === 'number';

export function httpFailure(error: unknown, where: string): HttpFailure {
  if (error instanceof HttpError || exposed(error)) return { status: error.status, message: error.message };
  // A match with too many requests waiting refuses more (live-matches.ts).
  if ((error as { error?: unknown } | null)?.error === 'busy')
    return { status: 503, message: 'Service Unavailable: too many requests for this match' };
  if (error instanceof StoreTimeoutError)
    return {
      status: 503,
      message: 'Service Unavailable: the match store did not answer in time',
      log: `turnchart server: ${where} failed: ${error.message}`,
    };
  return {
    status: 500,
    message: 'Internal Server Error',
    log: `turnchart server: ${where} failed: ${(error as Error)?.stack ?? String(error)}`,
  };
}
