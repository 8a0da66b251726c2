/**
 * Arguments of flow events, checked before anything runs (turnchart's policy:
 * boardgame.io 0.50.2 half-applies bad names and values, turnchart refuses
 * the whole action with a typed reason).
 */
import { assertSeat, assertStageName } from './active-players';
import { describe } from './describe-value';
import type { CompiledGame } from './config';
import { reject } from './errors';
import type { Ctx } from './types';

/** `setStage(stage)` or `setStage({ stage, minMoves?, maxMoves? })`. */
export function checkStageArg(arg: unknown): void {
  if (Array.isArray(arg))
    reject('INVALID_ARGUMENT', 'setStage: expected a stage name or { stage, minMoves?, maxMoves? }, got an array');
  if (arg !== null && typeof arg === 'object') {
    if (!('stage' in arg))
      reject(
        'INVALID_ARGUMENT',
        `setStage: the long form needs a stage: { stage, minMoves?, maxMoves? }, got ${describe(arg)}`,
      );
    assertStageName((arg as { stage?: unknown }).stage, 'setStage({ stage })');
    return;
  }
  assertStageName(arg, 'setStage');
}

/** `endTurn` / `pass` with nothing, `{ next }` (a seat in playOrder) or `{ remove }`. */
export function checkEndTurnArg(ctx: Ctx, arg: unknown, type: string): void {
  if (arg === undefined || arg === null || arg === true) return;
  if (typeof arg !== 'object' || Array.isArray(arg)) {
    reject('INVALID_ARGUMENT', `${type}: expected { next } or { remove }, got ${describe(arg)}`);
  }
  for (const key of Object.keys(arg)) {
    if (key !== 'next' && key !== 'remove') reject('INVALID_ARGUMENT', `${type}: unknown option "${key}"`);
  }
  const next = (arg as { next?: unknown }).next;
  if (next !== undefined) {
    assertSeat(ctx, next, `${type}({ next })`);
    if (!ctx.playOrder.includes(next)) {
      reject(
        'INVALID_NEXT_PLAYER',
        `${type}({ next: "${next}" }): that player is not in playOrder ${JSON.stringify(ctx.playOrder)}`,
      );
    }
  }
}

/** A phase name that exists in the game. */
export function checkPhaseName(
  game: CompiledGame,
  name: unknown,
  where: string,
  location?: string,
): asserts name is string {
  if (typeof name !== 'string' || !game.phases.has(name)) {
    reject(
      'UNKNOWN_PHASE',
      `${where}: there is no phase ${describe(name)} (phases: ${[...game.phases.keys()].join(', ') || 'none'})`,
      location,
    );
  }
}
