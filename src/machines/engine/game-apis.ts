/**
 * The `random` and `events` objects that moves, hooks and triggers receive:
 * one pair for the process, acting for the action whose game code runs.
 * Made per action, they were 17 closures an action for the collector.
 *
 * Like boardgame.io's objects, made per action, one that game code keeps and
 * calls after its action changes no match: it acts for the last action run,
 * which is over. Called from a later action's game code, it acts for that
 * action, as the boardgame.io adapter's call-tape stand-ins already do.
 */
import { eventFunctions } from './event-queue';
import { randomFunctions } from './random';
import type { UserCodeEnv } from './user-code';

let acting: UserCodeEnv | undefined;

export const gameRandom = randomFunctions(() => acting!.random);
export const gameEvents = eventFunctions((type, args) => acting!.queue.push(type, args));

/** Game code of `env` is about to run; returns the env to restore with `actedFor`. */
export function actFor(env: UserCodeEnv): UserCodeEnv | undefined {
  const outer = acting;
  acting = env;
  return outer;
}

/** Back to the enclosing action's env (an action that drives another inside its move), or stay on the last one. */
export function actedFor(outer: UserCodeEnv | undefined): void {
  if (outer !== undefined) acting = outer;
}
