/**
 * boardgame.io's state and turnchart's machine context, one from the other.
 * The seeded PRNG lives where boardgame.io keeps it, in
 * `plugins.random.data` (`{ seed, prngstate }`), and is turnchart's
 * `context.random`; `_stateID` is the context's `stateID`.
 */
import { makeSeed, type TurnchartContext, type RandomState, type PlayerID } from '../../machines';
import type { BoardgameGame, Plugins, State, UndoEntry } from './types';

export function pluginsOf(random: RandomState): Plugins {
  return { random: { data: random }, log: { data: {} }, events: { data: {} } };
}

/** The random state of a boardgame.io state; a fresh seed if it carries none (a state filtered for a player). */
export function randomOf(state: State, game: BoardgameGame): RandomState {
  const data = state.plugins?.random?.data as RandomState | undefined;
  return data && data.seed !== undefined ? data : { seed: game.seed ?? makeSeed() };
}

export function contextOf(state: State, game: BoardgameGame): TurnchartContext {
  return { G: state.G, ctx: state.ctx, random: randomOf(state, game), stateID: state._stateID };
}

/** The boardgame.io state at the start of a match, from the machine's initial context. */
export function initialStateOf(context: TurnchartContext, game: BoardgameGame): State {
  const plugins = pluginsOf(context.random);
  const { G, ctx } = context;
  return {
    G,
    ctx,
    plugins,
    _undo: game.disableUndo ? [] : [{ G, ctx, plugins }],
    _redo: [],
    _stateID: 0,
  };
}

/** The undo entry of a state reached by an action of `playerID`. */
export function undoEntryOf(
  state: Pick<State, 'G' | 'ctx' | 'plugins'>,
  playerID: PlayerID,
  moveType?: string,
): UndoEntry {
  const { G, ctx, plugins } = state;
  return moveType !== undefined ? { G, ctx, plugins, playerID, moveType } : { G, ctx, plugins, playerID };
}

/** An object whose only key is `data`. */
function onlyData(value: unknown): value is { data: unknown } {
  if (value === null || typeof value !== 'object') return false;
  let keys = 0;
  for (const key in value) if (key !== 'data' || ++keys > 1) return false;
  return keys === 1;
}

/** `{}`: a plain object without keys. */
function isEmptyObject(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const _ in value) return false;
  return true;
}

const PLUGIN_KEYS = ['random', 'log', 'events'];

/** Whether `plugins` has the engine's plugin keys and no others, in their order (as `pluginsOf` makes them). */
export function hasPluginKeys(plugins: object): boolean {
  let n = 0;
  for (const key in plugins) if (key !== PLUGIN_KEYS[n++]) return false;
  return n === 3;
}

/**
 * The plugins of the state after an action: `previous` itself when it is
 * exactly what `pluginsOf(random)` would make (an action that rolled no dice
 * keeps its random state), a new object otherwise. Every undo entry keeps its
 * state's plugins alive: sharing them saves six objects per action that the
 * garbage collector would copy and promote.
 */
export function pluginsAfter(previous: Plugins | undefined, random: RandomState): Plugins {
  const pristine = previous !== undefined && (previous === lastPristine || isPristine(previous));
  if (!pristine || previous.random.data !== random) return (lastPristine = pluginsOf(random));
  return (lastPristine = previous);
}

/**
 * The plugins last made by `pluginsAfter` or found as `pluginsOf` makes them: a state's objects are not
 * changed once made, so the next action's plugins (mostly these again) are not walked again.
 */
let lastPristine: Plugins | undefined;

/** Exactly the shape `pluginsOf` makes, whatever the random state. */
function isPristine(plugins: Plugins | undefined): plugins is Plugins {
  return (
    plugins !== null &&
    typeof plugins === 'object' &&
    hasPluginKeys(plugins) &&
    onlyData(plugins.random) &&
    onlyData(plugins.log) &&
    isEmptyObject(plugins.log.data) &&
    onlyData(plugins.events) &&
    isEmptyObject(plugins.events.data)
  );
}
