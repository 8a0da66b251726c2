/** What a call tape (call-tape.ts) holds: an entry per call of game code, the dice and events it called, a trigger's result. */
import type { FlowEventType } from '../../machines';

export type CallKind = 'move' | 'hook' | 'trigger';
export type EndIfKind = 'game' | 'phase' | 'turn';

/** An event called by game code, with the turn and phase it was called in. */
export interface EventCall {
  type: FlowEventType;
  args: unknown[];
  turn: number;
  phase: string | null;
}

export interface RandomCall {
  method: string;
  args: unknown[];
}

export interface TapeEntry {
  id: string;
  kind: CallKind;
  output?: unknown;
  /** Made on the first roll or event: most calls have neither. */
  random?: RandomCall[];
  events?: EventCall[];
}

/** What a trigger returned, on the ctx object it was computed on. */
export interface TriggerResult {
  ctx: object;
  kind: EndIfKind;
  value: unknown;
}

/** Raised inside a replay when the engine asks for a call the tape does not hold next. */
export class TapeDiverged extends Error {
  constructor(expected: string | undefined, got: string) {
    super(`replay of the recorded game code diverged: expected ${expected ?? 'no more calls'}, got ${got}`);
    this.name = 'TapeDiverged';
  }
}
