/**
 * Seeded random playouts of one legacy game file on an old release and on
 * turnchart: at every step both get the same action, picked from the
 * candidates of the old release's state, and G and the shared ctx fields must
 * be equal afterwards.
 */
import { prng } from '../../boardgameio/support';
import {
  API_OF,
  compare,
  firstDifference,
  oldMatch,
  turnchartMatch,
  type Fixture,
  type Release,
  type Step,
} from './releases';

export interface PlayoutOptions {
  release: Release;
  fixture: Fixture;
  numPlayers: number;
  seed: number;
  steps: number;
  /** The actions to choose from in a state (of the old release). */
  candidates: (state: any) => Step[];
  /** ctx fields not compared (documented differences). */
  ignore?: string[];
  /** ctx fields not compared once the game is over (0.2x: `phase`, which 0.50 sets to null). */
  ignoreAtGameover?: string[];
}

export interface PlayoutResult {
  /** Steps played (fewer than asked when the game ended). */
  played: number;
  /** Steps after which the state changed on the old release. */
  changed: number;
  /** The first step at which the engines disagreed, if any. */
  mismatch?: {
    step: number;
    action: Step;
    path: string;
    old: unknown;
    turnchart: unknown;
    history: Step[];
    states: { old: any; turnchart: any };
  };
}

export function playout(options: PlayoutOptions): PlayoutResult {
  const { release, fixture, numPlayers, seed, steps, candidates, ignore = [], ignoreAtGameover = [] } = options;
  const old = oldMatch(release, fixture, numPlayers);
  const ours = turnchartMatch(fixture, numPlayers, API_OF[release]);
  const random = prng(seed);
  const history: Step[] = [];
  let changed = 0;
  const check = (step: number, action: Step) => {
    const c = compare(
      old.state,
      ours.state,
      old.state.ctx.gameover === undefined ? ignore : [...ignore, ...ignoreAtGameover],
    );
    const pathG = firstDifference(c.G.old, c.G.turnchart);
    const states = { old: old.state, turnchart: ours.state };
    if (pathG !== undefined)
      return { step, action, path: `G.${pathG}`, old: c.G.old, turnchart: c.G.turnchart, history, states };
    const pathCtx = firstDifference(c.ctx.old, c.ctx.turnchart);
    if (pathCtx !== undefined)
      return { step, action, path: `ctx.${pathCtx}`, old: c.ctx.old, turnchart: c.ctx.turnchart, history, states };
    return undefined;
  };
  const start = check(0, {});
  if (start) return { played: 0, changed, mismatch: start };
  for (let i = 1; i <= steps; i++) {
    if (old.state.ctx.gameover !== undefined) return { played: i - 1, changed };
    const list = candidates(old.state);
    if (list.length === 0) return { played: i - 1, changed };
    const action = list[Math.floor(random() * list.length)];
    history.push(action);
    const before = old.state;
    old.apply(action);
    ours.apply(action);
    if (old.state.G !== before.G || old.state.ctx !== before.ctx) changed++;
    const mismatch = check(i, action);
    if (mismatch) return { played: i, changed, mismatch };
  }
  return { played: steps, changed };
}

export interface CandidateOptions {
  numPlayers: number;
  /** Move names, each with its argument lists (`[[]]` for none). */
  moves: Record<string, unknown[][]>;
  /** Event names, each with its argument lists. `endTurn` also gets `{ next }` for every player in playOrder. */
  events: Record<string, unknown[][]>;
}

/**
 * Every player's moves and events. Left out, because they reach a documented
 * difference rather than test the translation: `endTurn({ next })` naming a
 * player outside playOrder (turnchart refuses it), and `endStage` by a player
 * in no stage (a no-op in 0.3x, where turn.endIf is checked only after moves).
 */
export function candidates({ numPlayers, moves, events }: CandidateOptions): (state: any) => Step[] {
  return (state) => {
    const out: Step[] = [];
    const { ctx } = state;
    for (let p = 0; p < numPlayers; p++) {
      const playerID = String(p);
      for (const [move, argLists] of Object.entries(moves))
        for (const args of argLists) out.push({ move, args, playerID });
      for (const [event, argLists] of Object.entries(events)) {
        if (event === 'endStage' && !(ctx.activePlayers && playerID in ctx.activePlayers)) continue;
        for (const args of argLists) out.push({ event, args, playerID });
        if (event === 'endTurn') for (const next of ctx.playOrder) out.push({ event, args: [{ next }], playerID });
      }
    }
    return out;
  };
}
