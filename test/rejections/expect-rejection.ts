/**
 * Design invariant 3, checked for one request: the request is refused with a
 * typed, readable reason, and G, ctx, the chart's state value and the whole
 * persisted snapshot are exactly as before. The request goes both through
 * `createGame`'s API and straight to the actor (for which `can()` must be
 * false, and which must change nothing); the pure `transitionGame` gives the
 * same reason.
 */
import {
  createGame,
  transitionGame,
  type ActionRejection,
  type FlowEventType,
  type Game,
  type RejectionCode,
  type TurnchartGame,
} from 'turnchart';

export interface RawRequest {
  type: string;
  playerID: unknown;
  args?: unknown;
}

export interface Expected {
  code: RejectionCode;
  /** Substrings (or patterns) the message must contain: the culprit and where it is. */
  mentions?: (string | RegExp)[];
  /** The `location` of the rejection, when the culprit is in the game config. */
  location?: string;
}

export function start<G = any>(game: Game<G>, numPlayers = 2): TurnchartGame<G> {
  return createGame(game, { numPlayers, seed: 'rejections' });
}

interface Before {
  state: unknown;
  value: unknown;
  persisted: string;
}

function capture(match: TurnchartGame): Before {
  return {
    state: structuredClone(match.getState()),
    value: structuredClone(match.getStateValue()),
    persisted: JSON.stringify(match.getPersistedSnapshot()),
  };
}

function expectUnchanged(match: TurnchartGame, before: Before): void {
  expect(match.getState()).toEqual(before.state);
  expect(match.getStateValue()).toEqual(before.value);
  expect(JSON.stringify(match.getPersistedSnapshot())).toBe(before.persisted);
}

function expectReason(rejection: ActionRejection, expected: Expected): void {
  expect(rejection.code).toBe(expected.code);
  expect(typeof rejection.message).toBe('string');
  expect(rejection.message.length).toBeGreaterThan(0);
  for (const mention of expected.mentions ?? []) {
    if (typeof mention === 'string') expect(rejection.message).toContain(mention);
    else expect(rejection.message).toMatch(mention);
  }
  if (expected.location !== undefined) expect(rejection.location).toBe(expected.location);
}

/** The request through the public API, when the API can express it. */
function viaApi(match: TurnchartGame, request: RawRequest) {
  const { type, args } = request;
  const playerID = request.playerID as string;
  if (args !== undefined && !Array.isArray(args)) return undefined;
  if (type.startsWith('move.')) return match.move(type.slice(5), args, playerID);
  if (args === undefined || args.length <= 1) return match.event(type as FlowEventType, args?.[0], playerID);
  return undefined;
}

/** Sends the request to the actor itself, which may not take it; returns the reason `transitionGame` gives. */
function viaActor(match: TurnchartGame, request: RawRequest): ActionRejection | undefined {
  const snapshot = match.actor.getSnapshot();
  expect(snapshot.can(request as any)).toBe(false);
  const emitted: unknown[] = [];
  const sub = match.actor.on('*', (event) => void emitted.push(event));
  try {
    match.actor.send(request as any);
  } finally {
    sub.unsubscribe();
  }
  expect(emitted).toEqual([]);
  expect(match.actor.getSnapshot()).toBe(snapshot);
  return transitionGame(match.machine, snapshot, request as any).rejection;
}

export function expectRejected(match: TurnchartGame, request: RawRequest, expected: Expected): ActionRejection {
  const before = capture(match);
  const result = viaApi(match, request);
  let rejection: ActionRejection | undefined;
  if (result) {
    expect(result.ok).toBe(false);
    if (result.ok) throw new Error('accepted');
    rejection = result.error;
    expectReason(rejection, expected);
    expectUnchanged(match, before);
  }
  if (match.actor.getSnapshot().status === 'active') {
    const reason = viaActor(match, request);
    expect(reason).toBeDefined();
    expectReason(reason!, expected);
    expectUnchanged(match, before);
    rejection ??= reason;
  }
  if (!rejection) throw new Error('the request could be sent neither through the API nor to the actor');
  return rejection;
}

/** Shorthands for requests. */
export const move = (name: string, playerID: unknown = '0', args: unknown[] = []): RawRequest => ({
  type: `move.${name}`,
  playerID,
  args,
});
export const event = (type: string, arg?: unknown, playerID: unknown = '0'): RawRequest => ({
  type,
  playerID,
  args: arg === undefined ? [] : [arg],
});

/** Accepts a request (to put a match in a state worth protecting). */
export function accept(match: TurnchartGame, request: RawRequest): void {
  const result = viaApi(match, request);
  expect(result).toEqual({ ok: true });
}
