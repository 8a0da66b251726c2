/**
 * The trace format, `turnchart-trace/1`: one match as plain JSON. It names
 * the game (name, a hash of its chart, seats, seed, setupData), lists every
 * request sent in order, and after each the resulting `{ G, ctx, value }`
 * (value: the chart's active state value) plus the rejection code when the
 * machine refused it (a refused request leaves the state as it was). In a
 * game with time limits the game records its start time (`start`) and each
 * request its time (`now`); a `timeout` request has no player.
 *
 * ```json
 * { "format": "turnchart-trace/1",
 *   "game": { "name": "card-phases", "machineHash": "…", "numPlayers": 2, "seed": "demo" },
 *   "initial": { "G": …, "ctx": …, "value": … },
 *   "actions": [ { "request": { "type": "move.drawCard", "playerID": "0", "args": [] }, "state": { … } },
 *                { "request": { "type": "move.playCard", "playerID": "0", "args": [] }, "rejection": "MOVE_NOT_ALLOWED", "state": { … } } ] }
 * ```
 */
import type { RequestEvent, RejectionCode, Ctx, PlayerID } from '../../machines';

export const TRACE_FORMAT = 'turnchart-trace/1';

/** The game state after an action: boardgame.io's G and ctx, and the chart's state value. */
export interface TraceState {
  G: unknown;
  ctx: Ctx;
  value: unknown;
}

/** Which match a trace is of. */
export interface TraceGame {
  /** `game.name`, or null when the game has none. */
  name: string | null;
  /** `machineHash` of the chart the trace was recorded on. */
  machineHash: string;
  numPlayers: number;
  seed: string | number;
  setupData?: unknown;
  /** A game with time limits: when the match started (ms). */
  start?: number;
}

/** A request as a trace stores it: always with an `args` array; `now` in a game with time limits. */
export interface TraceRequest {
  type: string;
  /** Absent for a `timeout`. */
  playerID: PlayerID;
  args: unknown[];
  now?: number;
  /** A timeout's named deadline. */
  limit?: string;
  seat?: PlayerID;
}

export interface TraceAction {
  request: TraceRequest;
  /** Set when the machine refused the request. */
  rejection?: RejectionCode;
  state: TraceState;
}

export interface Trace {
  format: typeof TRACE_FORMAT;
  game: TraceGame;
  /** The state after setup and the start of the first turn. */
  initial: TraceState;
  actions: TraceAction[];
  /** Free-form: who recorded it (`api`, `stepper`, `inspector`), when. */
  meta?: Record<string, unknown>;
}

/** Plain JSON of a value: what a trace file holds (undefined fields disappear, as they would on disk). */
export function toPlain<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** The trace state of a game machine snapshot. */
export function traceState(snapshot: { context: { G: unknown; ctx: Ctx }; value: unknown }): TraceState {
  return toPlain({ G: snapshot.context.G, ctx: snapshot.context.ctx, value: snapshot.value });
}

export function traceRequest(request: RequestEvent): TraceRequest {
  const { limit, seat } = request as { limit?: string; seat?: PlayerID };
  return toPlain({
    type: request.type,
    playerID: request.playerID,
    args: request.args ?? [],
    ...(request.now !== undefined ? { now: request.now } : {}),
    ...(limit !== undefined ? { limit } : {}),
    ...(seat !== undefined ? { seat } : {}),
  });
}

/** Thrown by parseTrace for a file that is not a turnchart trace. */
export class TraceFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TraceFormatError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function checkState(value: unknown, where: string): void {
  if (!isRecord(value) || !('G' in value) || !isRecord(value.ctx) || !('value' in value)) {
    throw new TraceFormatError(`${where} must be { G, ctx, value }`);
  }
}

/** Check a parsed JSON value is a trace of this format; returns it typed. */
export function parseTrace(json: unknown): Trace {
  if (!isRecord(json)) throw new TraceFormatError('a trace is a JSON object');
  if (json.format !== TRACE_FORMAT) {
    throw new TraceFormatError(
      `not a turnchart trace: format is ${JSON.stringify(json.format)}, expected "${TRACE_FORMAT}"`,
    );
  }
  const game = json.game;
  if (!isRecord(game)) throw new TraceFormatError('trace.game must be an object');
  if (!Number.isInteger(game.numPlayers) || (game.numPlayers as number) < 1)
    throw new TraceFormatError('trace.game.numPlayers must be a positive integer');
  if (typeof game.seed !== 'string' && typeof game.seed !== 'number')
    throw new TraceFormatError('trace.game.seed must be a string or a number');
  if (typeof game.machineHash !== 'string') throw new TraceFormatError('trace.game.machineHash must be a string');
  if (game.name !== null && typeof game.name !== 'string')
    throw new TraceFormatError('trace.game.name must be a string or null');
  checkState(json.initial, 'trace.initial');
  if (!Array.isArray(json.actions)) throw new TraceFormatError('trace.actions must be an array');
  json.actions.forEach((action: unknown, index: number) => {
    const where = `trace.actions[${index}]`;
    if (!isRecord(action) || !isRecord(action.request))
      throw new TraceFormatError(`${where} must be { request, state, rejection? }`);
    const { request } = action;
    const player =
      typeof request.playerID === 'string' || (request.type === 'timeout' && request.playerID === undefined);
    if (typeof request.type !== 'string' || !player || !Array.isArray(request.args)) {
      throw new TraceFormatError(`${where}.request must be { type, playerID, args: [] }`);
    }
    if (request.now !== undefined && !Number.isFinite(request.now))
      throw new TraceFormatError(`${where}.request.now must be a number of milliseconds`);
    if (action.rejection !== undefined && typeof action.rejection !== 'string')
      throw new TraceFormatError(`${where}.rejection must be a rejection code`);
    checkState(action.state, `${where}.state`);
  });
  return json as unknown as Trace;
}

/** A request in one line: `0 move.playCard [3]`, `timeout at 30000`. */
export function describeRequest(request: { type: string; playerID?: string; args?: unknown[]; now?: number }): string {
  if (request.type === 'timeout') return `timeout${request.now !== undefined ? ` at ${request.now}` : ''}`;
  const args = request.args && request.args.length > 0 ? ` ${JSON.stringify(request.args)}` : '';
  return `${request.playerID} ${request.type}${args}`;
}
