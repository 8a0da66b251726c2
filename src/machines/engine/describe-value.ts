/** How a value is spelled in a refusal's message: as JSON writes it, or what it is when JSON cannot. */

/** An array JSON would write as its numbers joined: every index set to a finite number, and no `toJSON`. */
function isNumberList(value: unknown): value is number[] {
  if (!Array.isArray(value) || (value as { toJSON?: unknown }).toJSON !== undefined) return false;
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (typeof item !== 'number' || !Number.isFinite(item)) return false;
  }
  return true;
}

export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  // A refused move's arguments are most often a few numbers: JSON spells those as a join does, at a third of the cost.
  if (isNumberList(value)) return `[${value.join(',')}]`;
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
