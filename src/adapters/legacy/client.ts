/**
 * turnchart/boardgameio's client and reducer for legacy games: the game is
 * translated (fromLegacyGame), and the events a client or a server receives
 * are read in the game's API generation, as its game code calls them
 * (events.ts): a 0.2x `client.events.endPhase({ next: 'B' })` goes to B, a
 * 0.3x `setActivePlayers({ all: true, moveLimit: 1 })` means `Stage.NULL`
 * with `maxMoves: 1`; in a 0.2x game only the current player may call events.
 * Everything else is turnchart/boardgameio's.
 */
import { TurnchartClient, type ClientOptions } from '../boardgameio/client';
import type { Dispatchers } from '../boardgameio/client-dispatchers';
import { GAME_EVENT } from '../boardgameio/action-creators';
import {
  CreateGameReducer as createBoardgameReducer,
  InitializeGame as initializeBoardgameGame,
  type GameReducer,
} from '../boardgameio/game-reducer';
import { ActionErrorType, printError, refusal, refused } from '../boardgameio/action-errors';
import type { Action, EventAction, State, TransientState } from '../boardgameio/types';
import type { LegacyApi } from './calling-convention';
import { translateEvent, LEGACY_EVENT_NAMES } from './events';
import { fromLegacyGame, legacyApiOf } from './translate';

export interface LegacyClientOptions<G = any> extends Omit<ClientOptions<G>, 'game'> {
  /** A legacy game config (or one already translated, or made by `Game()`). */
  game: object;
  /** The API the game was written against; detected when left out. */
  api?: LegacyApi;
}

type EventFns = Record<string, (...args: unknown[]) => void>;

/** The client's events in the game's generation: its event names, each call translated. */
function legacyClientEvents(api: LegacyApi, events: EventFns, client: TurnchartClient): EventFns {
  // An event the game disables is missing from the client, as in boardgame.io.
  const offered = LEGACY_EVENT_NAMES[api].filter(
    (name) => events[translateEvent(api, name, []).type] || (name === 'endPhase' && events.setPhase),
  );
  // Made by fromEntries, not assigned by name (client-dispatchers.ts says why).
  return Object.fromEntries(
    offered.map((name) => [
      name,
      (...args: unknown[]) => {
        const state = client.store.getState() ?? undefined;
        if (!mayCallEvent(api, state, client.playerID)) {
          printError(`disallowed event: ${name}`);
          return;
        }
        const call = translateEvent(api, name, args, state);
        const send = events[call.type];
        if (send) send(...call.args);
      },
    ]),
  );
}

/** 0.2x lets only the current player call events; from 0.3x on, any active player may. */
function mayCallEvent(api: LegacyApi, state: State | null | undefined, playerID: string | null | undefined): boolean {
  if (api !== '0.2x' || !state || playerID === null || playerID === undefined) return true;
  return playerID === state.ctx.currentPlayer;
}

/** turnchart/boardgameio's client, with the events of the game's generation (0.2x has `setActionPlayers`). */
export type LegacyClient<G = any> = Omit<TurnchartClient<G>, 'events'> & {
  events: Record<string, ((...args: any[]) => void) | undefined>;
};

/**
 * The client of a translated game: every set of events the client makes (at
 * the start, and when its match or credentials change) is translated. A
 * subclass, not an accessor defined on the client: redefining a property of
 * an object turns it into a dictionary, and every read of the client's
 * fields, on every action, a lookup by name.
 */
class LegacyGameClient<G> extends TurnchartClient<G> {
  protected override offeredEvents(events: Dispatchers['events']): TurnchartClient['events'] {
    return legacyClientEvents(legacyApiOf(this.game)!, events as EventFns, this as TurnchartClient);
  }
}

/** boardgame.io's `Client(opts)` for a legacy game. */
export function Client<G = any>(options: LegacyClientOptions<G>): LegacyClient<G> {
  const { api: given, game: legacyGame, ...rest } = options;
  const game = fromLegacyGame<G>(legacyGame, { api: given, strict: rest.strict });
  return new LegacyGameClient<G>({ ...rest, game }) as LegacyClient<G>;
}

/** A GAME_EVENT action as the game's generation means it. */
export function translateAction(api: LegacyApi, action: Action, state?: State | null): Action {
  if (action.type !== GAME_EVENT) return action;
  const { payload } = action as EventAction;
  const type = payload.type ?? '';
  const args = payload.args === undefined ? [] : Array.isArray(payload.args) ? payload.args : [payload.args];
  const call = translateEvent(api, type, args, state ?? undefined);
  if (call.type === type && call.args === args) return action;
  return { ...action, payload: { ...payload, type: call.type, args: call.args } } as EventAction;
}

export interface LegacyInitializeGameOptions {
  game: object;
  api?: LegacyApi;
  numPlayers?: number;
  setupData?: unknown;
  /** A config mistake that matters only if play reaches it is an error instead of a warning. */
  strict?: boolean;
}

/** boardgame.io 0.4x's `InitializeGame` for a legacy game. */
export function InitializeGame({ game, api, numPlayers, setupData, strict }: LegacyInitializeGameOptions): State {
  return initializeBoardgameGame({ game: fromLegacyGame(game, { api, strict }), numPlayers, setupData, strict });
}

export interface LegacyCreateGameReducerOptions {
  game: object;
  api?: LegacyApi;
  isClient?: boolean;
  /** As for InitializeGame. */
  strict?: boolean;
}

/** boardgame.io 0.4x's `CreateGameReducer` for a legacy game; events are read in the game's generation. */
export function CreateGameReducer({ game, api, isClient, strict }: LegacyCreateGameReducerOptions): GameReducer {
  const translated = fromLegacyGame(game, { api, strict });
  const era = legacyApiOf(translated)!;
  const reducer = createBoardgameReducer({ game: translated, isClient, strict });
  return (state: TransientState | null | undefined, action: Action) => {
    if (action.type === GAME_EVENT && state && !mayCallEvent(era, state, (action as EventAction).payload.playerID)) {
      const { transients: _transients, ...rest } = state;
      return refused(
        { ...rest, deltalog: [] },
        refusal(ActionErrorType.InactivePlayer, `disallowed event: ${(action as EventAction).payload.type}`),
      );
    }
    return reducer(state, translateAction(era, action, state));
  };
}
