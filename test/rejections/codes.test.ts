/**
 * Every typed rejection code (src/machines/engine/errors.ts) has a test in this
 * folder that produces it. The map is typed `Record<RejectionCode, ...>`, so a
 * new code does not type-check until a test for it is named here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RejectionCode } from 'turnchart';

const PRODUCED_IN: Record<RejectionCode, string> = {
  UNKNOWN_MOVE: 'moves.test.ts',
  MOVE_NOT_ALLOWED: 'moves.test.ts',
  PLAYER_NOT_ACTIVE: 'moves.test.ts',
  NOT_A_SEAT: 'moves.test.ts',
  INVALID_MOVE: 'moves.test.ts',
  GAME_OVER: 'moves.test.ts',
  MIN_MOVES_TURN: 'move-limits.test.ts',
  MIN_MOVES_STAGE: 'move-limits.test.ts',
  UNKNOWN_EVENT: 'names-and-arguments.test.ts',
  EVENT_DISABLED: 'names-and-arguments.test.ts',
  UNKNOWN_PHASE: 'names-and-arguments.test.ts',
  INVALID_STAGE: 'names-and-arguments.test.ts',
  INVALID_NEXT_PLAYER: 'names-and-arguments.test.ts',
  INVALID_ARGUMENT: 'names-and-arguments.test.ts',
  EVENT_NOT_ALLOWED_HERE: 'user-code-events.test.ts',
  USER_CODE_THREW: 'user-code.test.ts',
  NOT_SERIALIZABLE: 'user-code-results.test.ts',
  FLOW_LOOP: 'user-code-events.test.ts',
  INVALID_TURN_ORDER: 'user-code-results.test.ts',
  TIME_UP: 'time.test.ts',
  NO_DEADLINE_PASSED: 'time.test.ts',
};

test.each(Object.entries(PRODUCED_IN))('%s is produced and checked in %s', (code, file) => {
  const source = readFileSync(join(__dirname, file), 'utf8');
  expect(source).toContain(`code: '${code}'`);
});
