/**
 * `npm run bench`: turnchart against boardgame.io 0.50.2, in one process.
 * Prints ops/s per engine and the ratio turnchart / boardgame.io, and writes
 * bench/results/latest.json (or BENCH_OUT). BENCH_ROUNDS sets rounds per
 * comparison, BENCH_WARMUP_MS the warm-up per engine, BENCH_VERBOSE=1 prints
 * every round. BENCH_SECTION=realistic runs only the realistic workloads,
 * BENCH_SECTION=creation only the matches made from fresh game objects.
 *
 * The realistic workloads run in two child processes, one in development
 * mode (Node's default) and one with NODE_ENV=production: both engines read
 * NODE_ENV when they load, so a mode is a process; and a fresh process keeps
 * them apart from the synthetic sections, whose garbage and compiled code
 * moved the 0.4x game's ratio from about 4.3 to 2.8.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createActor } from 'xstate';
import { createGame, createGameMachine, type Game } from '../src/index';
import { CardPhases } from '../examples/card-phases/game';
import { Discard } from '../examples/discard/game';
import { compare, format, measure, type Comparison } from './harness';
import { largeFlow } from './large-flow';
import { creationWorkload, freshCopy, makers, retainedPerMatch } from './match-creation';
import { REALISTIC_GAMES, recordGames, replayWorkload, verifyReplay, type ReplaySummary } from './realistic';
import * as tcBgio from '../src/adapters/boardgameio/index';
import {
  bgEndTurn,
  bgio,
  bgioClient,
  bgioClientWorkload,
  bgioReducer,
  bgMove,
  endTurnEvent,
  microGame,
  moveEvent,
  playoutWorkloads,
  scriptedPlayout,
  tcActor,
  tcPure,
} from './workloads';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const SECTION = process.env.BENCH_SECTION;
const MODE = process.env.NODE_ENV === 'production' ? 'production' : 'development';
/** Actions replayed per round of a realistic workload (whole games). */
const REALISTIC_ACTIONS = Number(process.env.BENCH_REALISTIC_ACTIONS ?? 2000);
const quietConsole = () => {
  const saved = { log: console.log, error: console.error, info: console.info };
  return () => Object.assign(console, saved);
};

// ------------------------------------------------------------------ run

function main(): void {
  const restore = quietConsole();
  console.info = () => undefined;
  const results: Comparison[] = [];
  const extra: Record<string, unknown> = {};
  const print = (c: Comparison) =>
    process.stdout.write(
      `${c.name.padEnd(60)} ${format(c.turnchart).padStart(12)} ${format(c.boardgameio).padStart(12)} ${c.ratio.toFixed(2).padStart(7)}×\n`,
    );
  process.stdout.write(
    `${'benchmark'.padEnd(60)} ${'turnchart'.padStart(12)} ${'boardgame.io'.padStart(12)} ${'ratio'.padStart(8)}\n`,
  );
  const add = (c: Comparison) => {
    results.push(c);
    print(c);
  };

  if (process.env.BENCH_CHILD) {
    realistic(add, extra);
  } else if (SECTION === 'creation') {
    creationSection(add, extra);
  } else {
    if (SECTION !== 'realistic') synthetic(add, extra);
    for (const mode of ['development', 'production'] as const) {
      const child = realisticRun(mode);
      for (const c of child.results) add(c);
      extra.realisticGames = { ...(extra.realisticGames as object), ...(child.realisticGames as object) };
    }
  }

  const file = process.env.BENCH_OUT ?? 'bench/results/latest.json';
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    JSON.stringify(
      { date: new Date().toISOString(), node: process.version, rounds: ROUNDS, results, ...extra },
      null,
      2,
    ),
  );
  process.stdout.write(`\nwrote ${file}\n`);
}

