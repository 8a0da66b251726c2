/**
 * What each seat (or a spectator, `playerID` null) may see, as boardgame.io
 * 0.50's master filters it: `G` through the game's `playerView`, the random
 * plugin's state hidden, no undo/redo stacks, and the arguments of
 * `redact`ed log entries of other players removed. A `patch` is the
 * RFC 6902 difference between two filtered states, made with the library
 * boardgame.io's client applies it with.
 */
import { createPatch, type Operation } from 'rfc6902';
import type { LogEntry, State } from '../types';
import type { Broadcast } from './match-master';
import type { ServerGame, SyncInfo } from './types';

/** A state as `playerID` may see it. */
export function viewOf(game: ServerGame, playerID: string | null, state: State): State {
  const G = game.playerView ? game.playerView({ G: state.G, ctx: state.ctx, playerID }) : state.G;
  return {
    ...state,
    G,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- players see no PRNG state, as in boardgame.io, where the type says there is one
    plugins: { ...state.plugins, random: { data: undefined as any } },
    deltalog: undefined,
    _undo: [],
    _redo: [],
  };
}

/** boardgame.io's `redactLog`. */
export function redactLog(log: LogEntry[] | undefined, playerID: string | null): LogEntry[] | undefined {
  if (log === undefined) return log;
  return log.map((entry) => {
    if (playerID !== null && +playerID === +(entry.action.payload.playerID as string)) return entry;
    if (entry.redact !== true) return entry;
    const { redact: _redact, ...rest } = entry;
    return { ...rest, action: { ...entry.action, payload: { ...entry.action.payload, args: null } } } as LogEntry;
  });
}

/** The `patch` message's operations from one filtered state to the next. */
export function patchBetween(game: ServerGame, playerID: string | null, previous: State, next: State): Operation[] {
  return createPatch(viewOf(game, playerID, previous), viewOf(game, playerID, next));
}

/** A `sync` reply as `playerID` may see it. */
export function syncView(game: ServerGame, playerID: string | null, info: SyncInfo): SyncInfo {
  return {
    ...info,
    state: viewOf(game, playerID, info.state),
    // boardgame.io sends the initial state unfiltered (its G, and the random seed that predicts every roll).
    initialState: viewOf(game, playerID, info.initialState),
    log: redactLog(info.log, playerID)!,
  };
}

/** The arguments of a master's broadcast as sent to `playerID` (after the message's name). */
export function broadcastArgs(game: ServerGame, playerID: string | null, message: Broadcast): unknown[] {
  switch (message.type) {
    case 'update':
      return [message.matchID, viewOf(game, playerID, message.state), redactLog(message.deltalog, playerID)];
    case 'patch':
      return [
        message.matchID,
        message.prevStateID,
        message.state._stateID,
        patchBetween(game, playerID, message.prevState, message.state),
        redactLog(message.deltalog, playerID),
      ];
    case 'matchData':
      return [message.matchID, message.metadata];
    case 'chat':
      return [message.matchID, message.message];
  }
}
