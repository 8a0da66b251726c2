/**
 * Where a game can get stuck. Three looks, one report:
 * 1. a bounded breadth-first search over whole game states and
 * 2. seeded random playouts, both with the game's own moves and the flow
 *    events players may send (real runs: real-runs.ts), which find
 *    deadlocks — situations where no seat may send anything and the game is
 *    not over — with the shortest path found to each;
 * 3. an abstraction of the chart explored with xstate/graph (explore.ts):
 *    states told apart by state value alone (G abstracted away) and every
 *    `endIf` allowed to go either way (endif-oracle.ts).
 * The configurations (state values) seen and which follow which, from all
 * three, make one graph. A phase, or a stage of a seat, is a trap when a
 * configuration inside it is reached from which no configuration outside it
 * can be reached; configurations the abstraction did not expand (beyond its
 * budget) count as possible ways out, so a trap is only reported where the
 * graph is complete. Configurations of the abstraction with no way on at all
 * are possible deadlocks when no real run confirmed them.
 * A game none of the three looks ever ends is a finding too: the report then
 * gives the longest path a real run took, how far each look went, and the
 * way the abstraction reaches the game over (which `endIf` it forced), if it
 * does.
 *
 * Players send the game's moves and, by default, the flow events a player
 * sends from a client (`endTurn`, `pass`, `endStage`: see candidates.ts).
 */
import {
  NULL_PHASE_KEY,
  compiledGame,
  createGameMachine,
  type RequestEvent,
  type TurnchartContext,
  type FlowEventType,
  type Game,
} from '../../machines';
import { playerEvents, type CandidateOptions, type EventChoice } from './candidates';
import { exploreAbstraction, steps } from './check-abstraction';
import { trapped, unionGraph } from './configuration-graph';
import { createEndIfOracle } from './endif-oracle';
import { pathTo, type Exploration } from './explore';
import { observedStart } from './observed-transition';
import { configurationOf } from './paths';
import { runPlayouts } from './playouts';
import { createRunLog, searchStates, type Deadlock, type RunLog, type RunPath } from './real-runs';
import { findTimeStalls, type TimeStall } from './time-stalls';

export interface CheckOptions {
  numPlayers: number;
  /** Seed of the match (default `turnchart-check`); playouts are seeded from it too. */
  seed?: string | number;
  setupData?: unknown;
  /** Random playouts (default 100). */
  playouts?: number;
  /** Actions per playout at most (default 200). */
  maxActions?: number;
  /** Whole game states the breadth-first search visits at most (default 2000), and its depth (default 12). */
  searchStates?: number;
  searchDepth?: number;
  /** Configurations the abstraction expands at most (default 2000), and its depth (default 40). */
  abstractStates?: number;
  abstractDepth?: number;
  /** The flow events players send (default `'player'`: endTurn, pass, endStage where enabled; see candidates.ts). */
  events?: EventChoice;
  /** Same as `events: []`: players send moves only (moves and hooks still call events). */
  movesOnly?: boolean;
  candidates?: Omit<CandidateOptions, 'movesOnly' | 'events'>;
  onProgress?: (stage: 'search' | 'playouts' | 'abstraction', count: number) => void;
}

/** A request on a path, and the `endIf` the abstraction forced for it, if any. */
export interface PathStep {
  request: RequestEvent;
  /** e.g. `phases.lobby.endIf forced true`, `every endIf false`. */
  endIf?: string;
}

export interface Trap {
  kind: 'phase' | 'stage';
  phase: string;
  /** For a stage: its name and the seats that can be caught in it. */
  stage?: string;
  seats?: string[];
  /** The config location: `phases.main`, `phases.main.turn.stages.wait`. */
  location: string;
  /** The shortest path found into a configuration of the trap from which there is no way out. */
  path: PathStep[];
  /** True when a real run took that path; false when it needs the abstraction (an endIf forced). */
  real: boolean;
  value: unknown;
}