/** 6. Realistic workloads (bench/realistic.ts) in this process's mode: each row is one game, whole games replayed. */
function realistic(add: (c: Comparison) => void, extra: Record<string, unknown>): void {
  const games: Record<string, ReplaySummary & { games: number }> = {};
  for (const spec of REALISTIC_GAMES) {
    const recorded = recordGames(spec, REALISTIC_ACTIONS);
    const summaries = recorded.map((actions) => verifyReplay(spec, actions));
    const total = (key: 'actions' | 'refused' | 'printed') => summaries.reduce((sum, s) => sum + s[key], 0);
    games[`${spec.name} (${MODE})`] = {
      games: recorded.length,
      actions: total('actions'),
      refused: total('refused'),
      printed: total('printed'),
      gameover: summaries.map((s) => s.gameover),
    };
    add(
      compare(
        `${spec.label} (${MODE === 'production' ? 'prod' : 'dev'})`,
        replayWorkload(spec, recorded, 'turnchart'),
        replayWorkload(spec, recorded, 'boardgameio'),
        ROUNDS,
      ),
    );
    if (spec.name === 'checkers') {
      // The same games through each engine's local Client, as a browser game plays them.
      for (const actions of recorded) verifyReplay(spec, actions, 'client');
      add(
        compare(
          `checkers through Client (${MODE === 'production' ? 'prod' : 'dev'})`,
          replayWorkload(spec, recorded, 'turnchart', 'client'),
          replayWorkload(spec, recorded, 'boardgameio', 'client'),
          ROUNDS,
        ),
      );
    }
  }
  extra.realisticGames = games;
}

