/**
 * The debug panel's save and restore, as boardgame.io's panel has them: the
 * match's state (without its undo history) is kept in the browser's
 * localStorage, one slot per game, and restoring puts it back into the
 * client as a sync (the board shows it, the panel's timeline starts there).
 * A slot from another game or seat count, or one that is not a saved match,
 * is refused with a SavedGameError and changes nothing.
 */
import * as actions from '../../boardgameio/action-creators';
import type { TurnchartClient } from '../../boardgameio/client';
import type { LogEntry, State } from '../../boardgameio/types';

export class SavedGameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SavedGameError';
  }
}

const FORMAT = 'turnchart-debug-save/1';

interface SavedGame {
  format: typeof FORMAT;
  game: string;
  numPlayers: number;
  state: State;
  log: LogEntry[];
  initialState: State;
}

const gameName = (client: TurnchartClient) => client.game.name ?? 'game';

/** The localStorage key of a game's slot. */
export const slotOf = (client: TurnchartClient): string => `turnchart.debug.save.${gameName(client)}`;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Enough of a boardgame.io state for this client to show it: G, ctx for its seats, plugins and a state id. */
function isStateFor(value: unknown, numPlayers: number): value is State {
  if (!isObject(value) || !('G' in value) || !isObject(value.ctx) || !isObject(value.plugins)) return false;
  const { ctx } = value;
  return (
    Number.isInteger(value._stateID) &&
    Number(ctx.numPlayers) === numPlayers &&
    typeof ctx.currentPlayer === 'string' &&
    Array.isArray(ctx.playOrder)
  );
}

/** Keep the client's match in its game's slot (replacing what was there). */
export function saveGame(client: TurnchartClient, storage: Storage = window.localStorage): void {
  const current = client.store.getState();
  const initialState = client.getInitialState();
  if (!current || !initialState) throw new SavedGameError('there is no match to save yet');
  const { transients: _transients, ...state } = current;
  const saved: SavedGame = {
    format: FORMAT,
    game: gameName(client),
    numPlayers: client.numPlayers,
    state: { ...state, _undo: [], _redo: [], deltalog: [] },
    log: client.getState()?.log ?? [],
    initialState,
  };
  storage.setItem(slotOf(client), JSON.stringify(saved));
}

/** Read the game's slot and check it fits the client. */
export function readSavedGame(client: TurnchartClient, storage: Storage = window.localStorage): SavedGame {
  const text = storage.getItem(slotOf(client));
  if (text === null) throw new SavedGameError(`nothing saved for ${gameName(client)} in this browser yet`);
  let saved: unknown;
  try {
    saved = JSON.parse(text);
  } catch {
    throw new SavedGameError(`localStorage["${slotOf(client)}"] is not JSON`);
  }
  if (!isObject(saved) || saved.format !== FORMAT)
    throw new SavedGameError(`localStorage["${slotOf(client)}"] is not a match saved by the debug panel`);
  if (saved.game !== gameName(client) || saved.numPlayers !== client.numPlayers)
    throw new SavedGameError(
      `the saved match is of ${String(saved.game)} with ${String(saved.numPlayers)} players; this client plays ${gameName(client)} with ${client.numPlayers}`,
    );
  if (!isStateFor(saved.state, client.numPlayers) || !isStateFor(saved.initialState, client.numPlayers))
    throw new SavedGameError('the saved match has no readable state (G, ctx, plugins, _stateID)');
  return { ...(saved as unknown as SavedGame), log: Array.isArray(saved.log) ? (saved.log as LogEntry[]) : [] };
}

/** Put the saved match back into the client; nothing changes when the slot is refused. */
export function restoreGame(client: TurnchartClient, storage: Storage = window.localStorage): void {
  const { state, log, initialState } = readSavedGame(client, storage);
  client.store.dispatch(actions.sync({ state, log, initialState }));
}
