/**
 * Moves of the older APIs: `(G, ctx, ...args)` functions, and from 0.3x on the
 * long form `{ move, client, noLimit, undoable, redact, ignoreStaleStateID }`
 * whose `undoable` / `redact` functions take `(G, ctx)`.
 */
import type { Move, MoveMap } from '../../machines';
import { asMove, asMoveFlag, type Convention } from './calling-convention';
import { LegacyGameError } from './errors';

type Loose = Record<string, any>;

/** What a 0.2x move adds to the long form: undo and redaction lists become per-move flags. */
export interface MoveFlags {
  undoable?: (name: string) => unknown;
  redact?: (name: string) => unknown;
}

/** The move of the last move request, for 0.2x `onMove(G, ctx, action)`. */
let lastMove: { type: string; args: unknown[]; playerID: string | undefined } | undefined;

export function lastMoveAction(): typeof lastMove {
  return lastMove;
}

function translateMove(move: unknown, name: string, where: string, convention: Convention, flags?: MoveFlags): Move {
  const record = (fn: (...args: any[]) => any) => {
    const wrapped = asMove(fn, convention);
    if (convention.api !== '0.2x') return wrapped;
    return (context: any, ...args: unknown[]) => {
      lastMove = { type: name, args, playerID: context.playerID };
      return wrapped(context, ...args);
    };
  };
  if (typeof move === 'function') {
    const undoable = flags?.undoable?.(name);
    const redact = flags?.redact?.(name);
    if (undoable === undefined && redact === undefined) return record(move as (...args: any[]) => any);
    return {
      move: record(move as (...args: any[]) => any),
      ...(undoable !== undefined ? { undoable } : {}),
      ...(redact !== undefined ? { redact } : {}),
    } as Move;
  }
  if (
    convention.api !== '0.2x' &&
    move !== null &&
    typeof move === 'object' &&
    typeof (move as Loose).move === 'function'
  ) {
    const long = move as Loose;
    const out: Loose = { ...long, move: record(long.move) };
    if (long.undoable !== undefined) out.undoable = asMoveFlag(long.undoable);
    if (long.redact !== undefined) out.redact = asMoveFlag(long.redact);
    return out as Move;
  }
  throw new LegacyGameError(
    where,
    convention.api === '0.2x'
      ? 'a 0.2x move must be a function (G, ctx, ...args)'
      : 'must be a function (G, ctx, ...args) or { move, ... }',
  );
}

/** A legacy move map in the current form; `where` is its config path (`moves`, `phases.A.moves`). */
export function translateMoves(
  moves: unknown,
  where: string,
  convention: Convention,
  flags?: MoveFlags,
): MoveMap | undefined {
  if (moves === undefined) return undefined;
  if (moves === null || typeof moves !== 'object' || Array.isArray(moves))
    throw new LegacyGameError(where, 'must be an object of moves');
  const out: MoveMap = {};
  for (const [name, move] of Object.entries(moves)) {
    out[name] = translateMove(move, name, `${where}.${name}`, convention, flags);
  }
  return out;
}
