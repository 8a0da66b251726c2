/**
 * Realistic workloads: games written in the style of published boardgame.io
 * games (bench/games/), each played by a seeded random driver that mixes
 * legal actions with the refused ones real players send (a click on the
 * wrong cell, a move out of turn, an `endTurn` before `minMoves`). The
 * driver plays once on boardgame.io, recording every action; both engines
 * then replay that same list, whole games from a fresh match, through the
 * reducer API a server or a client uses (`InitializeGame`,
 * `CreateGameReducer`): turnchart/boardgameio against boardgame.io 0.50.2,
 * and for the 0.4x game turnchart/legacy against boardgame.io 0.49.13.
 *
 * Before timing, `verifyReplay` checks that both engines end in the same G
 * and ctx, refuse the same actions, and print the same lines. While timed,
 * console.log and console.error print nothing: both engines print the same
 * lines (boardgame.io's `INFO:` and `ERROR:`), and what a terminal costs
 * is the terminal's, not an engine's.
 */
import { createRequire } from 'node:module';
import * as tcBgio from '../src/adapters/boardgameio/index';
import * as tcLegacy from '../src/adapters/legacy/index';
import type { Workload } from './harness';
import { checkers, legalSteps, type CheckersState } from './games/checkers';
import { harvest, ordersProblem, CROPS, FIELDS, type HarvestState, type Order } from './games/harvest';
import type { BenchLib } from './games/lib';
import {
  canAttack,
  canDeploy,
  canMarch,
  homeRows,
  neighbours,
  skirmish,
  type SkirmishState,
} from './games/skirmish-04x';
import { playableCards, tricks, type TricksState } from './games/tricks';

const require_ = createRequire(import.meta.url);
const bgioCore = require_('boardgame.io/core');
const bgioInternal = require_('boardgame.io/internal');
const bgioClient = require_('boardgame.io/client');
const oldCore = require_('boardgame.io-0.49/core');
const oldInternal = require_('boardgame.io-0.49/internal');

type Action = { type: 'MAKE_MOVE' | 'GAME_EVENT'; payload: { type: string; args: unknown[]; playerID: string } };
type State = { G: any; ctx: any; transients?: { error?: { type: string } } };

const move = (name: string, playerID: string, ...args: unknown[]): Action => ({
  type: 'MAKE_MOVE',
  payload: { type: name, args, playerID },
});
const event = (name: string, playerID: string, ...args: unknown[]): Action => ({
  type: 'GAME_EVENT',
  payload: { type: name, args, playerID },
});

/** A seeded uniform random number in [0, 1) (a linear congruential generator: the driver needs no quality). */
function prng(seed: number): () => number {
  let x = seed;
  return () => (x = (x * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
}
type Rand = () => number;
const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)];
const int = (rand: Rand, n: number) => Math.floor(rand() * n);

/** An engine's reducer API, on one game. */
interface Engine {
  initialize(): State;
  reducer: (state: State, action: Action) => State;
  /** Releases what the last game made (a client stays registered until stopped). */
  dispose?(): void;
}

export interface RealisticGame {
  name: string;
  /** What the row says: the game, and what is compared. */
  label: string;
  numPlayers: number;
  /** The API generation: 0.50 runs on turnchart/boardgameio vs boardgame.io 0.50.2, 0.4x on turnchart/legacy vs 0.49.13. */
  api: '0.50' | '0.4x';
  make: (lib: BenchLib) => object;
  /** The driver: the next action for this state (legal or not). */
  choose: (state: State, rand: Rand) => Action;
  /** Safety bound on one game's actions. */
  maxActions: number;
}

const otherOf = (player: string) => (player === '0' ? '1' : '0');

// ------------------------------------------------------------------ the drivers

/** Checkers: about half legal moves, the rest clicks on the wrong cells, endTurn before moving, moves out of turn. */
function chooseCheckers({ G, ctx }: { G: CheckersState; ctx: any }, rand: Rand): Action {
  const player = ctx.currentPlayer;
  const r = rand();
  if (r < 0.55) {
    const step = pick(rand, legalSteps(G, player));
    if (step) return move('movePiece', player, step.from, step.to);
  }
  if (r < 0.75) return move('movePiece', player, int(rand, 64), int(rand, 64));
  if (r < 0.85) return event('endTurn', player);
  const step = pick(rand, legalSteps({ ...G, jumping: null }, otherOf(player)));
  return step
    ? move('movePiece', otherOf(player), step.from, step.to)
    : move('movePiece', otherOf(player), int(rand, 64), int(rand, 64));
}

