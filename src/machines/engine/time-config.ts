/**
 * The time limits and the clock of a game config, checked: a limit is a
 * positive number of milliseconds, an outcome one that makes sense where
 * it is declared (a phase limit cannot end "the seat's stage"), and no key
 * is misspelt. A game without any has `timed: false` and pays nothing.
 */
import { GameConfigError } from './errors';
import type { LimitKind } from './time-types';
import type { ClockConfig, TimeLimit, TimeoutOutcome } from './types';

export interface CompiledLimit {
  kind: LimitKind;
  /** Milliseconds. */
  limit: number;
  onTimeout: TimeoutOutcome;
  /** Where it is declared, e.g. `phases.draw.turn.time`: the rule's name on the chart. */
  where: string;
}

export interface CompiledClock extends CompiledLimit {
  kind: 'clock';
  increment: number;
  per: 'move' | 'turn';
}

/** The outcomes each kind of limit may have (besides a hook), the default first. */
const OUTCOMES: Record<LimitKind, readonly string[]> = {
  phase: ['endPhase', 'endGame'],
  turn: ['endTurn', 'endPhase', 'endGame'],
  stage: ['endStage', 'endTurn', 'endPhase', 'endGame'],
  clock: ['endGame', 'endStage', 'endTurn', 'endPhase'],
};

function checkKeys(value: object, where: string, known: readonly string[]): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) {
      throw new GameConfigError(`${where}.${key}`, `is not a time option (known: ${known.join(', ')})`);
    }
  }
}

function checkMs(value: unknown, where: string, allowZero: boolean): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
    throw new GameConfigError(
      where,
      `must be a ${allowZero ? 'non-negative' : 'positive'} finite number of milliseconds, got ${JSON.stringify(value)}`,
    );
  }
  return value;
}

function checkOutcome(value: unknown, kind: LimitKind, where: string): TimeoutOutcome {
  const allowed = OUTCOMES[kind];
  if (value === undefined) return allowed[0] as TimeoutOutcome;
  if (typeof value === 'function' || (typeof value === 'string' && allowed.includes(value))) {
    return value as TimeoutOutcome;
  }
  throw new GameConfigError(
    `${where}.onTimeout`,
    `must be ${allowed.map((o) => `'${o}'`).join(', ')} or a function, got ${JSON.stringify(value) ?? typeof value}`,
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A `time: { limit, onTimeout? }` of a turn, a phase or a stage; undefined when there is none. */
export function compileLimit(value: TimeLimit | undefined, kind: LimitKind, where: string): CompiledLimit | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) throw new GameConfigError(where, 'must be an object { limit, onTimeout? }');
  checkKeys(value, where, ['limit', 'onTimeout']);
  const limit = checkMs(value.limit, `${where}.limit`, false);
  return { kind, limit, onTimeout: checkOutcome(value.onTimeout, kind, where), where };
}

/** The game's `clock: { initial, increment?, per?, onTimeout? }`; undefined when there is none. */
export function compileClock(value: ClockConfig | undefined): CompiledClock | undefined {
  if (value === undefined) return undefined;
  const where = 'clock';
  if (!isObject(value)) throw new GameConfigError(where, 'must be an object { initial, increment?, per?, onTimeout? }');
  checkKeys(value, where, ['initial', 'increment', 'per', 'onTimeout']);
  const initial = checkMs(value.initial, `${where}.initial`, false);
  const increment = value.increment === undefined ? 0 : checkMs(value.increment, `${where}.increment`, true);
  if (value.per !== undefined && value.per !== 'move' && value.per !== 'turn') {
    throw new GameConfigError(`${where}.per`, `must be 'move' or 'turn', got ${JSON.stringify(value.per)}`);
  }
  const onTimeout = checkOutcome(value.onTimeout, 'clock', where);
  return { kind: 'clock', limit: initial, increment, per: value.per ?? 'move', onTimeout, where };
}

/** The name of an outcome on the chart and in messages: `endTurn`, or `onTimeout` for a hook. */
export function outcomeName(outcome: TimeoutOutcome): string {
  return typeof outcome === 'function' ? 'onTimeout' : outcome;
}