export interface PossibleDeadlock {
  value: unknown;
  path: PathStep[];
}

/**
 * Whether some explored path ends the game: the shortest real one found
 * (`abstraction`: a path of the abstraction that forced no endIf, so a real
 * one), else the longest real path and, if the abstraction reaches the game
 * over by forcing endIfs, that path.
 */
export type GameOverReach =
  | { reached: true; path: RequestEvent[]; foundBy: 'search' | 'playout' | 'abstraction' }
  | { reached: false; longest?: RunPath; abstraction?: PathStep[] };

export interface CheckReport {
  numPlayers: number;
  seed: string | number;
  /** The flow events players were taken to send (besides moves). */
  events: FlowEventType[];
  deadlocks: Deadlock[];
  possibleDeadlocks: PossibleDeadlock[];
  traps: Trap[];
  /** Whether the game has time limits or clocks (then timeStalls was looked for). */
  timed: boolean;
  /** Time limits whose outcome can leave the match going on with no limit (time-stalls.ts). */
  timeStalls: TimeStall[];
  gameOver: GameOverReach;
  stats: {
    statesSearched: number;
    /** The search's depth bound, and the playouts' length bound. */
    searchDepth: number;
    maxActions: number;
    /** Why the search stopped before it had seen every state: its depth or its state budget. */
    searchStopped?: 'depth' | 'states';
    playouts: number;
    actions: number;
    /** Playouts that ended with the game over. */
    gameovers: number;
    configurations: number;
    abstractComplete: boolean;
    endIfs: string[];
  };
}

function gameOverReach(log: RunLog, exploration: Exploration): GameOverReach {
  if (log.ending) return { reached: true, path: log.ending.path, foundBy: log.ending.foundBy };
  let abstraction: PathStep[] | undefined;
  for (const state of exploration.states.values()) {
    if (state.snapshot.value !== 'gameover') continue;
    const path = steps(pathTo(exploration, state.key));
    if (!abstraction || path.length < abstraction.length) abstraction = path;
  }
  // A path that forced no endIf is what the game does: a real way to the end.
  if (abstraction && abstraction.every((step) => step.endIf === undefined))
    return { reached: true, path: abstraction.map((step) => step.request), foundBy: 'abstraction' };
  return { reached: false, ...(log.longest ? { longest: log.longest } : {}), ...(abstraction ? { abstraction } : {}) };
}

