/**
 * The examples against the reference: a playout's accepted actions replayed
 * on boardgame.io 0.50.2's own reducer, with G and ctx compared after every
 * step, so each example is shown to play exactly as boardgame.io plays it.
 */
import { createGame, type Game } from 'turnchart';
import { bgioInternal, captureConsole } from '../../test/boardgameio/support';
import type { PlayoutStep } from './playout';

export interface ReferenceOptions {
  numPlayers: number;
  seed: string | number;
  setupData?: unknown;
}

/** A copy of a game config (boardgame.io mutates the one it is given); functions are kept. */
function copyConfig<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyConfig) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, copyConfig(v)])) as T;
}

const json = (value: unknown) => JSON.stringify(value);

/**
 * Replays `steps` on a fresh turnchart match and on boardgame.io 0.50.2 from
 * the same seed; returns the first step (as text) after which their G or ctx
 * differ, or undefined when they agree all the way.
 */
export function firstDifference(
  game: Game,
  options: ReferenceOptions,
  steps: readonly PlayoutStep[],
): string | undefined {
  const config = { ...copyConfig(game), seed: options.seed };
  let reference: any;
  captureConsole(() => {
    reference = bgioInternal.InitializeGame({
      game: config,
      numPlayers: options.numPlayers,
      setupData: options.setupData,
    });
  });
  const reducer = bgioInternal.CreateGameReducer({ game: config });
  const match = createGame(game, options);
  const differs = () => json(match.getState()) !== json({ G: reference.G, ctx: reference.ctx });
  if (differs()) return 'the start';
  for (const [index, { playerID, action }] of steps.entries()) {
    const payload =
      'move' in action
        ? { type: action.move, args: action.args ?? [], playerID }
        : { type: action.event, args: action.arg === undefined ? [] : [action.arg], playerID };
    captureConsole(() => {
      reference = reducer(reference, { type: 'move' in action ? 'MAKE_MOVE' : 'GAME_EVENT', payload });
    });
    const ours =
      'move' in action
        ? match.move(action.move, action.args ?? [], playerID)
        : match.event(action.event, action.arg, playerID);
    if (!ours.ok || differs()) return `step ${index + 1}: ${json({ playerID, action })}`;
  }
  return undefined;
}
