/**
 * The start of a match: the game's setup and the first turn's start, worked
 * out by turnchart's flow with the game code recorded on a tape (the client's
 * chart actor starts by replaying it), as boardgame.io's initial state. Events
 * that the start's hooks call are logged in its `deltalog`, as boardgame.io
 * does.
 */
import { makeSeed, startMatch as startEngineMatch } from '../../machines';
import { withTape } from './active-tape';
import { CallTape } from './call-tape';
import { deltalogOf } from './deltalog';
import { initialStateOf } from './game-state';
import type { BoundGame } from './taped-game';
import type { State } from './types';

/** A new match: the game's setup and the first turn's start, with the game code they ran on a tape. */
export interface MatchStart {
  state: State;
  seed: string | number;
  tape: CallTape;
}

/**
 * The number of seats of `numPlayers` as boardgame.io reads it: a positive
 * integer, or its decimal string (`"2"`: boardgame.io's `playOrder` comes out
 * the same, and published games pass one). Anything else, which boardgame.io
 * turns into a damaged game, is a RangeError.
 */
export function seatCount(numPlayers: unknown): number {
  const count = typeof numPlayers === 'string' && /^[1-9]\d{0,5}$/.test(numPlayers) ? Number(numPlayers) : numPlayers;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
    throw new RangeError(
      `numPlayers must be a positive integer (or one written as a string, e.g. "2"), got ${JSON.stringify(numPlayers)}`,
    );
  }
  return count;
}

/**
 * `numPlayers` stays in ctx as given (a decimal string too), as boardgame.io keeps it; game code may read either.
 * `now`: when the match starts (ms), in a game with time limits: its first deadlines count from it.
 */
export function startMatch(bound: BoundGame, numPlayers: number, setupData?: unknown, now?: number): MatchStart {
  seatCount(numPlayers);
  const seed = bound.game.seed ?? makeSeed();
  const tape = CallTape.record(true);
  const { context, setupState, steps } = withTape(tape, () =>
    startEngineMatch(bound.compiled, numPlayers, { seed, setupData, now }),
  );
  tape.finish(context.G);
  const state = initialStateOf(context, bound.game);
  const deltalog = deltalogOf({
    game: bound.compiled,
    request: { kind: 'start' },
    stateID: 0,
    start: setupState,
    steps,
    tape,
  });
  return { state: deltalog.length > 0 ? { ...state, deltalog } : state, seed, tape };
}