/** Tricks: bids and cards, with bids out of range, cards that do not follow suit, bids while playing, endTurn before moving, plays out of turn. */
function chooseTricks({ G, ctx }: { G: TricksState; ctx: any }, rand: Rand): Action {
  const player = ctx.currentPlayer;
  const someoneElse = String((Number(player) + 1 + int(rand, 3)) % 4);
  const r = rand();
  if (ctx.phase === 'bidding') {
    if (r < 0.7) return move('bid', player, int(rand, 6));
    if (r < 0.8) return move('bid', player, 14 + int(rand, 3));
    if (r < 0.9) return event('endTurn', player);
    return move('bid', someoneElse, 2);
  }
  const hand = G.hands[player];
  if (r < 0.6) return move('playCard', player, pick(rand, playableCards(G, player)).id);
  if (r < 0.8) return move('playCard', player, pick(rand, hand).id);
  if (r < 0.86) return move('bid', player, 3);
  if (r < 0.93) return event('endTurn', player);
  return move('playCard', someoneElse, pick(rand, G.hands[someoneElse].length > 0 ? G.hands[someoneElse] : hand).id);
}

function randomOrders(rand: Rand, workers: number, tooMany: boolean): Order[] {
  const orders: Order[] = [];
  const fields = new Set<number>();
  const count = 1 + int(rand, 3);
  let left = workers;
  for (let i = 0; i < count && left > 0; i++) {
    const field = int(rand, FIELDS);
    if (fields.has(field)) continue;
    fields.add(field);
    const n = i === count - 1 ? left : 1 + int(rand, left);
    left -= n;
    orders.push(rand() < 0.5 ? { field, workers: n, sow: pick(rand, CROPS) } : { field, workers: n });
  }
  if (tooMany) orders[0] = { ...orders[0], workers: workers + 1 };
  return orders;
}

/** Harvest: everyone plans each round; some orders ask for too many workers, some players endStage first or plan twice. */
function chooseHarvest({ G, ctx }: { G: HarvestState; ctx: any }, rand: Rand): Action {
  const planning = Object.keys(ctx.activePlayers ?? {});
  const done: string[] = ctx.playOrder.filter((p: string) => !planning.includes(p));
  const player: string = pick(rand, planning.length > 0 ? planning : ctx.playOrder);
  const r = rand();
  const estate = G.estates[player];
  if (r < 0.6 || (r >= 0.85 && done.length === 0)) {
    const orders = randomOrders(rand, estate.workers, false);
    return move('sendOrders', player, ordersProblem(estate, orders) === null ? orders : [{ field: 0, workers: 1 }]);
  }
  if (r < 0.75) return move('sendOrders', player, randomOrders(rand, estate.workers, true));
  if (r < 0.85) return event('endStage', player);
  return move('sendOrders', pick(rand, done), [{ field: 1, workers: 1 }]);
}

/** Skirmish (0.4x): deployments, marches and attacks, with wrong squares, endTurn before two moves, moves out of turn, rallies. */
function chooseSkirmish({ G, ctx }: { G: SkirmishState; ctx: any }, rand: Rand): Action {
  const r = rand();
  if (ctx.activePlayers) {
    const [defender] = Object.keys(ctx.activePlayers);
    const own = G.board.flatMap((unit, square) => (unit && unit.owner === defender ? [square] : []));
    return r < 0.8 && own.length > 0
      ? move('rally', defender, pick(rand, own))
      : move('rally', defender, int(rand, 64));
  }
  const player = ctx.currentPlayer;
  if (ctx.phase === 'deploy') {
    const free = homeRows(player)
      .flatMap((row) => Array.from({ length: 8 }, (_, c) => row * 8 + c))
      .filter((square) => canDeploy(G, player, square));
    if (r < 0.6 && free.length > 0) return move('deploy', player, pick(rand, free));
    if (r < 0.8) return move('deploy', player, int(rand, 64));
    if (r < 0.9) return event('endTurn', player);
    return move('deploy', otherOf(player), int(rand, 64));
  }
  if (r < 0.6) {
    const legal: Action[] = [];
    G.board.forEach((unit, from) => {
      if (!unit || unit.owner !== player) return;
      for (const to of neighbours(from)) {
        if (canAttack(G, player, from, to))
          legal.push(move('attack', player, from, to), move('attack', player, from, to));
        else if (canMarch(G, player, from, to)) legal.push(move('march', player, from, to));
      }
    });
    if (legal.length > 0) return pick(rand, legal);
  }
  if (r < 0.8) return move(rand() < 0.5 ? 'march' : 'attack', player, int(rand, 64), int(rand, 64));
  if (r < 0.9) return event('endTurn', player);
  return move('march', otherOf(player), int(rand, 64), int(rand, 64));
}

