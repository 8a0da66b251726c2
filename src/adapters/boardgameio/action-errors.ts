/**
 * How a refused action is reported, in boardgame.io's words: the
 * `transients.error` type (its ActionErrorType strings) and the line it
 * prints (`ERROR: disallowed move: X`). turnchart's typed rejection travels in
 * the error's payload.
 */
import type { ActionRejection } from '../../machines';
import { withTransients } from './state-keys';
import type { ActionError, State, TransientState } from './types';

export const ActionErrorType = {
  /** The action contained a stale state ID. */
  StaleStateId: 'action/stale_state_id',
  /** The requested move is unknown or not currently available. */
  UnavailableMove: 'action/unavailable_move',
  /** The move declared it was invalid (INVALID_MOVE). */
  InvalidMove: 'action/invalid_move',
  /** The player making the action is not currently active. */
  InactivePlayer: 'action/inactive_player',
  /** The game has finished. */
  GameOver: 'action/gameover',
  /** The requested action is disabled (undo/redo, events). */
  ActionDisabled: 'action/action_disabled',
  /** The requested action is not currently possible. */
  ActionInvalid: 'action/action_invalid',
  /** A plugin declared the action invalid. */
  PluginActionInvalid: 'action/plugin_invalid',
} as const;

export const UpdateErrorType = {
  UnauthorizedAction: 'update/unauthorized_action',
  MatchNotFound: 'update/match_not_found',
  PatchFailed: 'update/patch_failed',
} as const;

export type ErrorTypeName =
  (typeof ActionErrorType)[keyof typeof ActionErrorType] | (typeof UpdateErrorType)[keyof typeof UpdateErrorType];

/** A refusal: the error to put in `transients`, and the line to print. */
export interface Refusal {
  error: ActionError;
  message: string;
}

const PRODUCTION = typeof process !== 'undefined' && process.env?.NODE_ENV === 'production';

/** boardgame.io's `error()`: always printed. */
export function printError(message: string): void {
  console.error('ERROR:', message);
}

/** boardgame.io's `info()`: printed outside production. */
export function printInfo(message: string): void {
  if (!PRODUCTION) console.log(`INFO: ${message}`);
}

export function refusal(type: ErrorTypeName, message: string, payload?: unknown): Refusal {
  return { error: payload === undefined ? { type } : { type, payload }, message };
}

/** A refused action's result: the state as it was (with `deltalog` if given), with the error; the reason is printed. */
export function refused(state: State, why: Refusal, deltalog?: State['deltalog']): TransientState {
  printError(why.message);
  return withTransients(state, { error: why.error }, deltalog);
}

/**
 * A turnchart rejection of an action that boardgame.io's own checks let
 * through: the flow refused it while running (bad event arguments, events a
 * hook may not call, loops, user code that threw).
 */
export function refusalOf(rejection: ActionRejection, label: string, args: unknown): Refusal {
  switch (rejection.code) {
    case 'INVALID_MOVE':
      return refusal(ActionErrorType.InvalidMove, `invalid move: ${label} args: ${args}`, rejection);
    case 'EVENT_NOT_ALLOWED_HERE':
    case 'FLOW_LOOP':
      // boardgame.io's events plugin declares these actions invalid.
      return refusal(
        ActionErrorType.PluginActionInvalid,
        `events plugin declared action invalid:\n${rejection.message}`,
        {
          plugin: 'events',
          message: rejection.message,
          rejection,
        },
      );
    case 'EVENT_DISABLED':
      return refusal(ActionErrorType.ActionDisabled, rejection.message, rejection);
    case 'GAME_OVER':
      return refusal(ActionErrorType.GameOver, rejection.message, rejection);
    case 'PLAYER_NOT_ACTIVE':
      return refusal(ActionErrorType.InactivePlayer, rejection.message, rejection);
    case 'UNKNOWN_MOVE':
    case 'MOVE_NOT_ALLOWED':
      return refusal(ActionErrorType.UnavailableMove, rejection.message, rejection);
    default:
      return refusal(ActionErrorType.ActionInvalid, `${label}: ${rejection.message}`, rejection);
  }
}
