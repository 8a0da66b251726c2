import { actorEngine, bgioClientEngine } from '../actor-engine';
import { compare, type Workload } from '../harness';
import type { Engine } from '../realistic-engines';
import { recordGames, verifyReplay } from '../realistic-replay';
import type { Action, RealisticGame } from '../realistic-games/driver';
import { seatBoardWorkload } from '../realistic-games/seat-board';
import { REALISTIC_GAMES } from '../realistic';
import { ROUNDS, type AddRow } from './section';

const MODE = process.env.NODE_ENV === 'production' ? 'prod' : 'dev';
const ACTIONS = Number(process.env.BENCH_ACTOR_ACTIONS ?? 1000);
const SEATS = (process.env.BENCH_ACTOR_SEATS ?? '2,4,8,16').split(',').map(Number);

const silent = () => undefined;

/** Both engines print the same lines for refused actions; a terminal's cost is not an engine's. */
function quiet<T>(fn: () => T): T {
  const saved = { log: console.log, error: console.error };
  console.log = silent;
  console.error = silent;
  try {
    return fn();
  } finally {
    Object.assign(console, saved);
  }
}

/** The recorded games replayed on one engine, each from a fresh match. */
function replay(engine: Engine, games: Action[][]): Workload {
  const ops = games.reduce((sum, actions) => sum + actions.length, 0);
  return {
    ops,
    prepare() {
      const run = () =>
        quiet(() => {
          for (const actions of games) {
            let state = engine.initialize();
            for (const action of actions) state = engine.reducer(state, action);
          }
        });
      return Object.assign(run, { dispose: () => engine.dispose?.() });
    },
  };
}

/** The actor's final G and ctx must be boardgame.io's: else the row would time two different games. */
function verifyActor(spec: RealisticGame, games: Action[][]): void {
  quiet(() => compareEnds(spec, games));
}

function compareEnds(spec: RealisticGame, games: Action[][]): void {
  const engine = actorEngine(spec);
  const client = bgioClientEngine(spec);
  for (const actions of games) {
    let a = engine.initialize();
    for (const action of actions) a = engine.reducer(a, action);
    let b = client.initialize();
    for (const action of actions) b = client.reducer(b, action);
    if (JSON.stringify([a.G, a.ctx]) !== JSON.stringify([b.G, b.ctx]))
      throw new Error(`${spec.name}: the chart actor and boardgame.io's Client end in different states`);
  }
  engine.dispose?.();
  client.dispose?.();
}

function row(add: AddRow, spec: RealisticGame): void {
  const games = recordGames(spec, ACTIONS);
  for (const actions of games) verifyReplay(spec, actions);
  verifyActor(spec, games);
  add(
    compare(
      `chart actor vs bgio Client: ${spec.label} (${MODE})`,
      replay(actorEngine(spec), games),
      replay(bgioClientEngine(spec), games),
      ROUNDS,
    ),
  );
}

/**
 * 7. The chart actor (`createActor(createGameMachine(…))` on xstate's own
 * interpreter) against boardgame.io's local Client: on a 64-cell board game
 * at 2 to 16 seats, with plain turns and with a discard stage for the other
 * seats (how the cost of xstate walking the chart grows with seats), and on
 * the realistic 0.50 games.
 */
export function actorSeatsSection(add: AddRow): void {
  for (const shape of ['plain', 'discard'] as const)
    for (const seats of SEATS) row(add, seatBoardWorkload(shape, seats));
  for (const spec of REALISTIC_GAMES) if (spec.api === '0.50') row(add, spec);
}
