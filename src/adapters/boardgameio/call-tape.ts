/**
 * A tape of the game code one action runs: every move, hook and trigger call
 * in order, with what it returned, the dice it rolled and the events it
 * called.
 *
 * Recording gives the adapter what boardgame.io puts in its log and that the
 * flow does not keep: the arguments of events a move called, the values of
 * `endIf` triggers, `log.setMetadata`. Replaying lets the client's xstate
 * actor take the action without running game code a second time: each call
 * returns its recorded result and re-rolls the same dice, so the actor's
 * engine reaches the same state, through its own named transitions.
 */
import { isDraft, original } from 'immer';
import { FLOW_EVENT_TYPES, type FlowEventType } from '../../machines/types';

export type CallKind = 'move' | 'hook' | 'trigger';
export type EndIfKind = 'game' | 'phase' | 'turn';

/** An event called by game code, with the turn and phase it was called in. */
export interface EventCall {
  type: FlowEventType;
  args: unknown[];
  turn: number;
  phase: string | null;
}

interface RandomCall {
  method: string;
  args: unknown[];
}

interface TapeEntry {
  id: string;
  kind: CallKind;
  output?: unknown;
  random: RandomCall[];
  events: EventCall[];
}

/** Raised inside a replay when the engine asks for a call the tape does not hold next. */
export class TapeDiverged extends Error {
  constructor(expected: string | undefined, got: string) {
    super(`replay of the recorded game code diverged: expected ${expected ?? 'no more calls'}, got ${got}`);
    this.name = 'TapeDiverged';
  }
}

type AnyFn = (...args: any[]) => unknown;

/** The state G a call works on: the base of the immer draft that moves and hooks receive. */
function baseOf(G: unknown): unknown {
  return isDraft(G) ? original(G) : G;
}

export class CallTape {
  private readonly entries: TapeEntry[];
  private readonly replaying: boolean;
  private cursor = 0;
  /** A move or hook whose result G is known only when the next call (or the action) sees it. */
  private pending: TapeEntry | undefined;
  /** Trigger values by the ctx object they were computed on. */
  readonly endIfResults = new WeakMap<object, Partial<Record<EndIfKind, unknown>>>();
  /** The last `log.setMetadata` value of the move, if it set one. */
  metadata: { value: unknown } | undefined;

  private constructor(entries: TapeEntry[], replaying: boolean) {
    this.entries = entries;
    this.replaying = replaying;
  }

  static record(): CallTape {
    return new CallTape([], false);
  }

  /** A tape that plays this one back. */
  replay(): CallTape {
    return new CallTape(this.entries, true);
  }

  /** A replay that used every recorded call. */
  get complete(): boolean {
    return this.replaying && this.cursor === this.entries.length;
  }

  /** Events called by game code, in the order they were queued. */
  get eventCalls(): EventCall[] {
    return this.entries.flatMap((entry) => entry.events);
  }

  /** The G that the action's first call (the move, in a move action) left. */
  get firstOutput(): unknown {
    return this.entries[0]?.output;
  }

  /** Close the recording with the action's final G. */
  finish(G: unknown): void {
    this.settle(G);
  }

  private settle(G: unknown): void {
    if (this.pending) this.pending.output = G;
    this.pending = undefined;
  }

  call(id: string, kind: CallKind, endIf: EndIfKind | undefined, fn: AnyFn, context: any, args: unknown[]): unknown {
    return this.replaying ? this.play(id, kind, context) : this.rec(id, kind, endIf, fn, context, args);
  }

  private rec(id: string, kind: CallKind, endIf: EndIfKind | undefined, fn: AnyFn, context: any, args: unknown[]): unknown {
    this.settle(baseOf(context.G));
    const entry: TapeEntry = { id, kind, random: [], events: [] };
    this.entries.push(entry);
    const seen = {
      ...context,
      random: recordingRandom(context.random, entry.random),
      events: recordingEvents(context.events, entry.events, context.ctx),
      ...(kind === 'move' ? { log: { setMetadata: (value: unknown) => (this.metadata = { value }) } } : {}),
    };
    const output = fn(seen, ...args);
    if (kind === 'trigger') {
      entry.output = output;
      if (endIf) {
        const results = this.endIfResults.get(context.ctx) ?? {};
        results[endIf] = output;
        this.endIfResults.set(context.ctx, results);
      }
    } else {
      this.pending = entry;
    }
    return output;
  }

  private play(id: string, kind: CallKind, context: any): unknown {
    const entry = this.entries[this.cursor];
    if (!entry || entry.id !== id || entry.kind !== kind) throw new TapeDiverged(entry?.id, id);
    this.cursor++;
    for (const { method, args } of entry.random) {
      context.random[method](...(method === 'Shuffle' ? [Array.from({ length: args[0] as number })] : args));
    }
    for (const call of entry.events) (context.events[call.type] as AnyFn)(...call.args);
    if (kind === 'trigger') return entry.output;
    // Inside immer's producer: returning the recorded G replaces the untouched draft.
    return entry.output === baseOf(context.G) ? undefined : entry.output;
  }
}

/** The methods of boardgame.io's random API. */
const RANDOM_METHODS = ['D4', 'D6', 'D8', 'D10', 'D12', 'D20', 'Die', 'Number', 'Shuffle'] as const;

function recordingRandom(api: any, calls: RandomCall[]): Record<string, AnyFn> {
  const out: Record<string, AnyFn> = {};
  for (const method of RANDOM_METHODS) {
    out[method] = (...args: unknown[]) => {
      // A deck may be a draft that is revoked once the call returns: keep its length only.
      calls.push({ method, args: method === 'Shuffle' ? [(args[0] as unknown[]).length] : args });
      return api[method](...args);
    };
  }
  return out;
}

function recordingEvents(api: any, calls: EventCall[], ctx: { turn: number; phase: string | null }): Record<string, AnyFn> {
  const out: Record<string, AnyFn> = {};
  for (const type of FLOW_EVENT_TYPES) {
    out[type] = (...args: unknown[]) => {
      calls.push({ type, args, turn: ctx.turn, phase: ctx.phase });
      return api[type](...args);
    };
  }
  return out;
}

let active: CallTape | undefined;

/** Run `fn` with `tape` recording (or replaying) the game code it calls. */
export function withTape<T>(tape: CallTape, fn: () => T): T {
  const previous = active;
  active = tape;
  try {
    return fn();
  } finally {
    active = previous;
  }
}

/** Game code that goes through the active tape, if any, and runs plainly otherwise. */
export function taped<F extends AnyFn>(fn: F, id: string, kind: CallKind, endIf?: EndIfKind): F {
  const wrapped = function (this: unknown, context: any, ...args: unknown[]) {
    const tape = active;
    return tape ? tape.call(id, kind, endIf, fn, context, args) : fn.call(this, context, ...args);
  };
  return wrapped as F;
}
