/**
 * A flow event (`endTurn`, `setStage`, ...), requested by a player or
 * queued by a move or hook: its arguments checked and copied, then the
 * operation boardgame.io starts for it.
 */
import { checkEndTurnArg, checkPhaseName, checkStageArg } from './flow-arguments';
import type { FlowHost, OpFn } from './flow-steps';
import { reject } from './errors';
import type { FlowEventType, PlayerID } from './types';
import { findUnserializable } from './serializable';
import { clonePlain } from './user-code';

/** A value that JSON keeps as it is: nothing to check below it, nothing to copy. */
const isJsonLeaf = (value: unknown): boolean =>
  value === null ||
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value));

function allJsonLeaves(args: unknown[]): boolean {
  for (let i = 0; i < args.length; i++) if (!isJsonLeaf(args[i])) return false;
  return true;
}

export function startFlowEvent(run: FlowHost, type: FlowEventType, args: unknown[], automatic = false): void {
  // A queued event's arguments are the events API's rest parameter (indices only); most are a stage name or none.
  const leaves = allJsonLeaves(args);
  if (!(automatic && leaves)) {
    // Event arguments end up in ctx (gameover, stage configs): they must survive a persist and restore.
    const problem = findUnserializable(args, 'args');
    if (problem) reject('INVALID_ARGUMENT', `${type}: arguments must be plain data; ${problem}`);
  }
  // ctx keeps what the event was given (gameover, next sets): a copy, so the caller cannot change it later.
  if (!leaves && !args.every((a) => a === null || typeof a !== 'object')) args = clonePlain(args);
  const ctx = run.state.ctx;
  const playerID = run.actor;
  const arg = args[0];
  // The operation the event starts: its function, argument, player and whether minMoves may stop it.
  let fn: OpFn;
  let opArg: unknown = arg;
  let opPlayerID: PlayerID | undefined;
  let force = false;
  switch (type) {
    case 'endStage':
      fn = 'EndStage';
      opArg = undefined;
      opPlayerID = playerID;
      break;
    case 'setStage':
      checkStageArg(arg);
      fn = 'EndStage';
      opPlayerID = playerID;
      break;
    case 'setActivePlayers':
      fn = 'UpdateActivePlayers';
      break;
    case 'endTurn':
      checkEndTurnArg(run.state.ctx, arg, 'endTurn');
      fn = 'EndTurn';
      break;
    case 'pass':
      checkEndTurnArg(run.state.ctx, arg, 'pass');
      fn = 'EndTurn';
      force = true;
      break;
    case 'endPhase':
      // 0.50.2 ignores endPhase's argument; a `next` naming no phase is still refused.
      if (arg && typeof arg === 'object' && 'next' in arg)
        checkPhaseName(run.game, (arg as { next: unknown }).next, 'endPhase({ next })');
      fn = 'EndPhase';
      opArg = undefined;
      break;
    case 'setPhase':
      checkPhaseName(run.game, arg, 'setPhase');
      fn = 'EndPhase';
      opArg = { next: arg };
      break;
    case 'endGame':
      fn = 'EndGame';
      break;
    default:
      return;
  }
  // One literal for every event's operation: one shape (a closure per call to build it was garbage per event).
  run.process([
    { fn, arg: opArg, playerID: opPlayerID, force, turn: ctx.turn, phase: ctx.phase, label: type, automatic },
  ]);
}
