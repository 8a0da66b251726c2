/**
 * The shape of a game: two games of the same shape pass the same config
 * checks and build the same chart for a number of seats, so a game object
 * of a known shape skips the checks (compiled-game.ts).
 *
 * The chart reads a game's data (names, keys and their order, limits,
 * `activePlayers` sets, a static `next`) and, of its functions, only
 * whether each is there: it never calls one. The one exception is the turn
 * order's `next`, compared with the round-robin presets (`mayRunOut`). So
 * the shape is a copy of the game's data with every function replaced by a
 * marker (another for the round-robin `next`). A new game object is compared
 * with the shapes kept, in one walk that builds nothing: a server making its
 * game object per match pays a walk, not a key string and its hash.
 * test/game-shape.test.ts checks that games differing only in their
 * functions build the same chart.
 *
 * Only plain objects and arrays are walked: anything else (a class
 * instance, a Map, a cycle, a symbol or bigint, a getter that throws) gives
 * no shape, and the game's machine is built on its own.
 */
import { isRoundRobin } from './turn-order';

/** Deeper than any game config; a deeper value is treated as having no shape. */
const MAX_DEPTH = 32;

/** Where a game has a function (the shape holds none of the game's code). */
const FUNCTION = Object.freeze({ marker: 'function' });
const ROUND_ROBIN = Object.freeze({ marker: 'round-robin next' });

/** A plain object's keys in order, and its values' shapes. */
class ObjectShape {
  constructor(
    readonly keys: string[],
    readonly values: ShapeValue[],
  ) {}
}

type ShapeValue = string | number | boolean | null | undefined | object;
/** A game's shape: opaque, made by `gameShape`, read by `sameShape`. */
export type GameShape = { readonly __gameShape: true };

class NoShape extends Error {}

const OBJECT_SOURCE = Function.prototype.toString.call(Object);

/** An array, or an object whose prototype is null or an Object.prototype (this realm's or another's: a vm context, a test runner). */
function isPlain(value: object): boolean {
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) return true;
  const ctor = Object.getPrototypeOf(proto) === null ? (proto as { constructor?: unknown }).constructor : undefined;
  return (
    typeof ctor === 'function' && ctor.prototype === proto && Function.prototype.toString.call(ctor) === OBJECT_SOURCE
  );
}

function shapeOf(value: unknown, path: object[]): ShapeValue {
  switch (typeof value) {
    case 'function':
      return isRoundRobin(value) ? ROUND_ROBIN : FUNCTION;
    case 'string':
    case 'number':
    case 'boolean':
    case 'undefined':
      return value;
    case 'object':
      break;
    default:
      throw new NoShape();
  }
  if (value === null) return null;
  if (!isPlain(value) || path.includes(value) || path.length >= MAX_DEPTH) throw new NoShape();
  path.push(value);
  let shape: ShapeValue;
  if (Array.isArray(value)) {
    const items: ShapeValue[] = [];
    for (let i = 0; i < value.length; i++) items.push(shapeOf(value[i], path));
    shape = items;
  } else {
    const keys = Object.keys(value);
    shape = new ObjectShape(
      keys,
      keys.map((key) => shapeOf((value as Record<string, unknown>)[key], path)),
    );
  }
  path.pop();
  return shape;
}

/** Whether `value` has the shape `shape`: the walk ends at the shape's leaves, so a cycle in `value` cannot loop. */
function same(shape: ShapeValue, value: unknown): boolean {
  if (typeof value === 'function') return shape === (isRoundRobin(value) ? ROUND_ROBIN : FUNCTION);
  // Object.is keeps NaN equal to itself and -0 apart from 0; a symbol or bigint is in no shape.
  if (typeof value !== 'object' || value === null) return Object.is(shape, value);
  if (typeof shape !== 'object' || shape === null || !isPlain(value)) return false;
  if (Array.isArray(shape)) {
    if (!Array.isArray(value) || value.length !== shape.length) return false;
    for (let i = 0; i < shape.length; i++) if (!same(shape[i], value[i])) return false;
    return true;
  }
  if (!(shape instanceof ObjectShape) || Array.isArray(value)) return false;
  // for-in rather than Object.keys: no array per object (a third of what a match from a fresh game
  // object allocated was these arrays). An inherited enumerable key only makes the shapes differ.
  let i = 0;
  for (const key in value) {
    if (key !== shape.keys[i] || !same(shape.values[i], (value as Record<string, unknown>)[key])) return false;
    i++;
  }
  return i === shape.keys.length;
}

/** The shape of `game`, or undefined when the game is not plain data and functions. */
export function gameShape(game: object): GameShape | undefined {
  try {
    return shapeOf(game, []) as GameShape;
  } catch {
    // Not plain data, or a getter that threw: no shape (the build reads the game itself, and reports what it finds).
    return undefined;
  }
}

/** Whether `game` has the shape `shape` (false when a getter throws). */
export function sameShape(shape: GameShape, game: object): boolean {
  try {
    return same(shape as ShapeValue, game);
  } catch {
    return false;
  }
}

/** Shapes kept; a shape is a game config, so a process rarely has more than a few. */
const LIMIT = 64;

/** A shape, and whether a game of it passed the config checks. */
export interface KnownShape {
  readonly shape: GameShape;
  checked: boolean;
}

/** Most recently used first: a lookup compares the game with each shape, and most end at the first. */
const known: KnownShape[] = [];
/** The shape found for a game object (null: it has none), so it is walked once. */
const found = new WeakMap<object, KnownShape | null>();

function lookUp(game: object): KnownShape | null {
  for (let i = 0; i < known.length; i++) {
    const entry = known[i];
    if (!sameShape(entry.shape, game)) continue;
    if (i > 0) known.unshift(...known.splice(i, 1));
    return entry;
  }
  const shape = gameShape(game);
  if (shape === undefined) return null;
  const entry: KnownShape = { shape, checked: false };
  known.unshift(entry);
  if (known.length > LIMIT) known.pop();
  return entry;
}

/** The kept shape of `game` (added if new), or undefined when the game is not plain data and functions. */
export function knownShape(game: object): KnownShape | undefined {
  let entry = found.get(game);
  if (entry === undefined) found.set(game, (entry = lookUp(game)));
  return entry ?? undefined;
}

/** How many shapes are kept (for tests). */
export function knownShapeCount(): number {
  return known.length;
}
