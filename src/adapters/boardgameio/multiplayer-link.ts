/**
 * A multiplayer client's end of its transport, as boardgame.io 0.50's client
 * handles what the master sends: a `sync` replaces the state (and the log,
 * the initial state, the match data); an `update` replaces it unless it is
 * older than the client's; a `patch` applies to the state it was made from;
 * `matchData` and `chat` are kept for the board.
 *
 * One thing differs: boardgame.io drops a patch that does not follow the
 * client's state, and after a move the client ran itself it never does (the
 * move raised the client's `_stateID`), so the client stays on its own guess.
 * Here such a patch, unless it is older, asks for a sync instead.
 */
import type { PlayerID } from '../../machines';
import * as actions from './action-creators';
import type { ChatMessage, SeatData, Transport, TransportData, TransportFactory } from './transport';
import type { Action, BoardgameGame, State } from './types';

/** What the link needs of its client. */
export interface LinkedClient {
  readonly game: BoardgameGame;
  readonly numPlayers: number;
  matchID: string;
  playerID: PlayerID | null | undefined;
  credentials: string | undefined;
  matchData: SeatData[] | undefined;
  chatMessages: ChatMessage[];
  /** The client's store; its state is null before the first sync. */
  readonly store: { getState(): State | null; dispatch(action: Action): void };
}

/** The client's transport, made by the `multiplayer` option, its messages going to `client`; `notify` tells its subscribers. */
export function openTransport(client: LinkedClient, multiplayer: TransportFactory, notify: () => void): Transport {
  if (typeof multiplayer !== 'function') {
    throw new TypeError(
      'turnchart/boardgameio: `multiplayer` must be a transport factory, e.g. SocketIO({ server }) or Local()',
    );
  }
  const transport: Transport = multiplayer({
    transportDataCallback: (data) => receive(client, transport, data, notify),
    gameKey: client.game,
    game: client.game,
    gameName: client.game.name,
    matchID: client.matchID,
    playerID: client.playerID,
    credentials: client.credentials,
    numPlayers: client.numPlayers,
  });
  transport.subscribeToConnectionStatus(notify);
  return transport;
}

/** boardgame.io's chat message ids: 7 characters. */
export function chatMessageID(): string {
  return Math.random().toString(36).slice(2, 9).padEnd(7, '0');
}

const stateIDOf = (client: LinkedClient): number | undefined => client.store.getState()?._stateID;

/** What the master sent has the shape of a state (a malformed message is ignored, not thrown on). */
const isState = (value: unknown): value is State =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as State)._stateID === 'number' &&
  typeof (value as State).ctx === 'object';

function receive(client: LinkedClient, transport: Transport, data: TransportData, notify: () => void): void {
  if (!data || !Array.isArray(data.args) || data.args[0] !== client.matchID) return;
  const { store } = client;
  const current = stateIDOf(client);
  switch (data.type) {
    case 'sync': {
      const [, info] = data.args;
      if (!isState(info?.state)) return;
      client.matchData = info.filteredMetadata;
      store.dispatch(actions.sync(info));
      return;
    }
    case 'update': {
      const [, state, deltalog] = data.args;
      if (!isState(state)) return;
      if (current === undefined || state._stateID >= current) store.dispatch(actions.update(state, deltalog));
      return;
    }
    case 'patch': {
      const [, prevStateID, stateID, patch, deltalog] = data.args;
      if (typeof stateID !== 'number') return;
      if (prevStateID !== current) {
        if (current !== undefined && stateID >= current) transport.requestSync();
        return;
      }
      store.dispatch(actions.patch(prevStateID, stateID, patch, deltalog));
      // A patch that did not apply left the state as it was: start again from the master's.
      if (stateIDOf(client) === current) transport.requestSync();
      return;
    }
    case 'matchData':
      client.matchData = data.args[1];
      notify();
      return;
    case 'chat':
      client.chatMessages = [...client.chatMessages, data.args[1]];
      notify();
      return;
  }
}
