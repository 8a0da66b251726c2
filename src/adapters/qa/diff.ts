/**
 * Where two plain-data values differ, as readable paths: `G.hands["1"]`,
 * `ctx.activePlayers`, `value.phases.draw.turn.player0`. Used to report a
 * replay's first divergence and the stepper's G/ctx changes.
 */

export interface Difference {
  /** e.g. `G.cells[3]`, `ctx.phase`. */
  path: string;
  /** `undefined` when the key is missing on that side. */
  before: unknown;
  after: unknown;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `base.key`, or `base["odd key"]` when the key is not an identifier. */
export function childPath(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  if (IDENTIFIER.test(key)) return base === '' ? key : `${base}.${key}`;
  return `${base}[${JSON.stringify(key)}]`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Every difference between `before` and `after`, depth first in key order
 * (keys of `before` first, then keys only `after` has). Stops after `limit`.
 */
export function diffValues(before: unknown, after: unknown, base = '', limit = Infinity): Difference[] {
  const found: Difference[] = [];
  const walk = (a: unknown, b: unknown, path: string): void => {
    if (found.length >= limit || Object.is(a, b)) return;
    if (Array.isArray(a) && Array.isArray(b)) {
      const length = Math.max(a.length, b.length);
      for (let i = 0; i < length && found.length < limit; i++) {
        if (i >= a.length || i >= b.length) found.push({ path: childPath(path, i), before: a[i], after: b[i] });
        else walk(a[i], b[i], childPath(path, i));
      }
      return;
    }
    if (isObject(a) && isObject(b)) {
      for (const key of Object.keys(a)) {
        if (found.length >= limit) return;
        if (!Object.prototype.hasOwnProperty.call(b, key)) {
          if (a[key] !== undefined) found.push({ path: childPath(path, key), before: a[key], after: undefined });
        } else walk(a[key], b[key], childPath(path, key));
      }
      for (const key of Object.keys(b)) {
        if (found.length >= limit) return;
        if (!Object.prototype.hasOwnProperty.call(a, key) && b[key] !== undefined)
          found.push({ path: childPath(path, key), before: undefined, after: b[key] });
      }
      return;
    }
    found.push({ path: path === '' ? '(root)' : path, before: a, after: b });
  };
  walk(before, after, base);
  return found;
}

/** The first difference, or undefined when the values are deeply equal. */
export function firstDifference(expected: unknown, actual: unknown, base = ''): Difference | undefined {
  return diffValues(expected, actual, base, 1)[0];
}

/** A value in one line, cut to `max` characters. */
export function brief(value: unknown, max = 80): string {
  const text = value === undefined ? '(missing)' : JSON.stringify(value);
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
