/**
 * The `random`, `events` and (in moves) `log` objects that game code receives
 * while the call tape records it: each method notes the call, then passes it
 * on to the engine's API. They are closures, not prototype methods, so that
 * game code may destructure them (`const { D6 } = random`), as boardgame.io's
 * own APIs allow. Written as literals: filling an empty object key by key
 * costs several times more, and a tape makes one set per action. (The random
 * ones are method shorthands: they do not use `this` either.)
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
  // Written out: closures that share this one scope cost half as much to make as closures from a helper.
  // Key order as boardgame.io's APIs list them (what Object.keys shows game code).
  const random = {
    D4(...args: unknown[]) { return sink.roll('D4', args); },
    D6(...args: unknown[]) { return sink.roll('D6', args); },
    D8(...args: unknown[]) { return sink.roll('D8', args); },
    D10(...args: unknown[]) { return sink.roll('D10', args); },
    D12(...args: unknown[]) { return sink.roll('D12', args); },
    D20(...args: unknown[]) { return sink.roll('D20', args); },
    Die(...args: unknown[]) { return sink.roll('Die', args); },
    Number(...args: unknown[]) { return sink.roll('Number', args); },
    Shuffle(...args: unknown[]) { return sink.roll('Shuffle', args); },
  };
  const events = {
    endStage: (...args: unknown[]) => sink.event('endStage', args),
    setStage: (...args: unknown[]) => sink.event('setStage', args),
    endTurn: (...args: unknown[]) => sink.event('endTurn', args),
    pass: (...args: unknown[]) => sink.event('pass', args),
    endPhase: (...args: unknown[]) => sink.event('endPhase', args),
    setPhase: (...args: unknown[]) => sink.event('setPhase', args),
    endGame: (...args: unknown[]) => sink.event('endGame', args),
    setActivePlayers: (...args: unknown[]) => sink.event('setActivePlayers', args),
  };
  return {
    random: random satisfies Record<RandomMethod, AnyFn>,
    events: events satisfies Record<FlowEventType, AnyFn>,
    log: { setMetadata: (value: unknown) => sink.setMetadata(value) },
  };
}
