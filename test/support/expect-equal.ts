/**
 * `expect(actual).toEqual(expected)` for comparisons made at every step of
 * long runs: node's strict deep equality first, which is stricter than
 * toEqual and much cheaper, so only a difference pays for jest's comparison
 * (which then decides, and says what differs).
 */
import { isDeepStrictEqual } from 'node:util';

export function expectEqual(actual: unknown, expected: unknown): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual).toEqual(expected);
}
