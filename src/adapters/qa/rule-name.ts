/** The rule a chart transition follows: the name of its guard (turnchart names every guard after its rule). */

/** A guard's name: the string, or the `type` of a parameterised guard (an inline function has none). */
export function ruleName(guard: unknown): string | undefined {
  if (guard === undefined || guard === null || typeof guard === 'function') return undefined;
  if (typeof guard === 'string') return guard;
  const type = (guard as { type?: unknown }).type;
  return typeof type === 'string' ? type : undefined;
}
