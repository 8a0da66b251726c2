/**
 * One inspected match: the game's actor, every request sent to it, and a
 * timeline of persisted snapshots to travel through.
 *
 * Every actor the session runs is created with the session's `inspect`
 * observer, so whatever is connected there (the local page's stream, Stately
 * Inspector) sees the real xstate inspection events. What xstate's stream
 * does not carry is reported as session messages: the raised steps of a
 * request (xstate reports them only as microsteps), rejections (a refused
 * request takes no transition), the timeline position and what each player may send now.
 *
 * Time travel restores the persisted snapshot of an earlier position into a
 * fresh actor (the machine is pure, so a persisted snapshot restores the
 * identical game); a request sent from the past drops the future first.
 */
import {
  explain,
  compiledGame,
  createGameMachine,
  evaluateRequest,
  primeRequest,
  type GameMachine,
  type RequestEvent,
  type TurnchartContext,
  type ActionRejection,
  type Game,
  type PlayerID,
} from '../../machines';
import { createActor, type Actor, type InspectionEvent, type Snapshot } from 'xstate';
import { microstepMessage, type TakenTransition } from './microstep-message';
import { allowedActions, type AllowedAction } from './allowed-actions';
export { microstepMessage, type TakenTransition } from './microstep-message';
import { NO_TIMERS, SessionTime, type SessionClockMode, type TimeMessage, type WallClock } from './session-time';

export type SessionMessage =
  /** One microstep of the current actor: a raised step (`tc` set) or the request's own transition. */
  | {
      type: 'turnchart.microstep';
      sessionId: string;
      event: { type: string; tc?: unknown };
      raised: boolean;
      /** A step of the request: its first (taken by the request itself) or a raised one. */
      step: boolean;
      transitions: TakenTransition[];
    }
  /** The current actor refused a request; nothing changed. */
  | {
      type: 'turnchart.rejected';
      sessionId: string;
      request: RequestEvent;
      rejection: Pick<ActionRejection, 'code' | 'message'>;
    }
  /** `position` requests of `length` are applied; sent after every change, and before a request that drops the future. */
  | { type: 'turnchart.timeline'; position: number; length: number }
  /** What each player may send now. */
  | { type: 'turnchart.allowed'; players: Record<PlayerID, AllowedAction[]> }
  /** In a game with time limits: the session's time and each seat's remaining time. */
  | TimeMessage;

export interface InspectorSessionOptions {
  game: Game;
  numPlayers: number;
  seed?: string | number;
  matchID?: string;
  setupData?: unknown;
  /** Receives the xstate inspection events of every actor the session runs. */
  inspect?: (event: InspectionEvent) => void;
  /** Receives the session's own messages, in order with the inspection events. */
  onMessage?: (message: SessionMessage) => void;
  /** A game with time limits: time that stands still but for `advance` (default), or runs with the wall clock. */
  time?: SessionClockMode;
  /** The wall clock of `time: 'real'` (default: the system's). */
  wall?: WallClock;
}

interface TimelineEntry {
  /** The request that led here (none for the start). */
  request?: RequestEvent;
  rejection?: ActionRejection;
  snapshot: Snapshot<unknown>;
}

export type SendResult = { ok: true } | { ok: false; rejection: Pick<ActionRejection, 'code' | 'message'> };

function isRequestEvent(value: unknown): value is RequestEvent {
  if (value === null || typeof value !== 'object') return false;
  const event = value as Record<string, unknown>;
  return (
    typeof event.type === 'string' &&
    // A timeout is no player's.
    (typeof event.playerID === 'string' || event.type === 'timeout') &&
    (event.args === undefined || Array.isArray(event.args)) &&
    (event.now === undefined || typeof event.now === 'number')
  );
}

export class InspectorSession {
  readonly game: Game;
  readonly machine: GameMachine;
  readonly numPlayers: number;
  readonly seed: string | number;
  private actorRef: Actor<GameMachine>;
  private readonly entries: TimelineEntry[] = [];
  private at = 0;
  private lastRejection: ActionRejection | undefined;
  private readonly options: InspectorSessionOptions;
  /** In a game with time limits: the session's time (session-time.ts). */
  readonly time: SessionTime | undefined;

  constructor(options: InspectorSessionOptions) {
    this.options = options;
    this.game = options.game;
    this.numPlayers = options.numPlayers;
    this.seed = options.seed ?? `inspect-${Date.now()}`;
    this.machine = createGameMachine(options.game, { numPlayers: options.numPlayers });
    if (compiledGame(options.game).timed) this.time = new SessionTime(options.time ?? 'manual', options.wall);
    this.actorRef = this.startActor();
    this.entries.push({ snapshot: this.actorRef.getPersistedSnapshot() });
    this.announce();
  }

  get actor(): Actor<GameMachine> {
    return this.actorRef;
  }

  get context(): TurnchartContext {
    return this.actorRef.getSnapshot().context as TurnchartContext;
  }

  /** Requests applied so far on the current timeline (0 at the start). */
  get position(): number {
    return this.at;
  }

  /** Requests on the timeline, including those ahead of the position after stepping back. */
  get length(): number {
    return this.entries.length - 1;
  }

  /** The requests of the timeline, in order, with their rejections. */
  get requests(): { request: RequestEvent; rejection?: ActionRejection }[] {
    return this.entries
      .slice(1)
      .map(({ request, rejection }) => ({ request: request!, ...(rejection ? { rejection } : {}) }));
  }

  allowed(): Record<PlayerID, AllowedAction[]> {
    return allowedActions(this.game, this.actorRef.getSnapshot());
  }