/** Runs this benchmark's realistic section in a child process in `mode` and returns its results. */
function realisticRun(mode: 'development' | 'production'): { results: Comparison[]; realisticGames: unknown } {
  const dir = mkdtempSync(join(tmpdir(), 'turnchart-bench-'));
  try {
    const out = join(dir, `${mode}.json`);
    execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
      env: { ...process.env, NODE_ENV: mode, BENCH_CHILD: '1', BENCH_OUT: out },
      encoding: 'utf8',
    });
    process.stdout.write(`\nrealistic workloads, ${mode} mode (same recorded actions on both engines)\n`);
    return JSON.parse(readFileSync(out, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** 4b. A match from a fresh, identical game object (match-creation.ts): time per match and the heap each keeps. */
function creationSection(add: (c: Comparison) => void, extra: Record<string, unknown>): void {
  const creation: Record<string, unknown> = {};
  const creationCases: [string, Game, number][] = [
    ['discard', Discard, 4],
    ['card-phases', CardPhases, 2],
    ['large flow', largeFlow(), 6],
  ];
  for (const [name, game, numPlayers] of creationCases) {
    const make = makers(numPlayers);
    add(
      compare(
        `match from a fresh identical game object (${name}, ${numPlayers} seats)`,
        creationWorkload(game, make.turnchart, 200),
        creationWorkload(game, make.boardgameio, 200),
        ROUNDS,
      ),
    );
    if (name === 'discard')
      add(
        compare(
          `  the same through turnchart/boardgameio's Client`,
          creationWorkload(game, make.turnchartClient, 200),
          creationWorkload(game, make.boardgameio, 200),
          ROUNDS,
        ),
      );
    const kept = {
      turnchart: retainedPerMatch(game, make.turnchart, 500),
      turnchartClient: retainedPerMatch(game, make.turnchartClient, 500),
      boardgameio: retainedPerMatch(game, make.boardgameio, 500),
    };
    creation[`${name} at ${numPlayers} seats`] = kept;
    const kb = (bytes: number | undefined) =>
      bytes === undefined ? 'n/a (no --expose-gc)' : `${(bytes / 1024).toFixed(1)} KB`;
    process.stdout.write(
      `heap kept per match from a fresh identical game object, ${name} at ${numPlayers} seats: createGame ${kb(kept.turnchart)}, turnchart Client ${kb(kept.turnchartClient)}, boardgame.io Client ${kb(kept.boardgameio)}\n`,
    );
  }
  extra.retainedPerFreshMatch = creation;
}

/** Sections 1–5: the synthetic benchmarks, build times and memory. */
function synthetic(add: (c: Comparison) => void, extra: Record<string, unknown>): void {
  // 1. boardgame.io's own micro-benchmarks, each engine through the same API, then turnchart's own APIs.
  add(
    compare(
      'reducer makeMove (turnchart/boardgameio)',
      bgioReducer(microGame(), 2, bgMove, 2000, tcBgio),
      bgioReducer(microGame(), 2, bgMove, 2000),
      ROUNDS,
    ),
  );
  add(
    compare(
      'reducer endTurn (turnchart/boardgameio)',
      bgioReducer(microGame(), 2, bgEndTurn, 2000, tcBgio),
      bgioReducer(microGame(), 2, bgEndTurn, 2000),
      ROUNDS,
    ),
  );
  add(
    compare(
      'client move (turnchart/boardgameio)',
      bgioClientWorkload(microGame(), 2, (c) => c.moves.A(), 1000, tcBgio),
      bgioClientWorkload(microGame(), 2, (c) => c.moves.A(), 1000),
      ROUNDS,
    ),
  );
  add(
    compare(
      'client endTurn (turnchart/boardgameio)',
      bgioClientWorkload(microGame(), 2, (c) => c.events.endTurn(), 1000, tcBgio),
      bgioClientWorkload(microGame(), 2, (c) => c.events.endTurn(), 1000),
      ROUNDS,
    ),
  );
  add(
    compare(
      'makeMove: transitionGame vs bgio reducer',
      tcPure(microGame(), 2, moveEvent, 2000),
      bgioReducer(microGame(), 2, bgMove, 2000),
      ROUNDS,
    ),
  );
  add(
    compare(
      'endTurn: transitionGame vs bgio reducer',
      tcPure(microGame(), 2, endTurnEvent, 2000),
      bgioReducer(microGame(), 2, bgEndTurn, 2000),
      ROUNDS,
    ),
  );
  add(
    compare(
      'move: chart actor vs bgio client',
      tcActor(microGame(), 2, moveEvent, 2000),
      bgioClientWorkload(microGame(), 2, (c) => c.moves.A(), 2000),
      ROUNDS,
    ),
  );
  add(
    compare(
      'endTurn: chart actor vs bgio client',
      tcActor(microGame(), 2, endTurnEvent, 2000),
      bgioClientWorkload(microGame(), 2, (c) => c.events.endTurn(), 2000),
      ROUNDS,
    ),
  );

  // 2. Playouts of two examples.
  for (const name of ['discard', 'card-phases'] as const) {
    const actions = scriptedPlayout(name, 400);
    const { tc, bg } = playoutWorkloads(name === 'discard' ? Discard : CardPhases, actions);
    add(compare(`playout ${name} (${actions.length} actions)`, tc, bg, ROUNDS));
  }

  // 3. Seat scaling.
  const scaling: Record<string, number> = {};
  for (const seats of [2, 8, 16]) {
    const move = compare(
      `move at ${seats} seats`,
      tcActor(microGame(), seats, moveEvent, 2000),
      bgioReducer(microGame(), seats, bgMove, 2000),
      ROUNDS,
    );
    const end = compare(
      `endTurn at ${seats} seats`,
      tcActor(microGame(), seats, endTurnEvent, 2000),
      bgioReducer(microGame(), seats, bgEndTurn, 2000),
      ROUNDS,
    );
    add(move);
    add(end);
    scaling[`move${seats}`] = move.turnchart;
    scaling[`endTurn${seats}`] = end.turnchart;
  }
  extra.seatScaling = {
    moveCost16vs2: scaling.move2 / scaling.move16,
    endTurnCost16vs2: scaling.endTurn2 / scaling.endTurn16,
  };
  process.stdout.write(
    `\nper-move cost at 16 seats / at 2 seats: ${(scaling.move2 / scaling.move16).toFixed(2)} (target ≤ 2)\n`,
  );
  process.stdout.write(
    `per-endTurn cost at 16 seats / at 2 seats: ${(scaling.endTurn2 / scaling.endTurn16).toFixed(2)}\n`,
  );

  // 4. Machine build time per (game, seats): cold (a shape never built before: a data key makes each copy a new one),
  // a new game object of a known shape, and cached (the same object).
  const builds: { game: string; numPlayers: number; coldMs: number; knownShapeUs: number; cachedUs: number }[] = [];
  let shapes = 0;
  const buildCases: [string, () => Game, number][] = [
    ['large flow (4 phases, 5 stages)', largeFlow, 6],
    ['discard', () => ({ ...Discard }) as Game, 2],
    ['discard', () => ({ ...Discard }) as Game, 8],
    ['card-phases', () => ({ ...CardPhases }) as Game, 4],
    ['micro', microGame, 16],
  ];
  for (const [name, make, numPlayers] of buildCases) {
    const coldPerSecond = measure(
      {
        ops: 20,
        prepare: () => () => {
          for (let i = 0; i < 20; i++) createGameMachine({ ...make(), benchShape: shapes++ } as Game, { numPlayers });
        },
      },
      ROUNDS,
    );
    const knownPerSecond = measure(
      {
        ops: 200,
        prepare: () => {
          const games = Array.from({ length: 200 }, () => freshCopy(make()));
          return () => {
            for (const g of games) createGameMachine(g, { numPlayers });
          };
        },
      },
      ROUNDS,
    );
    const cached = make();
    createGameMachine(cached, { numPlayers });
    const cachedPerSecond = measure(
      {
        ops: 10000,
        prepare: () => () => {
          for (let i = 0; i < 10000; i++) createGameMachine(cached, { numPlayers });
        },
      },
      ROUNDS,
    );
    builds.push({
      game: name,
      numPlayers,
      coldMs: 1000 / coldPerSecond,
      knownShapeUs: 1e6 / knownPerSecond,
      cachedUs: 1e6 / cachedPerSecond,
    });
  }
  extra.buildMs = {
    cold: builds[0].coldMs,
    knownShape: builds[0].knownShapeUs / 1000,
    cached: builds[0].cachedUs / 1000,
  };
  extra.builds = builds;
  for (const [i, b] of builds.entries()) {
    const what = i === 0 ? '6 seats 4 phases 5 stages' : `${b.game} at ${b.numPlayers} seats`;
    process.stdout.write(
      `machine build, ${what}: new shape ${b.coldMs.toFixed(2)} ms${i === 0 ? ' (target ≤ 5)' : ''}, new object of a known shape ${b.knownShapeUs.toFixed(1)} µs, same object ${b.cachedUs.toFixed(2)} µs\n`,
    );
  }

  creationSection(add, extra);

  // 5. Memory.
  const actions = scriptedPlayout('discard', 60);
  const tcMatch = createGame(Discard, { numPlayers: 4, seed: 'playout' });
  for (const a of actions)
    a.kind === 'move' ? tcMatch.move(a.name, [], a.playerID) : tcMatch.event(a.name as any, undefined, a.playerID);
  const g = { ...Discard, seed: 'playout' };
  let bState = bgio.InitializeGame({ game: g, numPlayers: 4 });
  const reducer = bgio.CreateGameReducer({ game: g });
  for (const a of actions)
    bState = reducer(
      bState,
      a.kind === 'move'
        ? { type: 'MAKE_MOVE', payload: { type: a.name, args: [], playerID: a.playerID } }
        : { type: 'GAME_EVENT', payload: { type: a.name, args: [], playerID: a.playerID } },
    );
  const tcBytes = JSON.stringify(tcMatch.getPersistedSnapshot()).length;
  const { transients, ...bStored } = bState;
  const bgBytes = JSON.stringify(bStored).length;
  extra.snapshotBytes = { turnchart: tcBytes, boardgameio: bgBytes };
  process.stdout.write(
    `persisted match after ${actions.length} actions: turnchart ${tcBytes} bytes, boardgame.io state ${bgBytes} bytes\n`,
  );

  // Each match is stopped once measured: a started boardgame.io client stays registered (and alive) until
  // stopped, and 1,000 of them left in the heap slowed the realistic workloads run after this section.
  const heapPer1000 = (make: () => { stop(): void }) => {
    const gc = (globalThis as any).gc as (() => void) | undefined;
    gc?.();
    const before = process.memoryUsage().heapUsed;
    const keep: { stop(): void }[] = [];
    for (let i = 0; i < 1000; i++) keep.push(make());
    gc?.();
    const after = process.memoryUsage().heapUsed;
    for (const match of keep) match.stop();
    return { bytes: after - before, kept: keep.length };
  };
  const machine = createGameMachine(Discard, { numPlayers: 4 });
  const tcHeap = heapPer1000(() => createActor(machine, { input: { seed: 'm' } }).start());
  const bgHeap = heapPer1000(() => {
    const c = bgioClient.Client({ game: Discard, numPlayers: 4 });
    c.start();
    return c;
  });
  extra.heapPer1000Matches = {
    turnchart: tcHeap.bytes,
    boardgameio: bgHeap.bytes,
    gcExposed: typeof (globalThis as any).gc === 'function',
  };
  process.stdout.write(
    `heap for 1,000 live matches: turnchart ${(tcHeap.bytes / 1e6).toFixed(1)} MB, boardgame.io clients ${(bgHeap.bytes / 1e6).toFixed(1)} MB\n`,
  );
}

main();