export function checkGame(game: Game, options: CheckOptions): CheckReport {
  const seed = options.seed ?? 'turnchart-check';
  const events = options.movesOnly ? [] : playerEvents(game, options.events);
  const candidates: CandidateOptions = { ...options.candidates, events };
  const searchDepth = options.searchDepth ?? 12;
  const maxActions = options.maxActions ?? 200;
  const machine = createGameMachine(game, { numPlayers: options.numPlayers });
  const start = observedStart(machine, { seed, setupData: options.setupData }).snapshot.context as TurnchartContext;

  const log = createRunLog();
  const search = searchStates(game, start, log, {
    candidates,
    maxStates: options.searchStates ?? 2000,
    maxDepth: searchDepth,
    onProgress: (count) => options.onProgress?.('search', count),
  });
  runPlayouts(game, start, log, {
    candidates,
    playouts: options.playouts ?? 100,
    maxActions,
    seed: `${seed}/playouts`,
    onProgress: (count) => options.onProgress?.('playouts', count),
  });
  const exploration = exploreAbstraction(game, { ...options, seed }, candidates);
  const graph = unionGraph(exploration, log);

  const realDeadlocks = new Set(log.deadlocks.keys());
  const isDeadEnd = (key: string) =>
    graph.complete.has(key) && (graph.successors.get(key)?.size ?? 0) === 0 && graph.values.get(key) !== 'gameover';
  const witness = (keys: Set<string>): { key: string; path: PathStep[]; real: boolean } => {
    let best: { key: string; path: PathStep[]; real: boolean } | undefined;
    for (const key of keys) {
      const realPath = log.paths.get(key);
      const candidate = realPath
        ? { key, path: steps(realPath), real: true }
        : exploration.states.has(key)
          ? { key, path: steps(pathTo(exploration, key)), real: false }
          : undefined;
      if (!candidate) continue;
      const better =
        !best ||
        (candidate.real && !best.real) ||
        (candidate.real === best.real && candidate.path.length < best.path.length);
      if (better) best = candidate;
    }
    return best!;
  };

  const possibleDeadlocks: PossibleDeadlock[] = [];
  for (const state of exploration.states.values()) {
    if (!isDeadEnd(state.key) || realDeadlocks.has(state.key)) continue;
    possibleDeadlocks.push({ value: state.snapshot.value, path: steps(pathTo(exploration, state.key)) });
  }

  const compiled = compiledGame(game);
  const traps: Trap[] = [];
  const phases = new Set<string>();
  const stages = new Map<string, { phase: string; stage: string }>();
  for (const value of graph.values.values()) {
    const { phase, seats } = configurationOf(value);
    if (phase === 'gameover') continue;
    phases.add(phase);
    const declared = phase === NULL_PHASE_KEY ? compiled.nullPhase : compiled.phases.get(phase);
    for (const state of Object.values(seats)) {
      if (declared && Object.prototype.hasOwnProperty.call(declared.turn.stages, state))
        stages.set(`${phase}\u0000${state}`, { phase, stage: state });
    }
  }
  const phaseConfig = (phase: string) => (phase === NULL_PHASE_KEY ? compiled.nullPhase : compiled.phases.get(phase)!);
  for (const phase of phases) {
    const caught = [...trapped(graph, (value) => configurationOf(value).phase === phase)].filter(
      (key) => !isDeadEnd(key),
    );
    if (caught.length === 0) continue;
    const found = witness(new Set(caught));
    traps.push({
      kind: 'phase',
      phase,
      location: phaseConfig(phase).where,
      path: found.path,
      real: found.real,
      value: graph.values.get(found.key),
    });
  }
  for (const { phase, stage } of stages.values()) {
    const seatsCaught = new Set<string>();
    const keys = new Set<string>();
    for (let seat = 0; seat < options.numPlayers; seat++) {
      const id = String(seat);
      const inside = (value: unknown) => {
        const configuration = configurationOf(value);
        return configuration.phase === phase && configuration.seats[id] === stage;
      };
      for (const key of trapped(graph, inside)) {
        if (isDeadEnd(key)) continue;
        seatsCaught.add(id);
        keys.add(key);
      }
    }
    if (keys.size === 0) continue;
    const found = witness(keys);
    traps.push({
      kind: 'stage',
      phase,
      stage,
      seats: [...seatsCaught],
      location: `${phaseConfig(phase).turn.where}.stages.${stage}`,
      path: found.path,
      real: found.real,
      value: graph.values.get(found.key),
    });
  }

  return {
    numPlayers: options.numPlayers,
    seed,
    events,
    gameOver: gameOverReach(log, exploration),
    deadlocks: [...log.deadlocks.values()].sort((a, b) => a.path.length - b.path.length),
    possibleDeadlocks,
    traps,
    timed: compiled.timed,
    timeStalls: findTimeStalls(game, start, {
      candidates,
      playouts: Math.min(options.playouts ?? 100, 20),
      maxActions,
      seed,
    }),
    stats: {
      statesSearched: log.statesSearched,
      searchDepth,
      maxActions,
      ...(search.stopped ? { searchStopped: search.stopped } : {}),
      playouts: log.playouts,
      actions: log.actions,
      gameovers: log.gameovers,
      configurations: graph.values.size,
      abstractComplete: !exploration.truncated.depth && !exploration.truncated.states,
      endIfs: createEndIfOracle(game).locations,
    },
  };
}
