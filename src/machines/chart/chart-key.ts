/**
 * The shape of a game, as a string: two games with the same key build the
 * same chart for a number of seats, so their machines can share one built
 * state-node tree (runtime/machine-templates.ts).
 *
 * The chart reads a game's data (names, keys and their order, limits,
 * `activePlayers` sets, a static `next`) and, of its functions, only
 * whether each is there: it never calls one. The one exception is the turn
 * order's `next`, compared with the round-robin presets (`mayRunOut`). So
 * the key is the game's data with every function written as `f`, or as `rr`
 * for the round-robin `next`. test/machine-templates.test.ts checks that
 * games differing only in their functions build the same chart.
 *
 * Only plain objects and arrays are walked: anything else (a class
 * instance, a Map, a cycle, a symbol or bigint, a getter that throws) gives
 * no key, and the game's machine is built on its own.
 */
import { isRoundRobin } from '../rules/turn-order';

/** Deeper than any game config; a deeper value is treated as having no key. */
const MAX_DEPTH = 32;

class NoKey extends Error {}

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

/** A string as its length and itself: no escaping to do, and no two strings alike. */
function text(value: string): string {
  return `${value.length}"${value}`;
}

function write(value: unknown, out: string[], path: object[]): void {
  switch (typeof value) {
    case 'function':
      out.push(isRoundRobin(value) ? 'rr' : 'f');
      return;
    case 'string':
      out.push(text(value));
      return;
    case 'number':
      // String() keeps NaN and Infinity apart from null, which JSON would not; -0 is its own value.
      out.push(Object.is(value, -0) ? '-0' : String(value));
      return;
    case 'boolean':
      out.push(value ? 'T' : 'F');
      return;
    case 'undefined':
      out.push('u');
      return;
    case 'object':
      break;
    default:
      throw new NoKey();
  }
  if (value === null) {
    out.push('n');
    return;
  }
  if (!isPlain(value) || path.includes(value) || path.length >= MAX_DEPTH) throw new NoKey();
  path.push(value);
  if (Array.isArray(value)) {
    out.push('[');
    for (let i = 0; i < value.length; i++) {
      write(value[i], out, path);
      out.push(',');
    }
    out.push(']');
  } else {
    out.push('{');
    for (const key of Object.keys(value)) {
      out.push(text(key), ':');
      write((value as Record<string, unknown>)[key], out, path);
      out.push(',');
    }
    out.push('}');
  }
  path.pop();
}

/** The chart shape of `game` at `numPlayers` seats, or undefined when the game is not plain data and functions. */
export function chartKey(game: object, numPlayers: number): string | undefined {
  const out = [String(numPlayers), ':'];
  try {
    write(game, out, []);
  } catch {
    // Not plain data, or a getter that threw: no key (the build reads the game itself, and reports what it finds).
    return undefined;
  }
  return out.join('');
}
