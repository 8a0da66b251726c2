/**
 * The checks of a game config (config.ts), and their trusted
 * stand-ins: a game whose shape (game-shape.ts) is that of a game
 * already checked passes every one of them, as they read only what the
 * shape holds (names, limits, data, whether a value is a function), so a
 * server making its game object per match checks the first one only.
 */
import { GameConfigError } from './errors';
import type { MoveMap } from './types';

const RESERVED_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

function checkName(name: string, kind: string, parent: string, field: string): void {
  const where = () => place(parent, field);
  if (name === '') throw new GameConfigError(where(), `a ${kind} cannot have an empty name`);
  // Phases and stages are xstate state keys, where '.' separates a path and '#' starts an id;
  // a move name becomes the event type move.<name>, where '*' is a wildcard.
  const forbidden = kind === 'move' ? /\*/ : /[.#]/;
  if (forbidden.test(name)) {
    throw new GameConfigError(
      where(),
      `a ${kind} name cannot contain ${kind === 'move' ? "'*'" : "'.' or '#'"} (got "${name}")`,
    );
  }
  if (RESERVED_NAMES.has(name))
    throw new GameConfigError(where(), `"${name}" cannot be a ${kind} name (it is an Object.prototype member)`);
}

// The checks take the place as parent and field, and join them only to report a mistake: a valid game builds no strings.
const place = (where: string, field: string): string => (where === '' ? field : `${where}.${field}`);

function checkFunction(value: unknown, where: string, field: string): void {
  if (value !== undefined && typeof value !== 'function') {
    throw new GameConfigError(place(where, field), `must be a function, got ${value === null ? 'null' : typeof value}`);
  }
}

function checkMoves(moves: unknown, parent: string, field: string, names: Set<string>): void {
  if (moves === undefined) return;
  const where = place(parent, field);
  if (moves === null || typeof moves !== 'object') throw new GameConfigError(where, 'must be an object of moves');
  for (const [name, move] of Object.entries(moves as MoveMap)) {
    checkName(name, 'move', where, name);
    const fn = typeof move === 'function' ? move : move && typeof move === 'object' ? move.move : undefined;
    if (typeof fn !== 'function')
      throw new GameConfigError(`${where}.${name}`, 'must be a function or { move: function, ... }');
    names.add(name);
  }
}

function checkLimit(value: unknown, where: string, field: string): void {
  if (value !== undefined && (typeof value !== 'number' || !(value >= 0))) {
    throw new GameConfigError(place(where, field), `must be a non-negative number, got ${JSON.stringify(value)}`);
  }
}

// Named reads, not `config[hook]` in a loop: keyed reads over configs of many shapes cost most of a compile.
function checkHooks(config: { onBegin?: unknown; onEnd?: unknown; endIf?: unknown }, where: string): void {
  checkFunction(config.onBegin, where, 'onBegin');
  checkFunction(config.onEnd, where, 'onEnd');
  checkFunction(config.endIf, where, 'endIf');
}

function checkLimits(config: { minMoves?: unknown; maxMoves?: unknown }, where: string): void {
  checkLimit(config.minMoves, where, 'minMoves');
  checkLimit(config.maxMoves, where, 'maxMoves');
}

export interface ConfigChecks {
  name: typeof checkName;
  fn: typeof checkFunction;
  moves: typeof checkMoves;
  limit: typeof checkLimit;
  hooks: typeof checkHooks;
  limits: typeof checkLimits;
}

export const CHECKED: ConfigChecks = {
  name: checkName,
  fn: checkFunction,
  moves: checkMoves,
  limit: checkLimit,
  hooks: checkHooks,
  limits: checkLimits,
};

const skip = () => undefined;

/** Every check passes; the move names are still collected. */
export const TRUSTED: ConfigChecks = {
  name: skip,
  fn: skip,
  moves: (moves, _where, _field, names) => {
    if (moves !== undefined) for (const name of Object.keys(moves as MoveMap)) names.add(name);
  },
  limit: skip,
  hooks: skip,
  limits: skip,
};
