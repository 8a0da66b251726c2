/**
 * Objects that only a marked mutative draft drafts (no prototype, or a plain
 * object of another realm): a G that holds none may be drafted without the
 * mark (drafts.ts).
 */

/**
 * Whether `value` holds, at any depth reachable through drafts, an object
 * that only a marked draft drafts. Every object of `before` is known to hold
 * none, so the walk skips what it finds at the same place in `before` (for an
 * array, also one element away: removing or inserting one element shifts the
 * rest); what a draft did not change is skipped that way. Class instances are
 * not walked: neither library drafts them, nor anything below them. Only
 * JSON's keys are walked: enumerable string keys of objects, indices of
 * arrays (`Reflect.ownKeys` instead made the walk a fifth of the
 * simultaneous game's time: its round's end changes 96 field objects).
 */
export function holdsUnusual(value: unknown, before: unknown, ancestors: object[]): boolean {
  if (value === null || typeof value !== 'object' || value === before) return false;
  // Plain objects first: nearly everything in G is one (the other tests cost a fifth of the walk).
  const proto = Object.getPrototypeOf(value);
  const isArray = proto !== Object.prototype && Array.isArray(value);
  const isCollection = proto !== Object.prototype && !isArray && (value instanceof Map || value instanceof Set);
  // Without a prototype, or a plain object of another realm (its prototype's prototype is null).
  if (proto !== Object.prototype && !isArray && !isCollection)
    return proto === null || Object.getPrototypeOf(proto) === null;
  // A cycle (possible in production, where G is not checked): its objects are being walked already.
  if (ancestors.includes(value)) return false;
  const old =
    before !== null && typeof before === 'object' && !(before instanceof Map) && !(before instanceof Set)
      ? (before as Record<PropertyKey, unknown>)
      : undefined;
  ancestors.push(value);
  let found = false;
  if (isCollection) {
    for (const item of (value as Map<unknown, unknown> | Set<unknown>).values())
      if ((found = holdsUnusual(item, undefined, ancestors))) break;
  } else if (isArray) {
    const array = value as unknown[];
    for (let i = 0; i < array.length && !found; i++) {
      const item = array[i];
      if (
        item === null ||
        typeof item !== 'object' ||
        (old !== undefined && (item === old[i] || item === old[i + 1] || item === old[i - 1]))
      )
        continue;
      found = holdsUnusual(item, undefined, ancestors);
    }
  } else {
    for (const key in value) {
      const item = (value as Record<string, unknown>)[key];
      if (item === null || typeof item !== 'object') continue;
      if ((found = holdsUnusual(item, old?.[key], ancestors))) break;
    }
  }
  ancestors.pop();
  return found;
}
