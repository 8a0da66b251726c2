/**
 * The `ai.enumerate(G, ctx, playerID)` bot hook of 0.3x/0.4x games, for bots:
 * `enumerateActions` lists a player's candidate actions as boardgame.io
 * actions (MAKE_MOVE / GAME_EVENT), ready for a client's store or a reducer,
 * the way boardgame.io's `Bot.enumerate` builds them. With `{ legal: true }`
 * it keeps only the actions the match would accept now, asking the engine
 * without changing anything.
 */
import { gameEvent, makeMove } from '../boardgameio/action-creators';
import type { EventAction, MoveAction } from '../boardgameio/types';
import { compiledGame, evaluateRequest, type RandomState, type Ctx, type PlayerID } from '../../machines';
import { LegacyGameError } from './errors';
import { translateAction } from './client';
import { withoutHistory } from './phase-history';
import { fromLegacyGame, legacyApiOf } from './translate';

/** What `ai.enumerate` returns: `{ move, args }`, `{ event, args }`, or a ready action. */
export type EnumeratedAction =
  { move: string; args?: unknown[] } | { event: string; args?: unknown[] } | MoveAction | EventAction;

export interface EnumerateOptions {
  /** Keep only the actions the engine accepts in this state. */
  legal?: boolean;
}

/** A match state as the reducers and clients hold it (boardgame.io's `State`, or `{ G, ctx }` plus the PRNG state). */
export interface EnumerableState {
  G: unknown;
  ctx: Ctx;
  plugins?: { random?: { data?: RandomState } };
}

function toAction(entry: EnumeratedAction, playerID: PlayerID): MoveAction | EventAction {
  if ('payload' in entry) return entry;
  if ('move' in entry) return makeMove(entry.move, entry.args ?? [], playerID);
  return gameEvent(entry.event, entry.args ?? [], playerID);
}

/** The actions a legacy game's `ai.enumerate` proposes for `playerID` in `state`. */
export function enumerateActions(
  game: object,
  state: EnumerableState,
  playerID: PlayerID,
  options: EnumerateOptions = {},
): (MoveAction | EventAction)[] {
  const translated = fromLegacyGame(game);
  const ai = (translated as { ai?: { enumerate?: (...args: unknown[]) => unknown } }).ai;
  if (!ai || typeof ai.enumerate !== 'function')
    throw new LegacyGameError('ai.enumerate', 'the game declares no ai.enumerate(G, ctx, playerID)');
  const listed = ai.enumerate(withoutHistory(state.G), state.ctx, playerID) as EnumeratedAction[];
  if (!Array.isArray(listed))
    throw new LegacyGameError('ai.enumerate', `must return an array of actions, got ${typeof listed}`);
  const actions = listed.map((entry: EnumeratedAction) => toAction(entry, playerID));
  if (!options.legal) return actions;
  const compiled = compiledGame(translated);
  const random = state.plugins?.random?.data ?? { seed: 'enumerate' };
  const api = legacyApiOf(translated)!;
  return actions.filter((action) => {
    const { type, args, playerID: player } = (translateAction(api, action, state as never) as MoveAction).payload;
    const requestArgs = args === undefined ? [] : Array.isArray(args) ? args : [args];
    const event = {
      type: action.type === 'MAKE_MOVE' ? `move.${type}` : String(type),
      playerID: player ?? playerID,
      args: requestArgs,
    };
    return evaluateRequest(compiled, { G: state.G, ctx: state.ctx, random, stateID: 0 }, event).ok;
  });
}
