/**
 * Which web origins may use the server (boardgame.io's `origins` option):
 * a string, a RegExp, `true` for any, or a list of these. A request
 * without an `Origin` header comes from a program, not a browser page, and
 * is allowed, as in boardgame.io.
 */
export type OriginRule = string | RegExp | boolean | readonly (string | RegExp | boolean)[];

/** boardgame.io's presets. */
export const Origins = {
  LOCALHOST: /localhost:\d+/,
  LOCALHOST_IN_DEVELOPMENT: process.env.NODE_ENV !== 'production' ? /localhost:\d+/ : false,
} as const;

export function isOriginAllowed(origin: string, rule: OriginRule | undefined): boolean {
  if (Array.isArray(rule)) return rule.some((entry) => isOriginAllowed(origin, entry));
  if (typeof rule === 'string') return origin === rule;
  if (rule instanceof RegExp) return rule.test(origin);
  return !!rule;
}

/** A request from this Origin header (or none) may go on. */
export function requestAllowed(origin: string | undefined, rule: OriginRule | undefined): boolean {
  return origin === undefined || isOriginAllowed(origin, rule);
}
