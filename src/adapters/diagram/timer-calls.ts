/**
 * What a game's time limits call when they run out, as calls of the game's
 * code: an outcome named by a string (`clock: { onTimeout: 'endGame' }`) is
 * a call of that event, an `onTimeout` function calls what its code calls.
 * Each is made by the limit's timer, so its arrow leaves the states the
 * timer runs in (the blitz clock's `endGame`: from each seat's `active` to
 * the game's end), and the rules it takes are drawn as used.
 */
import { compiledGame, type CompiledPhase, type Game } from '../../machines';
import { eventCalls } from './code-reading';
import type { CodeCall } from './game-code';

type Limit = NonNullable<CompiledPhase['time']>;

function limitsOf(game: Game): Limit[] {
  const compiled = compiledGame(game);
  const limits: Limit[] = compiled.clock ? [compiled.clock] : [];
  for (const phase of [compiled.nullPhase, ...compiled.phases.values()]) {
    if (phase.time) limits.push(phase.time);
    if (phase.turn.time) limits.push(phase.turn.time);
    limits.push(...Object.values(phase.turn.stageTimes ?? {}));
  }
  return limits;
}

/** The calls each time limit makes when it runs out, `by` its `onTimeout` and made by its `timer` (the limit's rule). */
export function timerCalls(game: Game): CodeCall[] {
  return limitsOf(game).flatMap((limit) => {
    const by = `${limit.where}.onTimeout`;
    const made = { by, timer: limit.where };
    if (typeof limit.onTimeout === 'function') return eventCalls(limit.onTimeout).map((call) => ({ ...call, ...made }));
    return [{ event: limit.onTimeout, strings: [], keys: [], withArgs: false, ...made }];
  });
}
