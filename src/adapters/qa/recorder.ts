/**
 * Recording traces from the library API: a recorder wraps `createGame` and
 * writes down every request with the state it led to; `recordTrace` plays a
 * list of requests through one. The seed is always known: the one given, else
 * the game's, else the one the match made up (read back from its context).
 */
import {
  createGame,
  compiledGame,
  evaluateRequest,
  primeRequest,
  type ActionResult,
  type CreateGameOptions,
  type TurnchartGame,
  type RequestEvent,
  type TurnchartContext,
  type CompiledGame,
  type FlowEventType,
  type Game,
  type PlayerID,
} from '../../machines';
import { machineHash } from './machine-hash';
import {
  toPlain,
  traceRequest,
  traceState,
  TRACE_FORMAT,
  type Trace,
  type TraceAction,
  type TraceGame,
  type TraceState,
} from './trace';

export interface RecordOptions {
  numPlayers: number;
  seed?: string | number;
  setupData?: unknown;
  /** Stored in `trace.meta.recordedBy` (default `api`). */
  recordedBy?: string;
  /** A game with time limits: when the match starts (ms; default 0). Requests then carry their `now`. */
  start?: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- boardgame.io's default: an untyped game reads G freely
export class TraceRecorder<G = any> {
  /** The match being recorded; requests sent to it directly are not recorded. */
  readonly match: TurnchartGame<G>;
  private readonly identity: TraceGame;
  private readonly initial: TraceState;
  private readonly actions: TraceAction[] = [];
  private readonly recordedBy: string;
  private readonly compiled: CompiledGame;

  constructor(game: Game<G>, options: RecordOptions) {
    const createOptions: CreateGameOptions = { numPlayers: options.numPlayers };
    if (options.seed !== undefined) createOptions.seed = options.seed;
    if (options.setupData !== undefined) createOptions.setupData = options.setupData;
    this.compiled = compiledGame(game);
    const start = options.start ?? 0;
    // The match's start time, in a game with time limits (each request brings its own).
    createOptions.now = () => start;
    this.match = createGame(game, createOptions);
    const snapshot = this.match.actor.getSnapshot();
    const context = snapshot.context as TurnchartContext;
    this.identity = {
      name: game.name ?? null,
      machineHash: machineHash(this.match.machine),
      numPlayers: options.numPlayers,
      seed: context.random.seed,
      ...(options.setupData !== undefined ? { setupData: toPlain(options.setupData) } : {}),
      ...(this.compiled.timed ? { start } : {}),
    };
    this.initial = traceState(snapshot);
    this.recordedBy = options.recordedBy ?? 'api';
  }

  /** Send a request `{ type, playerID, args, now? }` (or a `timeout`) and record it. */
  send(request: RequestEvent): ActionResult {
    const sent = { ...request, args: request.args ?? [] };
    const result = this.sendRequest(sent);
    this.actions.push({
      request: traceRequest(sent),
      ...(result.ok ? {} : { rejection: result.error.code }),
      state: traceState(this.match.actor.getSnapshot()),
    });
    return result;
  }

  move(name: string, args: unknown[] | undefined, playerID: PlayerID): ActionResult {
    return this.send({ type: `move.${name}`, playerID, args: args ?? [] });
  }

  event(type: FlowEventType, arg: unknown, playerID: PlayerID): ActionResult {
    return this.send({ type, playerID, args: arg === undefined ? [] : [arg] });
  }

  /** Requests recorded so far. */
  get length(): number {
    return this.actions.length;
  }

  /** The trace so far (a copy; recording can go on). */
  trace(meta: Record<string, unknown> = {}): Trace {
    return toPlain({
      format: TRACE_FORMAT,
      game: this.identity,
      initial: this.initial,
      actions: this.actions,
      meta: { recordedBy: this.recordedBy, ...meta },
    });
  }

  stop(): void {
    this.match.stop();
  }

  /** What createGame's move/event do, for any request shape (an event with several arguments too). */
  private sendRequest(request: RequestEvent): ActionResult {
    const context = this.match.actor.getSnapshot().context as TurnchartContext;
    const outcome = evaluateRequest(this.compiled, context, request);
    if (!outcome.ok) return { ok: false, error: outcome.rejection };
    // The actor takes this very outcome: game code runs once per request.
    primeRequest(this.match.machine, context, request, outcome);
    this.match.actor.send(request as never);
    return { ok: true };
  }
}

/** Start recording a match: `recorder.move(...)`, `recorder.event(...)`, then `recorder.trace()`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- boardgame.io's default: an untyped game reads G freely
export function createTraceRecorder<G = any>(game: Game<G>, options: RecordOptions): TraceRecorder<G> {
  return new TraceRecorder(game, options);
}

/** Play `requests` on a new match and return its trace. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- boardgame.io's default: an untyped game reads G freely
export function recordTrace<G = any>(game: Game<G>, options: RecordOptions, requests: readonly RequestEvent[]): Trace {
  const recorder = new TraceRecorder(game, options);
  try {
    for (const request of requests) recorder.send(request);
    return recorder.trace();
  } finally {
    recorder.stop();
  }
}
