/**
 * Recording realistic games: the driver plays on boardgame.io's reducer,
 * recording every action; `verifyReplay` checks that both engines' reducers
 * play that list alike (same end, same refusals, same printed lines). The
 * timed replays go through the clients (realistic-split.ts).
 */
import * as tcLegacy from '../src/adapters/legacy/index';
import { engineOf } from './realistic-engines';
import { prng, type Action, type RealisticGame } from './realistic-games/driver';

/** console.log and console.error replaced while `fn` runs; `sink` gets each printed line. */
function withConsole<T>(sink: (line: string) => void, fn: () => T): T {
  const saved = { log: console.log, error: console.error };
  console.log = (...args: unknown[]) => sink(args.map(String).join(' '));
  console.error = (...args: unknown[]) => sink(args.map(String).join(' '));
  try {
    return fn();
  } finally {
    Object.assign(console, saved);
  }
}

const silent = () => undefined;

/** One game on boardgame.io, driven by the seeded driver: every action sent, refused or not. */
export function recordGame(spec: RealisticGame, seed: number): Action[] {
  const engine = engineOf(spec, 'boardgameio');
  const rand = prng(seed);
  const actions: Action[] = [];
  withConsole(silent, () => {
    let state = engine.initialize();
    while (state.ctx.gameover === undefined && actions.length < spec.maxActions) {
      const action = spec.choose(state, rand);
      actions.push(action);
      state = engine.reducer(state, action);
    }
  });
  return actions;
}

export interface ReplaySummary {
  actions: number;
  refused: number;
  printed: number;
  gameover: unknown;
}

/** Replays the actions on both engines; throws unless they end alike, refuse alike and print alike. */
export function verifyReplay(spec: RealisticGame, actions: Action[]): ReplaySummary {
  const run = (which: 'turnchart' | 'boardgameio') => {
    const engine = engineOf(spec, which);
    const lines: string[] = [];
    const refusals: (string | undefined)[] = [];
    const state = withConsole(
      (line) => lines.push(line),
      () => {
        let s = engine.initialize();
        for (const action of actions) {
          s = engine.reducer(s, action);
          refusals.push(s.transients?.error?.type);
        }
        return s;
      },
    );
    engine.dispose?.();
    return { state, lines, refusals };
  };
  const tc = run('turnchart');
  const bg = run('boardgameio');
  const problems: string[] = [];
  // turnchart/legacy's phase history (0.2x games only) is not the game's.
  const userG = (G: any) => {
    const { [tcLegacy.LEGACY_STATE_KEY]: _history, ...rest } = G ?? {};
    return rest;
  };
  if (JSON.stringify(userG(tc.state.G)) !== JSON.stringify(userG(bg.state.G))) problems.push('G differs');
  const ctxOf = (ctx: any) => JSON.stringify(ctx);
  if (ctxOf(tc.state.ctx) !== ctxOf(bg.state.ctx))
    problems.push(`ctx differs:\n  turnchart ${ctxOf(tc.state.ctx)}\n  boardgame.io ${ctxOf(bg.state.ctx)}`);
  const firstRefusal = tc.refusals.findIndex((type, i) => type !== bg.refusals[i]);
  if (firstRefusal >= 0)
    problems.push(
      `action ${firstRefusal} (${JSON.stringify(actions[firstRefusal])}): turnchart ${tc.refusals[firstRefusal]}, boardgame.io ${bg.refusals[firstRefusal]}`,
    );
  const firstLine = tc.lines.findIndex((line, i) => line !== bg.lines[i]);
  if (firstLine >= 0 || tc.lines.length !== bg.lines.length) {
    const i = firstLine >= 0 ? firstLine : Math.min(tc.lines.length, bg.lines.length);
    problems.push(
      `printed line ${i}: turnchart ${JSON.stringify(tc.lines[i])}, boardgame.io ${JSON.stringify(bg.lines[i])}`,
    );
  }
  if (problems.length > 0)
    throw new Error(`${spec.name}: the engines do not play the same game:\n${problems.join('\n')}`);
  return {
    actions: actions.length,
    refused: bg.refusals.filter((type) => type !== undefined).length,
    printed: bg.lines.length,
    gameover: bg.state.ctx.gameover,
  };
}

/** Recorded games of one workload: enough seeds for about `target` actions. */
export function recordGames(spec: RealisticGame, target: number): Action[][] {
  const games: Action[][] = [];
  let total = 0;
  for (let seed = 1; total < target; seed++) {
    const actions = recordGame(spec, seed * 7919);
    games.push(actions);
    total += actions.length;
  }
  return games;
}
