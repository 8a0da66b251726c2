/* eslint-disable @typescript-eslint/no-explicit-any -- copies an object of any shape */
/**
 * A spread of the object, made faster for objects keyed by index (a map of
 * seats "0", "1", … or of ids): V8's spread of those at a site that sees
 * many shapes, as this one does, takes a slow runtime path, where copying
 * key by key does not. Keys by index come first, so the first key tells.
 */
export function copyObject(base: any): any {
  const keys = Object.keys(base);
  const first = keys.length === 0 ? 0 : keys[0].charCodeAt(0);
  if (first < 48 || first > 57) return { ...base };
  const copy: any = {};
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    // An own "__proto__" is a key like any other to a spread; an assignment would set the prototype.
    if (key === '__proto__')
      Object.defineProperty(copy, key, { value: base[key], writable: true, enumerable: true, configurable: true });
    else copy[key] = base[key];
  }
  for (const symbol of Object.getOwnPropertySymbols(base))
    if (Object.prototype.propertyIsEnumerable.call(base, symbol)) copy[symbol] = base[symbol];
  return copy;
}
