/* eslint-disable @typescript-eslint/no-explicit-any -- the walk reads values of any shape by any key */
/**
 * Whether a G may be drafted by plain-drafts.ts: every object in it that a
 * draft can reach is a plain object or array of this realm, or a class
 * instance (which neither draft library drafts). Asked once per G not seen
 * before (drafts.ts keeps the answers).
 */

/** A class instance (a Date, a game's own class): neither library drafts it or anything below it. */
export const isInstance = (value: object, proto: object | null): boolean =>
  proto !== null &&
  Object.getPrototypeOf(proto) !== null &&
  !Array.isArray(value) &&
  !(value instanceof Map) &&
  !(value instanceof Set);

/**
 * Whether every object reachable through the keys a draft keeps (those a
 * spread copies: enumerable strings and symbols; an array's indices, and
 * its other keys if it has any) is drafted here or is a class instance.
 * for-in, not `Reflect.ownKeys`: that allocated a key array per object
 * (and a string per index), where for-in reuses the key list of objects of
 * one shape.
 */
export function isPlainTree(value: unknown, ancestors: object[] = []): boolean {
  if (value === null || typeof value !== 'object') return true;
  const proto = Object.getPrototypeOf(value);
  const isArray = proto === Array.prototype;
  if (!isArray && proto !== Object.prototype) return isInstance(value, proto);
  if (ancestors.includes(value)) return true;
  ancestors.push(value);
  const object = value as any;
  let plain = true;
  if (isArray) {
    for (let i = 0; i < object.length && plain; i++) plain = isPlainTree(object[i], ancestors);
    // Keys besides the indices: rare, and then all are walked.
    if (plain && Object.keys(object).length !== object.length)
      for (const key of Object.keys(object)) if (!(plain = isPlainTree(object[key], ancestors))) break;
  } else for (const key in object) if (!(plain = isPlainTree(object[key], ancestors))) break;
  if (plain)
    for (const key of Object.getOwnPropertySymbols(object)) if (!(plain = isPlainTree(object[key], ancestors))) break;
  ancestors.pop();
  return plain;
}
