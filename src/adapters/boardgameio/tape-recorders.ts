/**
 * The `random`, `events` and (in moves) `log` objects that game code receives
 * while the call tape records it: each method notes the call, then passes it
 * on to the engine's API. They are closures, not prototype methods, so that
 * game code may destructure them (`const { D6 } = random`), as boardgame.io's
 * own APIs allow. Written as literals: filling an empty object key by key
 * costs several times more. (The random ones are method shorthands: they do
 * not use `this` either.) call-tape.ts makes one set, shared by every tape.
 */
import { eventFunctions, type FlowEventType } from '../../machines';

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
  // Written out: closures that share this one scope cost half as much to make as closures from a helper.
  // Key order as boardgame.io's APIs list them (what Object.keys shows game code).
  const random = {
    D4(...args: unknown[]) {
      return sink.roll('D4', args);
    },
    D6(...args: unknown[]) {
      return sink.roll('D6', args);
    },
    D8(...args: unknown[]) {
      return sink.roll('D8', args);
    },
    D10(...args: unknown[]) {
      return sink.roll('D10', args);
    },
    D12(...args: unknown[]) {
      return sink.roll('D12', args);
    },
    D20(...args: unknown[]) {
      return sink.roll('D20', args);
    },
    Die(...args: unknown[]) {
      return sink.roll('Die', args);
    },
    Number(...args: unknown[]) {
      return sink.roll('Number', args);
    },
    Shuffle(...args: unknown[]) {
      return sink.roll('Shuffle', args);
    },
  };
  const events = eventFunctions((type, args) => sink.event(type, args)) as unknown as Record<FlowEventType, AnyFn>;
  return {
    random: random satisfies Record<RandomMethod, AnyFn>,
    events,
    log: { setMetadata: (value: unknown) => sink.setMetadata(value) },
  };
}
