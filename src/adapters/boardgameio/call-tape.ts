/* eslint-disable @typescript-eslint/no-explicit-any -- the context the engine hands game code of any game; its random and events methods are replayed by name */
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
import { baseOf, shapeAnchor, type FlowEventType } from '../../machines';
import {
  TapeDiverged,
  type CallKind,
  type EndIfKind,
  type EventCall,
  type RandomCall,
  type TapeEntry,
  type TriggerResult,
} from './tape-entries';
import { appended } from './array-append';
import { makeRecorders, type RandomMethod, type RecordingSink } from './tape-recorders';

export type { CallKind, EndIfKind, EventCall } from './tape-entries';
export { TapeDiverged } from './tape-entries';

type AnyFn = (...args: any[]) => unknown;

/** The last tape made (machines/engine/shape-anchor.ts): one or two are made per action. */
const anchor = shapeAnchor();

export class CallTape implements RecordingSink {
  /** Every call, on a tape to replay; a tape for the log keeps only the first. */
  private readonly entries: TapeEntry[];
  private first: TapeEntry | undefined;
  private readonly replaying: boolean;
  /** Whether a chart actor may replay this tape; if not, triggers keep only what the log needs. */
  private readonly replayable: boolean;
  private cursor = 0;
  /** A move or hook whose result G is known only when the next call (or the action) sees it. */
  private pending: TapeEntry | undefined;
  private triggers: TriggerResult[] | undefined;
  private calls: EventCall[] | undefined;
  /** Calls of this tape running now (more than one when game code runs inside another call). */
  private running = 0;
  /** The call being recorded, its ctx, and the engine's random and events APIs that its stand-ins pass calls on to. */
  private recordingEntry: TapeEntry | undefined;
  private recordingCtx: any;
  private recordingRandom: any;
  private recordingEvents: any;
  /** The last `log.setMetadata` value of the move, if it set one. */
  metadata: { value: unknown } | undefined;

  private constructor(entries: TapeEntry[], replaying: boolean, replayable: boolean) {
    this.entries = entries;
    this.first = entries[0];
    this.replaying = replaying;
    this.replayable = replayable;
    anchor.last = this;
  }

  /**
   * A tape that records. `replayable`: a chart actor will replay it; without
   * one, only what the log needs is kept, and triggers run without the
   * recording's bookkeeping (most calls of an action are triggers).
   */
  static record(replayable: boolean): CallTape {
    // An array grown by a push holds 17 slots: a tape for the log keeps its one entry in `first`.
    return new CallTape(replayable ? [] : NO_ENTRIES, false, replayable);
  }

  /** A tape that plays this one back. */
  replay(): CallTape {
    if (!this.replayable) throw new Error('turnchart: a call tape recorded for the log only cannot be replayed');
    return new CallTape(this.entries, true, false);
  }

  /** A replay that used every recorded call. */
  get complete(): boolean {
    return this.replaying && this.cursor === this.entries.length;
  }

  /** Events called by game code, in the order they were queued. */
  get eventCalls(): readonly EventCall[] {
    return this.calls ?? NO_CALLS;
  }

  /**
   * What the last `kind` trigger computed on this very ctx object returned, if
   * it was truthy (only a truthy value ends anything); undefined if none ran,
   * and perhaps for a falsy value.
   */
  endIfResult(ctx: object, kind: EndIfKind): unknown {
    const triggers = this.triggers;
    if (!triggers) return undefined;
    for (let i = triggers.length - 1; i >= 0; i--) {
      const result = triggers[i];
      if (result.ctx === ctx && result.kind === kind) return result.value;
    }
    return undefined;
  }

  /** The G that the action's first call (the move, in a move action) left. */
  get firstOutput(): unknown {
    return this.first?.output;
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
    if (this.replaying) return this.play(id, kind, context);
    if (kind === 'trigger' && !this.replayable) return this.logTrigger(endIf, fn, context, args);
    return this.rec(id, kind, endIf, fn, context, args);
  }

  /**
   * A trigger on a tape nobody replays: it runs on the engine's own context
   * (its random and events APIs), and only what an `endIf` returned is kept.
   * A trigger's events are refused by the engine, and its rolls need no
   * replaying.
   */
  private logTrigger(endIf: EndIfKind | undefined, fn: AnyFn, context: any, args: unknown[]): unknown {
    if (this.pending) this.settle(baseOf(context.G));
    const output = args.length === 0 ? fn(context) : fn(context, ...args);
    if (endIf) this.noteEndIf(context.ctx, endIf, output);
    return output;
  }

  /**
   * Nearly every `endIf` returns a falsy value, which ends nothing: one is
   * kept only once a truthy one is, to stand in front of it (the last result
   * on a ctx counts). Most actions keep none.
   */
  private noteEndIf(ctx: object, kind: EndIfKind, value: unknown): void {
    if (value || this.triggers !== undefined)
      this.triggers = appended(this.triggers ?? NO_TRIGGERS, { ctx, kind, value });
  }