export const REALISTIC_GAMES: RealisticGame[] = [
  {
    name: 'checkers',
    label: 'checkers: 8×8 pieces, captures',
    numPlayers: 2,
    api: '0.50',
    make: checkers,
    choose: chooseCheckers as RealisticGame['choose'],
    maxActions: 600,
  },
  {
    name: 'tricks',
    label: 'tricks: 52 cards, hands, bids',
    numPlayers: 4,
    api: '0.50',
    make: tricks,
    choose: chooseTricks as RealisticGame['choose'],
    maxActions: 1000,
  },
  {
    name: 'harvest',
    label: 'simultaneous: 6 seats, large G',
    numPlayers: 6,
    api: '0.50',
    make: harvest,
    choose: chooseHarvest as RealisticGame['choose'],
    maxActions: 1000,
  },
  {
    name: 'skirmish-04x',
    label: '0.4x war game: legacy vs 0.49',
    numPlayers: 2,
    api: '0.4x',
    make: skirmish,
    choose: chooseSkirmish as RealisticGame['choose'],
    maxActions: 600,
  },
];

// ------------------------------------------------------------------ engines

const SEED = 'bench';

function engineOf(spec: RealisticGame, engine: 'turnchart' | 'boardgameio'): Engine {
  if (spec.api === '0.4x') {
    if (engine === 'turnchart') {
      const game = { ...spec.make(tcLegacy as unknown as BenchLib), seed: SEED };
      const reducer = tcLegacy.CreateGameReducer({ game });
      return {
        initialize: () => tcLegacy.InitializeGame({ game, numPlayers: spec.numPlayers }) as State,
        reducer: reducer as unknown as Engine['reducer'],
      };
    }
    // 0.49 changes the config it is given (ProcessGameConfig), so it gets its own.
    const game = oldInternal.ProcessGameConfig({ ...spec.make(oldCore), seed: SEED });
    return {
      initialize: () => oldInternal.InitializeGame({ game, numPlayers: spec.numPlayers }),
      reducer: oldInternal.CreateGameReducer({ game }),
    };
  }
  if (engine === 'turnchart') {
    const game = { ...spec.make(tcBgio as unknown as BenchLib), seed: SEED };
    const reducer = tcBgio.CreateGameReducer({ game: game as never });
    return {
      initialize: () => tcBgio.InitializeGame({ game: game as never, numPlayers: spec.numPlayers }) as State,
      reducer: reducer as unknown as Engine['reducer'],
    };
  }
  const game = bgioInternal.ProcessGameConfig({ ...spec.make(bgioCore), seed: SEED });
  return {
    initialize: () => bgioInternal.InitializeGame({ game, numPlayers: spec.numPlayers }),
    reducer: bgioInternal.CreateGameReducer({ game }),
  };
}

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
export function verifyReplay(spec: RealisticGame, actions: Action[], api: Api = 'reducer'): ReplaySummary {
  const run = (which: 'turnchart' | 'boardgameio') => {
    const engine = api === 'client' ? clientEngine(spec, which) : engineOf(spec, which);
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

/**
 * A 0.50 game through each engine's local `Client` (what a browser game
 * uses): a started client per game, the recorded actions dispatched to its
 * store (the same actions, from any player, without switching the client's
 * player), then stopped.
 */
function clientEngine(spec: RealisticGame, which: 'turnchart' | 'boardgameio'): Engine {
  if (spec.api !== '0.50') throw new Error(`${spec.name}: client workloads are for 0.50 games`);
  const make = () => ({ ...spec.make(which === 'turnchart' ? (tcBgio as unknown as BenchLib) : bgioCore), seed: SEED });
  const Client = which === 'turnchart' ? tcBgio.Client : bgioClient.Client;
  let client: any;
  return {
    initialize: () => {
      client?.stop();
      client = Client({ game: make() as never, numPlayers: spec.numPlayers });
      client.start();
      return client.store.getState();
    },
    reducer: (_state, action) => {
      client.store.dispatch(action);
      return client.store.getState();
    },
    dispose: () => {
      client?.stop();
      client = undefined;
    },
  };
}

export type Api = 'reducer' | 'client';

/** The timed replay of the recorded games on one engine: each game from a fresh match, printing nothing. */
export function replayWorkload(
  spec: RealisticGame,
  games: Action[][],
  which: 'turnchart' | 'boardgameio',
  api: Api = 'reducer',
): Workload {
  const engine = api === 'client' ? clientEngine(spec, which) : engineOf(spec, which);
  const ops = games.reduce((sum, actions) => sum + actions.length, 0);
  return {
    ops,
    prepare() {
      const saved = { log: console.log, error: console.error };
      const run = () => {
        console.log = silent;
        console.error = silent;
        try {
          for (const actions of games) {
            let state = engine.initialize();
            for (const action of actions) state = engine.reducer(state, action);
          }
        } finally {
          Object.assign(console, saved);
        }
      };
      return Object.assign(run, { dispose: () => engine.dispose?.() });
    },
  };
}