  /** Send a request as a player would. From an earlier position, the future is dropped first. */
  send(request: unknown): SendResult {
    if (!isRequestEvent(request)) {
      return {
        ok: false,
        rejection: {
          code: 'INVALID_ARGUMENT',
          message: 'a request is { type, playerID, args? } with a string playerID and an array of args',
        },
      };
    }
    const event: RequestEvent = { type: request.type, playerID: request.playerID, args: request.args ?? [] };
    if (request.type === 'timeout') Object.assign(event, pickTimeout(request));
    if (this.time) event.now = request.now ?? this.time.now();
    if (this.at < this.length) {
      this.entries.length = this.at + 1;
      this.emit({ type: 'turnchart.timeline', position: this.at, length: this.length });
    }
    this.lastRejection = undefined;
    // The flow's verdict first, handed to the machine, which takes it without running game code again; a refused
    // request takes no transition and the actor says nothing, so the session reports the flow's reason.
    const from = this.context;
    const verdict = evaluateRequest(compiledGame(this.game), from, event);
    primeRequest(this.machine, from, event, verdict);
    this.actorRef.send(event as never);
    if (!verdict.ok) this.reject(this.actorRef, event, verdict.rejection);
    const rejection = this.lastRejection as ActionRejection | undefined;
    // Accepted: the session stands at the request's time.
    if (this.time && !rejection) this.time.standAt(this.context.ctx.time?.at ?? this.time.now());
    this.entries.push({
      request: event,
      ...(rejection ? { rejection } : {}),
      snapshot: this.actorRef.getPersistedSnapshot(),
    });
    this.at = this.length;
    this.announce();
    return rejection ? { ok: false, rejection: { code: rejection.code, message: rejection.message } } : { ok: true };
  }

  /**
   * Manual time: move it on by `ms`, applying each deadline it passes as a
   * timeout at that deadline's time; returns how many were applied.
   */
  advance(ms: number): number {
    const time = this.time;
    if (!time || !(ms >= 0)) return 0;
    const until = time.now() + ms;
    let applied = 0;
    for (let due = time.due(this.context.ctx, until); due; due = time.due(this.context.ctx, until)) {
      time.moveTo(due.at);
      if (!this.send({ type: 'timeout', now: due.at }).ok) break;
      applied++;
    }
    time.moveTo(until);
    this.announce();
    return applied;
  }

  /** QA's "expire now": the next deadline comes at once (the session's time moves to it) and its timeout applies. */
  expire(): SendResult {
    const next = this.time?.due(this.context.ctx, Infinity);
    if (!next) {
      return { ok: false, rejection: { code: 'NO_DEADLINE_PASSED', message: 'no deadline is set' } };
    }
    this.time!.moveTo(next.at);
    return this.send({ type: 'timeout', now: next.at });
  }

  /** Step back one request; false at the start. */
  back(): boolean {
    return this.goto(this.at - 1);
  }

  /** Step forward one request; false at the end of the timeline. */
  forward(): boolean {
    return this.goto(this.at + 1);
  }

  /** Restore the game as it was after `position` requests. */
  goto(position: number): boolean {
    if (!Number.isInteger(position) || position < 0 || position > this.length || position === this.at) return false;
    this.at = position;
    this.actorRef.stop();
    this.actorRef = this.startActor(this.entries[position].snapshot);
    // Time travel takes the time back (or on) with the match.
    this.time?.standAt(this.context.ctx.time?.at ?? this.time.start);
    this.announce();
    return true;
  }

  stop(): void {
    this.time?.clear();
    this.actorRef.stop();
  }

  /** Say why in the chart's terms (the seat's state, what it allows, where in the config). */
  private reject(actor: Actor<GameMachine>, request: RequestEvent, rejection: ActionRejection): void {
    const explained = { ...rejection, message: explain(this.game, actor.getSnapshot().context, request).text };
    this.lastRejection = explained;
    this.emit({
      type: 'turnchart.rejected',
      sessionId: actor.sessionId,
      request,
      rejection: { code: explained.code, message: explained.message },
    });
  }

  private emit(message: SessionMessage): void {
    this.options.onMessage?.(message);
  }

  private announce(): void {
    this.emit({ type: 'turnchart.timeline', position: this.at, length: this.length });
    this.emit({ type: 'turnchart.allowed', players: this.allowed() });
    const time = this.time;
    if (!time) return;
    const { ctx } = this.context;
    this.emit(time.message(ctx));
    time.schedule(ctx, () => this.send({ type: 'timeout' }));
  }

  private startActor(snapshot?: Snapshot<unknown>): Actor<GameMachine> {
    const { seed, matchID, setupData } = this.options;
    const actor = createActor(this.machine, {
      input: { seed: seed ?? this.seed, matchID, setupData, ...(this.time ? { now: this.time.start } : {}) },
      ...(this.time ? { clock: NO_TIMERS } : {}),
      ...(snapshot ? { snapshot: snapshot as never } : {}),
      inspect: (inspection) => this.observe(inspection),
    });
    // A game that cannot start errors the actor: thrown here (a GameStartError the CLI tells in one line), not left to xstate's unhandled-error report, which would crash the process a tick later.
    const starting = actor.subscribe({ error: () => undefined });
    actor.start();
    starting.unsubscribe();
    const started = actor.getSnapshot();
    if (started.status === 'error') throw started.error;
    return actor;
  }

  private observe(inspection: InspectionEvent): void {
    this.options.inspect?.(inspection);
    const message = microstepMessage(inspection);
    if (message) this.emit(message);
  }
}

/** A timeout request's own fields. */
function pickTimeout(request: RequestEvent): object {
  const { limit, seat } = request as { limit?: unknown; seat?: unknown };
  return { ...(limit !== undefined ? { limit } : {}), ...(seat !== undefined ? { seat } : {}) };
}
