/**
 * Typed errors. A rejected action never changes the game; it yields an
 * `ActionRejection` with a stable `code` and a readable message.
 */
import { shapeAnchor } from './shape-anchor';

export type RejectionCode =
  | 'UNKNOWN_MOVE'
  | 'MOVE_NOT_ALLOWED'
  | 'PLAYER_NOT_ACTIVE'
  | 'NOT_A_SEAT'
  | 'INVALID_MOVE'
  | 'MIN_MOVES_TURN'
  | 'MIN_MOVES_STAGE'
  | 'GAME_OVER'
  | 'UNKNOWN_EVENT'
  | 'EVENT_DISABLED'
  | 'UNKNOWN_PHASE'
  | 'INVALID_STAGE'
  | 'INVALID_NEXT_PLAYER'
  | 'INVALID_ARGUMENT'
  | 'EVENT_NOT_ALLOWED_HERE'
  | 'USER_CODE_THREW'
  | 'NOT_SERIALIZABLE'
  | 'FLOW_LOOP'
  | 'INVALID_TURN_ORDER'
  | 'TIME_UP'
  | 'NO_DEADLINE_PASSED';

export interface ActionRejection {
  code: RejectionCode;
  message: string;
  /** Where in the game config the problem lies, e.g. `phases.draw.turn.onEnd`. */
  location?: string;
  /** The underlying error for USER_CODE_THREW. */
  cause?: unknown;
}

/**
 * Thrown inside the flow engine to abort a whole action; never escapes the
 * public API. Refusals are expected (a click on the wrong cell, an endTurn
 * before minMoves), so it captures no stack trace: capturing one was a large
 * share of a realistic game with refusals (docs/performance.md), and
 * the rejection's code, message and location say what and where.
 */
export class RejectedAction extends Error {
  readonly rejection: ActionRejection;
  constructor(rejection: ActionRejection) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(rejection.message);
    } finally {
      Error.stackTraceLimit = limit;
    }
    this.name = 'RejectedAction';
    this.rejection = rejection;
  }
}

/** A rejection, with `location` and `cause` only when given. */
export function rejection(code: RejectionCode, message: string, location?: string, cause?: unknown): ActionRejection {
  const made: ActionRejection = { code, message };
  if (location) made.location = location;
  if (cause !== undefined) made.cause = cause;
  return made;
}

/**
 * One rejection of each shape kept alive: `location` and `cause` are added
 * to the literal, and shapes reached that way die with their last object
 * (shape-anchor.ts), taking the optimized code of the refusal paths along.
 */
shapeAnchor().last = [
  rejection('FLOW_LOOP', '', 'here'),
  rejection('FLOW_LOOP', '', 'here', {}),
  rejection('FLOW_LOOP', '', undefined, {}),
];

/** Abort the whole action from wherever the flow is (expected refusals at the top of a request are returned instead). */
export function reject(code: RejectionCode, message: string, location?: string, cause?: unknown): never {
  throw new RejectedAction(rejection(code, message, location, cause));
}

/** Thrown by createGameMachine when a game config cannot work. */
export class GameConfigError extends Error {
  readonly location: string;
  constructor(location: string, message: string) {
    super(`${location}: ${message}`);
    this.name = 'GameConfigError';
    this.location = location;
  }
}
