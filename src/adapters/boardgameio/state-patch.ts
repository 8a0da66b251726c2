/**
 * boardgame.io's PATCH action: a `deltaState` game's server sends the RFC
 * 6902 difference between two states, and the client applies it to a copy
 * of its own with the library boardgame.io uses. A patch that does not
 * apply (or is not a list of operations) is refused and changes nothing;
 * the client then asks for a sync.
 */
import { applyPatch, type Operation } from 'rfc6902';
import { refusal, refused, UpdateErrorType } from './action-errors';
import type { State, TransientState } from './types';

export function patchedState(state: State, patch: unknown): TransientState {
  const failed = (why: unknown) =>
    refused(state, refusal(UpdateErrorType.PatchFailed, `Patch ${JSON.stringify(patch)} apply failed`, why));
  if (!Array.isArray(patch)) return failed('a patch is a list of operations');
  const next = JSON.parse(JSON.stringify(state)) as State;
  let results: unknown[];
  try {
    results = applyPatch(next, patch as Operation[]);
  } catch (error) {
    return failed(String(error));
  }
  return results.some((result) => result !== null) ? failed(results) : next;
}
