/**
 * What boardgame.io's local client shows a player: the state with the
 * game's `playerView` applied, the random plugin's data hidden, the log, and
 * whether the player may act now.
 */
import { isPlayerActive } from '../../machines/rules/active-players';
import type { PlayerID } from '../../machines/rules/types';
import { stateKeyCount } from './state-keys';
import type { BoardgameGame, LogEntry, TransientState } from './types';

/** What `getState()` returns: boardgame.io's client state. */
export type ClientState<G = any> = TransientState<G> & {
  log: LogEntry[];
  isActive: boolean;
  isConnected: boolean;
};

export function clientView<G>(
  game: BoardgameGame<G>,
  state: TransientState<G>,
  player: PlayerID | null | undefined,
  log: LogEntry[],
  isConnected = false,
): ClientState<G> {
  const { G, ctx } = state;
  let isActive = true;
  if (player !== null && player !== undefined && !isPlayerActive(ctx, player)) isActive = false;
  if (ctx.gameover !== undefined) isActive = false;
  const view = game.playerView ? game.playerView({ G, ctx, playerID: player ?? null }) : G;
  // The random plugin shows players nothing, as boardgame.io's player view does.
  const plugins = { ...state.plugins, random: { data: undefined as any } };
  // The reducer's own states are copied by a literal in their key order (state-keys.ts says why).
  const { _undo, _redo, _stateID, deltalog } = state;
  switch (stateKeyCount(state)) {
    case 7:
      return { G: view, ctx, plugins, _undo, _redo, _stateID, deltalog, log, isActive, isConnected };
    case 6:
      return { G: view, ctx, plugins, _undo, _redo, _stateID, log, isActive, isConnected };
    default:
      return { ...state, G: view, plugins, log, isActive, isConnected };
  }
}
