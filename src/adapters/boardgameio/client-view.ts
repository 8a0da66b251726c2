/**
 * What boardgame.io's client shows a player: the state with the game's
 * `playerView` applied and the random plugin's data hidden (a multiplayer
 * client's master has done both already), the log, whether the player may
 * act now, and whether the transport is connected.
 */
import { isPlayerActive, type PlayerID } from '../../machines';
import { hasPluginKeys } from './game-state';
import { transientKeyCount } from './state-keys';
import type { BoardgameGame, LogEntry, Plugins, TransientState } from './types';

/** What `getState()` returns: boardgame.io's client state. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- boardgame.io's default: an untyped game reads G freely
export type ClientState<G = any> = TransientState<G> & {
  log: LogEntry[];
  isActive: boolean;
  isConnected: boolean;
};

export interface ViewOptions {
  multiplayer: boolean;
  isConnected: boolean;
}

const LOCAL: ViewOptions = { multiplayer: false, isConnected: false };

/**
 * The plugins a player sees: the random plugin shows nothing, as boardgame.io's
 * player view has it. The engine's own plugins are written out as a literal
 * (a spread is Node's slow path on them).
 */
function withoutRandom(plugins: Plugins): Plugins {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- players see no PRNG state, as in boardgame.io, where the type says there is one
  const random = { data: undefined as any };
  return hasPluginKeys(plugins) ? { random, log: plugins.log, events: plugins.events } : { ...plugins, random };
}

/**
 * The last plugins seen and their view: the reducer keeps a state's plugins
 * object for as long as no die is rolled (game-state.ts `pluginsAfter`), so
 * most notifications show the same one.
 */
let lastPlugins: Plugins | undefined;
let lastView: Plugins | undefined;

function playerPlugins(plugins: Plugins): Plugins {
  if (plugins !== lastPlugins) {
    lastView = withoutRandom(plugins);
    lastPlugins = plugins;
  }
  return lastView!;
}

export function clientView<G>(
  game: BoardgameGame<G>,
  state: TransientState<G>,
  player: PlayerID | null | undefined,
  log: LogEntry[],
  options = LOCAL,
): ClientState<G> {
  const { G, ctx } = state;
  const { multiplayer, isConnected } = options;
  const seated = player !== null && player !== undefined;
  // A multiplayer spectator is never active; a local client without a player is the current player.
  let isActive = !(multiplayer || seated) || isPlayerActive(ctx, player as PlayerID);
  if (ctx.gameover !== undefined) isActive = false;
  const view = !multiplayer && game.playerView ? game.playerView({ G, ctx, playerID: player ?? null }) : G;
  const plugins = multiplayer ? state.plugins : playerPlugins(state.plugins);
  // The reducer's own states are copied by a literal in their key order (state-keys.ts says why).
  const { _undo, _redo, _stateID, deltalog } = state;
  switch (transientKeyCount(state)) {
    case 8:
      return {
        G: view,
        ctx,
        plugins,
        _undo,
        _redo,
        _stateID,
        deltalog,
        transients: state.transients,
        log,
        isActive,
        isConnected,
      };
    case 7:
      return { G: view, ctx, plugins, _undo, _redo, _stateID, deltalog, log, isActive, isConnected };
    case 6:
      return { G: view, ctx, plugins, _undo, _redo, _stateID, log, isActive, isConnected };
    default:
      return { ...state, G: view, plugins, log, isActive, isConnected };
  }
}
