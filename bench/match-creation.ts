/**
 * A match from a fresh but identical game object: what a server or a page
 * pays when it makes its game object per match (a factory called for each
 * one). Every engine is handed game objects made beforehand (not timed, not
 * counted in the heap), each a deep copy whose every function is a new one,
 * and makes one started match from each: turnchart's `createGame`, its
 * boardgame.io `Client`, a chart actor (`createActor(createGameMachine(…))`:
 * each object's own machine), and boardgame.io 0.50.2's `Client`.
 */
import { createActor } from 'xstate';
import { createGame, createGameMachine, type Game } from '../src/index';
import * as tcBgio from '../src/adapters/boardgameio/index';
import type { Workload } from './harness';
import { bgioClient } from './workloads';

type Match = { stop(): void };
export type MakeMatch = (game: Game) => Match;

/**
 * A copy of `game` as a factory would make it: new objects, a new function
 * for every function. Turn orders are kept as they are: a factory names the
 * presets (`TurnOrder.DEFAULT`), it does not rewrite them.
 */
export function freshCopy<T>(value: T, key = ''): T {
  if (typeof value === 'function') {
    const original = value as unknown as (...args: unknown[]) => unknown;
    return function (this: unknown, ...args: unknown[]) {
      return original.apply(this, args);
    } as unknown as T;
  }
  if (value === null || typeof value !== 'object' || key === 'order') return value;
  if (Array.isArray(value)) return value.map((v) => freshCopy(v)) as unknown as T;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, freshCopy(v, k)])) as T;
}

export const makers = (
  numPlayers: number,
): Record<'turnchart' | 'turnchartClient' | 'turnchartActor' | 'boardgameio', MakeMatch> => ({
  turnchart: (game) => createGame(game, { numPlayers }),
  turnchartActor: (game) => createActor(createGameMachine(game, { numPlayers })).start(),
  turnchartClient: (game) => {
    const client = tcBgio.Client({ game: game as never, numPlayers });
    client.start();
    return client;
  },
  boardgameio: (game) => {
    const client = bgioClient.Client({ game, numPlayers });
    client.start();
    return client;
  },
});

/** `ops` matches per round, each from its own fresh copy of `game`; the matches are stopped after the round (not timed). */
export function creationWorkload(game: Game, make: MakeMatch, ops: number): Workload {
  return {
    ops,
    prepare() {
      const games = Array.from({ length: ops }, () => freshCopy(game));
      const matches: Match[] = [];
      const run = () => {
        for (const g of games) matches.push(make(g));
      };
      return Object.assign(run, { dispose: () => matches.forEach((m) => m.stop()) });
    },
  };
}

/** The heap each live match keeps (after a full collection), over `count` matches from fresh copies of `game`; undefined without --expose-gc. */
export function retainedPerMatch(game: Game, make: MakeMatch, count: number): number | undefined {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) return undefined;
  const games = Array.from({ length: count }, () => freshCopy(game));
  gc();
  const before = process.memoryUsage().heapUsed;
  const matches = games.map(make);
  gc();
  const after = process.memoryUsage().heapUsed;
  for (const match of matches) match.stop();
  return (after - before) / count;
}