  private rec(
    id: string,
    kind: CallKind,
    endIf: EndIfKind | undefined,
    fn: AnyFn,
    context: any,
    args: unknown[],
  ): unknown {
    if (this.pending) this.settle(baseOf(context.G));
    // The log needs only the first call's result (firstOutput); a replay needs every call and its rolls.
    const replayable = this.replayable;
    const entry: TapeEntry | undefined = replayable || this.first === undefined ? { id, kind } : undefined;
    if (entry !== undefined) {
      if (replayable) this.entries.push(entry);
      this.first ??= entry;
    }
    const outerEntry = this.recordingEntry;
    const outerCtx = this.recordingCtx;
    const outerRandom = this.recordingRandom;
    const outerEvents = this.recordingEvents;
    this.recordingEntry = entry;
    this.recordingCtx = context.ctx;
    this.recordingRandom = context.random;
    this.recordingEvents = context.events;
    // The engine makes a new context for each call: its APIs are swapped for the stand-ins in place (a copy of
    // the context per call cost more than the rest of the recording).
    context.events = recorders.events;
    if (replayable) context.random = recorders.random;
    if (kind === 'move') context.log = recorders.log;
    const outerTape = recording;
    // The shared stand-ins (random, events, log) act for whichever tape records now: this one.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    recording = this;
    this.running++;
    let output: unknown;
    try {
      output = args.length === 0 ? fn(context) : fn(context, ...args);
    } finally {
      this.running--;
      // Back to the enclosing call, if game code ran inside one; else the stand-ins keep the last call's APIs.
      if (this.running > 0) {
        this.recordingEntry = outerEntry;
        this.recordingCtx = outerCtx;
        this.recordingRandom = outerRandom;
        this.recordingEvents = outerEvents;
      }
      // A move that drives another client's action (whose tape recorded inside it) records on here again.
      if (outerTape !== undefined && outerTape.running > 0) recording = outerTape;
    }
    if (kind === 'trigger') {
      if (entry !== undefined) entry.output = output;
      if (endIf) this.noteEndIf(context.ctx, endIf, output);
    } else if (entry !== undefined) {
      this.pending = entry;
    }
    return output;
  }

  /** A roll by game code: noted on the call being recorded (for a replay), then made by the engine's API. */
  roll(method: RandomMethod, args: unknown[]): unknown {
    const api = this.recordingRandom;
    // A deck may be a draft that is revoked once the call returns: keep its length only.
    if (this.replayable)
      (this.recordingEntry!.random ??= []).push({
        method,
        args: method === 'Shuffle' ? [(args[0] as unknown[]).length] : args,
      });
    return api[method](...args);
  }

  /** An event called by game code: noted with the turn and phase of its call, then queued by the engine. */
  event(type: FlowEventType, args: unknown[]): unknown {
    const ctx = this.recordingCtx;
    const call: EventCall = { type, args, turn: ctx.turn, phase: ctx.phase };
    if (this.replayable) (this.recordingEntry!.events ??= []).push(call);
    this.calls = appended(this.calls ?? NO_CALLS, call);
    return this.recordingEvents[type](...args);
  }

  setMetadata(value: unknown): void {
    this.metadata = { value };
  }

  private play(id: string, kind: CallKind, context: any): unknown {
    const entry = this.entries[this.cursor];
    if (!entry || entry.id !== id || entry.kind !== kind) throw new TapeDiverged(entry?.id, id);
    this.cursor++;
    for (const { method, args } of entry.random ?? NO_ROLLS) {
      context.random[method](...(method === 'Shuffle' ? [Array.from({ length: args[0] as number })] : args));
    }
    for (const call of entry.events ?? NO_CALLS) (context.events[call.type] as AnyFn)(...call.args);
    if (kind === 'trigger') return entry.output;
    // Inside the draft's recipe (drafts.ts): returning the recorded G replaces the untouched draft.
    return entry.output === baseOf(context.G) ? undefined : entry.output;
  }
}

/** The tape whose call is running: the stand-ins that game code receives report to it. */
let recording: CallTape | undefined;

/**
 * One set of stand-ins for every tape: making a set per tape was a score of
 * closures per action, to be collected again.
 */
const recorders = makeRecorders({
  roll: (method, args) => recording!.roll(method, args),
  event: (type, args) => recording!.event(type, args),
  setMetadata: (value) => recording!.setMetadata(value),
});

const NO_CALLS: readonly EventCall[] = [];
const NO_TRIGGERS: readonly TriggerResult[] = [];
/** The entries of every tape for the log: never added to. */
const NO_ENTRIES: TapeEntry[] = [];
const NO_ROLLS: readonly RandomCall[] = [];
