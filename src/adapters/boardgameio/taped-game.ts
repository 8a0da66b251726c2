/**
 * The turnchart game behind a boardgame.io game config: the same config, with
 * every move, hook and trigger routed through the call tape (call-tape.ts).
 * Outside a tape the routed functions run exactly as written. The user's
 * object is not touched (boardgame.io mutates it; turnchart copies), and the
 * derived game is cached per config so machines are built once.
 */
import {
  assertNoLatentMistakes,
  tolerateLatentMistakes,
  warnLatentMistakes,
  compiledGame,
  type CompiledGame,
  type Game,
  type Move,
  type MoveMap,
  type PhaseConfig,
  type StageConfig,
  type TurnConfig,
  type TurnOrderConfig,
  TurnOrder,
} from '../../machines';
import { taped } from './active-tape';
import type { CallKind, EndIfKind } from './call-tape';
import type { BoardgameGame } from './types';

type Fn = (...args: any[]) => unknown;

function route<T>(value: T, id: string, kind: CallKind, endIf?: EndIfKind): T {
  // Moves get the player's arguments and setup its setupData; hooks and triggers only the context.
  const takesArgs = kind === 'move' || id === 'setup';
  return typeof value === 'function' ? (taped(value as Fn, id, kind, endIf, takesArgs) as T) : value;
}

/** Copy `source`, replacing the keys it has with `change(value, key)`. */
function withKeys<T extends object>(
  source: T,
  keys: (keyof T)[],
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each key's change reads that key's own config type
  change: (value: any, key: keyof T) => unknown,
): T {
  const copy: Record<keyof T, unknown> = { ...source };
  for (const key of keys) if (source[key] !== undefined) copy[key] = change(source[key], key);
  return copy as T;
}

function mapValues<V>(record: Record<string, V>, change: (value: V, key: string) => V): Record<string, V> {
  const out: Record<string, V> = {};
  for (const [key, value] of Object.entries(record)) out[key] = change(value, key);
  return out;
}

function routeMoves(moves: MoveMap, where: string): MoveMap {
  if (moves === null || typeof moves !== 'object') return moves;
  return mapValues(moves, (move: Move, name) => {
    const id = `${where}.${name}`;
    if (typeof move === 'function') return route(move, id, 'move');
    if (move && typeof move === 'object' && typeof move.move === 'function')
      return { ...move, move: route(move.move, id, 'move') };
    return move; // left for turnchart's config validation to report
  });
}

/**
 * The engine's own turn-order functions (the presets' `first` and `next`): they call no event and log
 * nothing, so the tape has nothing to hear, and the flow works a round-robin `next` out without calling it
 * only while it is the engine's function itself.
 */
const PRESET_ORDER_FUNCTIONS = new Set<unknown>(
  Object.values(TurnOrder).flatMap((order) =>
    order !== null && typeof order === 'object' ? Object.values(order).filter((v) => typeof v === 'function') : [],
  ),
);

function routeOrder(order: TurnOrderConfig, where: string): TurnOrderConfig {
  if (order === null || typeof order !== 'object') return order;
  return withKeys(order, ['first', 'next', 'playOrder'], (fn, key) =>
    PRESET_ORDER_FUNCTIONS.has(fn) ? fn : route(fn, `${where}.${String(key)}`, 'trigger'),
  );
}

function routeTurn(turn: TurnConfig, where: string): TurnConfig {
  if (turn === null || typeof turn !== 'object') return turn;
  return withKeys(turn, ['onBegin', 'onEnd', 'onMove', 'endIf', 'order', 'stages'], (value, key) => {
    const at = `${where}.${String(key)}`;
    if (key === 'endIf') return route(value, at, 'trigger', 'turn');
    if (key === 'order') return routeOrder(value, at);
    if (key === 'stages') {
      return value && typeof value === 'object'
        ? mapValues(value as Record<string, StageConfig>, (stage, name) =>
            stage && typeof stage === 'object'
              ? withKeys(stage, ['moves'], (moves) => routeMoves(moves, `${at}.${name}.moves`))
              : stage,
          )
        : value;
    }
    return route(value, at, 'hook');
  });
}

function routePhase(phase: PhaseConfig, where: string): PhaseConfig {
  if (phase === null || typeof phase !== 'object') return phase;
  return withKeys(phase, ['onBegin', 'onEnd', 'endIf', 'next', 'moves', 'turn'], (value, key) => {
    const at = `${where}.${String(key)}`;
    if (key === 'endIf') return route(value, at, 'trigger', 'phase');
    if (key === 'next') return route(value, at, 'trigger');
    if (key === 'moves') return routeMoves(value, at);
    if (key === 'turn') return routeTurn(value, at);
    return route(value, at, 'hook');
  });
}

function derive(game: BoardgameGame): Game {
  if (game === null || typeof game !== 'object')
    throw new TypeError('turnchart/boardgameio: the game must be an object');
  if (Array.isArray(game.plugins) && game.plugins.length > 0) {
    throw new Error(
      'turnchart/boardgameio: custom boardgame.io plugins (game.plugins) are not supported; random, events and log are built in',
    );
  }
  return withKeys(game as unknown as Game, ['setup', 'moves', 'phases', 'turn', 'endIf', 'onEnd'], (value, key) => {
    if (key === 'setup') return route(value, 'setup', 'trigger');
    if (key === 'moves') return routeMoves(value, 'moves');
    if (key === 'turn') return routeTurn(value, 'turn');
    if (key === 'endIf') return route(value, 'endIf', 'trigger', 'game');
    if (key === 'onEnd') return route(value, 'onEnd', 'hook');
    return value && typeof value === 'object'
      ? mapValues(value, (phase: PhaseConfig, name) => routePhase(phase, `phases.${name}`))
      : value;
  });
}

/** A boardgame.io config and the taped turnchart game behind it, validated and compiled. */
export interface BoundGame {
  game: BoardgameGame;
  turnchart: Game;
  compiled: CompiledGame;
}

const bound = new WeakMap<object, BoundGame>();

/**
 * The bound game of a boardgame.io config (cached per config object). Throws
 * GameConfigError. A mistake that matters only if play reaches it (config.ts)
 * is warned about once, as boardgame.io runs such games; `strict` makes it a
 * GameConfigError instead.
 */
export function bindGame(game: BoardgameGame, strict = false): BoundGame {
  let out = bound.get(game);
  if (!out) {
    const turnchart = derive(game);
    tolerateLatentMistakes(turnchart);
    bound.set(game, (out = { game, turnchart, compiled: compiledGame(turnchart) }));
  }
  if (strict) {
    assertNoLatentMistakes(out.compiled);
  } else {
    // The config given, too: tools handed `client.game` (inspector, qa, explain) read it as the adapter does.
    tolerateLatentMistakes(game);
    warnLatentMistakes(out.compiled);
  }
  return out;
}
