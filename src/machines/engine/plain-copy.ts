/* eslint-disable @typescript-eslint/no-explicit-any -- copies an object of any shape */
/**
 * A spread of the object, at one of two spread sites: V8 copies an object
 * keyed by index (a map of seats "0", "1", … or of ids) fast at a site that
 * sees few shapes, and on a slow runtime path at a site that sees many, as
 * the one for every other object of G does. Objects keyed only by index
 * share a few hidden classes, so their own site stays fast. Both sites
 * spread: the choice changes the speed, never the copy.
 */
const hasOwn = Object.prototype.hasOwnProperty;

/** The site for objects keyed by index. */
const copyIndexed = (base: any): any => ({ ...base });

export function copyObject(base: any): any {
  // Keys by index come first; seat maps nearly always hold seat "0" or "1".
  if (hasOwn.call(base, '0') || hasOwn.call(base, '1')) return copyIndexed(base);
  // The first key, without a key array: for-in reuses the key list of objects of one shape.
  for (const key in base) {
    const first = key.charCodeAt(0);
    if (first >= 48 && first <= 57) return copyIndexed(base);
    break;
  }
  return { ...base };
}
