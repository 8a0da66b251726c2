/**
 * Whether JSON.stringify writes an object from its own keys: a plain object
 * or array (or one without a prototype) with no `toJSON`. The encoders that
 * walk states object by object (reusing-json.ts, state-delta.ts) walk only
 * these and hand anything else to JSON.stringify whole.
 */
export const isPlain = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value);
  return (
    (proto === Object.prototype || proto === Array.prototype || proto === null) &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  );
};
