/**
 * The `random`, `events` and (in moves) `log` objects that game code receives
 * while the call tape records it: each method notes the call, then passes it
 * on to the engine's API. They are closures, not prototype methods, so that
 * game code may destructure them (`const { D6 } = random`), as boardgame.io's
 * own APIs allow. Written as literals: filling an empty object key by key
 * costs several times more, and a tape makes one set per action.
 */
import type { FlowEventType } from '../../machines/types';

type AnyFn = (...args: any[]) => unknown;

/** The methods of boardgame.io's random API. */
export type RandomMethod = 'D4' | 'D6' | 'D8' | 'D10' | 'D12' | 'D20' | 'Die' | 'Number' | 'Shuffle';

/** What the stand-ins report to: the tape that records the current call. */
export interface RecordingSink {
  roll(method: RandomMethod, args: unknown[]): unknown;
  event(type: FlowEventType, args: unknown[]): unknown;
  setMetadata(value: unknown): void;
}

export interface Recorders {
  random: Record<RandomMethod, AnyFn>;
  events: Record<FlowEventType, AnyFn>;
  log: { setMetadata: (value: unknown) => void };
}

export function makeRecorders(sink: RecordingSink): Recorders {
  const roll = (method: RandomMethod) => (...args: unknown[]) => sink.roll(method, args);
  const call = (type: FlowEventType) => (...args: unknown[]) => sink.event(type, args);
  // Key order as boardgame.io's APIs list them (what Object.keys shows game code).
  const random = { D4: roll('D4'), D6: roll('D6'), D8: roll('D8'), D10: roll('D10'), D12: roll('D12'), D20: roll('D20'), Die: roll('Die'), Number: roll('Number'), Shuffle: roll('Shuffle') };
  const events = { endStage: call('endStage'), setStage: call('setStage'), endTurn: call('endTurn'), pass: call('pass'), endPhase: call('endPhase'), setPhase: call('setPhase'), endGame: call('endGame'), setActivePlayers: call('setActivePlayers') };
  return {
    random: random satisfies Record<RandomMethod, AnyFn>,
    events: events satisfies Record<FlowEventType, AnyFn>,
    log: { setMetadata: (value: unknown) => sink.setMetadata(value) },
  };
}
