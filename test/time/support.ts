/**
 * A match of a game with time limits on a clock the test sets: every
 * request happens at `clock.t` (ms since the match started at 0).
 */
import { createGame, type ActionResult, type Game, type TurnchartGame } from 'turnchart';

export interface TimedMatch<G = any> {
  match: TurnchartGame<G>;
  /** Sets the time of the next requests. */
  at(t: number): TimedMatch<G>;
  move(name: string, playerID?: string, args?: unknown[]): ActionResult;
  time(): NonNullable<ReturnType<TurnchartGame<G>['getState']>['ctx']['time']>;
}

export function timedMatch<G = any>(game: Game<G>, numPlayers = 2, start = 0): TimedMatch<G> {
  let t = start;
  const match = createGame(game, { numPlayers, seed: 'time', now: () => t });
  const timed: TimedMatch<G> = {
    match,
    at(next) {
      t = next;
      return timed;
    },
    move: (name, playerID = '0', args = []) => match.move(name, args, playerID),
    time: () => match.getState().ctx.time!,
  };
  return timed;
}

/** Expects an accepted request. */
export function ok(result: ActionResult): void {
  expect(result).toEqual({ ok: true });
}

/** Expects a refusal with `code`; returns its message. */
export function refused(result: ActionResult, code: string): string {
  expect(result.ok).toBe(false);
  if (result.ok) return '';
  expect(result.error.code).toBe(code);
  return result.error.message;
}
