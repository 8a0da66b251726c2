/**
 * Checks on what a socket client sends, before anything reads it. A client
 * may send anything socket.io can carry: wrong types, huge or deeply nested
 * values, binary attachments, objects with `__proto__` keys. What passes
 * these checks is plain JSON of bounded size, with the shapes boardgame.io
 * 0.50's client sends.
 */

export const MAX_ID_LENGTH = 128;
const MAX_DEPTH = 32;
const MAX_NODES = 20_000;

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

const ACTION_TYPES = new Set(['MAKE_MOVE', 'GAME_EVENT', 'UNDO', 'REDO']);

export interface ClientAction {
  type: 'MAKE_MOVE' | 'GAME_EVENT' | 'UNDO' | 'REDO';
  payload: { type: string | null; args: unknown; playerID: string | null | undefined; credentials: string | undefined };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Plain JSON (no binary, no non-finite numbers, no `__proto__` keys), bounded in depth and size. */
export function isPlainJson(value: unknown): boolean {
  let nodes = 0;
  const visit = (v: unknown, depth: number): boolean => {
    if (++nodes > MAX_NODES || depth > MAX_DEPTH) return false;
    if (v === null || typeof v === 'string' || typeof v === 'boolean') return true;
    if (typeof v === 'number') return Number.isFinite(v);
    if (Array.isArray(v)) return v.every((item) => visit(item, depth + 1));
    if (!isPlainObject(v)) return false;
    for (const key of Object.keys(v)) {
      if (key === '__proto__') return false;
      if (!visit(v[key], depth + 1)) return false;
    }
    return true;
  };
  return visit(value, 0);
}

export function isMatchID(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_ID_LENGTH;
}

/** A seat id as clients send it: a short string, or null/undefined for a spectator. */
export function isPlayerIDOrNone(value: unknown): value is string | null | undefined {
  return value === undefined || value === null || (typeof value === 'string' && value.length <= MAX_ID_LENGTH);
}

function isOptionalString(value: unknown): value is string | undefined {
  return value === undefined || value === null || (typeof value === 'string' && value.length <= 1024);
}

/** The arguments of an `update` message: `[action, stateID, matchID, playerID]`. */
export function checkUpdate(
  args: unknown[],
): Checked<{ action: ClientAction; stateID: number; matchID: string; playerID: string | null | undefined }> {
  const [action, stateID, matchID, playerID] = args;
  if (!isMatchID(matchID)) return { ok: false, error: 'matchID must be a non-empty string' };
  if (typeof stateID !== 'number' || !Number.isSafeInteger(stateID) || stateID < 0)
    return { ok: false, error: 'stateID must be a whole number' };
  if (!isPlayerIDOrNone(playerID)) return { ok: false, error: 'playerID must be a string' };
  if (!isPlainObject(action) || typeof action.type !== 'string' || !ACTION_TYPES.has(action.type)) {
    return { ok: false, error: 'the action must be a MAKE_MOVE, GAME_EVENT, UNDO or REDO action' };
  }
  const { payload } = action;
  if (!isPlainObject(payload)) return { ok: false, error: 'missing action or action payload' };
  if (!(
    typeof payload.type === 'string' ||
    ((action.type === 'UNDO' || action.type === 'REDO') && (payload.type === null || payload.type === undefined))
  )) {
    return { ok: false, error: 'action.payload.type must be a string' };
  }
  if (typeof payload.type === 'string' && payload.type.length > MAX_ID_LENGTH)
    return { ok: false, error: 'action.payload.type is too long' };
  if (!isPlayerIDOrNone(payload.playerID)) return { ok: false, error: 'action.payload.playerID must be a string' };
  if (!isOptionalString(payload.credentials)) return { ok: false, error: 'credentials must be a string' };
  if (payload.args !== undefined && !isPlainJson(payload.args))
    return { ok: false, error: 'action arguments must be plain JSON' };
  const clean: ClientAction = {
    type: action.type as ClientAction['type'],
    payload: {
      type: (payload.type as string | null | undefined) ?? null,
      args: payload.args,
      playerID: payload.playerID as string | null | undefined,
      credentials: (payload.credentials as string | null | undefined) ?? undefined,
    },
  };
  return { ok: true, value: { action: clean, stateID, matchID, playerID } };
}

/** The arguments of a `sync` message: `[matchID, playerID, credentials, numPlayers]`. */
export function checkSync(args: unknown[]): Checked<{
  matchID: string;
  playerID: string | null | undefined;
  credentials: string | undefined;
  numPlayers: number | undefined;
}> {
  const [matchID, playerID, credentials, numPlayers] = args;
  if (!isMatchID(matchID)) return { ok: false, error: 'matchID must be a non-empty string' };
  if (!isPlayerIDOrNone(playerID)) return { ok: false, error: 'playerID must be a string' };
  if (!isOptionalString(credentials)) return { ok: false, error: 'credentials must be a string' };
  if (
    numPlayers !== undefined &&
    numPlayers !== null &&
    (typeof numPlayers !== 'number' || !Number.isInteger(numPlayers) || numPlayers < 1)
  ) {
    return { ok: false, error: 'numPlayers must be a positive whole number' };
  }
  return {
    ok: true,
    value: {
      matchID,
      playerID,
      credentials: credentials ?? undefined,
      numPlayers: (numPlayers as number | null | undefined) ?? undefined,
    },
  };
}

/** The arguments of a `chat` message: `[matchID, { id, sender, payload }, credentials]`. */
export function checkChat(args: unknown[]): Checked<{
  matchID: string;
  message: { id: string; sender: string; payload: unknown };
  credentials: string | undefined;
}> {
  const [matchID, message, credentials] = args;
  if (!isMatchID(matchID)) return { ok: false, error: 'matchID must be a non-empty string' };
  if (!isOptionalString(credentials)) return { ok: false, error: 'credentials must be a string' };
  if (
    !isPlainObject(message) ||
    typeof message.id !== 'string' ||
    message.id.length > MAX_ID_LENGTH ||
    typeof message.sender !== 'string' ||
    message.sender.length > MAX_ID_LENGTH
  ) {
    return { ok: false, error: 'a chat message is { id, sender, payload } with string id and sender' };
  }
  if (message.payload !== undefined && !isPlainJson(message.payload))
    return { ok: false, error: 'chat payload must be plain JSON' };
  return {
    ok: true,
    value: {
      matchID,
      message: { id: message.id, sender: message.sender, payload: message.payload },
      credentials: credentials ?? undefined,
    },
  };
}
