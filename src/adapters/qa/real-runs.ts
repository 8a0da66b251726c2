/**
 * Real runs of a game, for finding where it gets stuck: a bounded
 * breadth-first search over whole game states, and seeded random playouts.
 * Both work on plain contexts with the flow's own evaluation (no xstate; the
 * chart value is derived from ctx, see context-value.ts), so they are fast.
 * They log what they see: situations where no seat may send anything
 * (deadlocks) with the shortest path found to each, the first path into
 * every phase and every stage of every seat, and which chart configurations
 * follow which.
 */
import {
  compiledGame,
  evaluateRequest,
  type RequestEvent,
  type TurnchartContext,
  type CompiledGame,
  type Game,
} from '../../machines';
import { candidateRequests, playerChoices, type CandidateOptions } from './candidates';
import { chartValueOf } from './context-value';
import { configurationOf } from './paths';

export interface Deadlock {
  value: unknown;
  context: TurnchartContext;
  path: RequestEvent[];
  /** Moves allowed there whose arguments no try satisfied: maybe not stuck, the arguments were not guessed. */
  needsArgs: string[];
  foundBy: 'search' | 'playout';
}

export interface RunLog {
  /** By state value (JSON): the shortest path found to a deadlock there. */
  deadlocks: Map<string, Deadlock>;
  /** `phase <name>` or `stage <phase> <stage> <seat>` → the shortest path found into it. */
  entries: Map<string, RequestEvent[]>;
  /** Chart configurations (state value JSON) → those seen right after them. */
  edges: Map<string, Set<string>>;
  values: Map<string, unknown>;
  /** State value (JSON) → the shortest path found to it. */
  paths: Map<string, RequestEvent[]>;
  statesSearched: number;
  playouts: number;
  actions: number;
  /** Playouts that ended with the game over. */
  gameovers: number;
  /** The shortest path found that ends the game, if any. */
  ending?: RunPath;
  /** The longest path found (a playout, or the deepest the search went); none before any run. */
  longest?: RunPath;
}

/** A path a real run took, where it ended, and which run found it. */
export interface RunPath {
  path: RequestEvent[];
  value: unknown;
  foundBy: 'search' | 'playout';
}

export function createRunLog(): RunLog {
  return {
    deadlocks: new Map(),
    entries: new Map(),
    edges: new Map(),
    values: new Map(),
    paths: new Map(),
    statesSearched: 0,
    playouts: 0,
    actions: 0,
    gameovers: 0,
  };
}

/** Keep the shortest path to the game over and the longest path of all. */
export function notePath(
  log: RunLog,
  context: TurnchartContext,
  path: readonly RequestEvent[],
  foundBy: RunPath['foundBy'],
  game: Game,
): void {
  const ended = context.ctx.gameover !== undefined;
  if (ended && (!log.ending || log.ending.path.length > path.length))
    log.ending = { path: [...path], value: chartValueOf(game, context.ctx), foundBy };
  if (!log.longest || log.longest.path.length < path.length)
    log.longest = { path: [...path], value: chartValueOf(game, context.ctx), foundBy };
}

export function entryKeys(value: unknown): string[] {
  const { phase, seats } = configurationOf(value);
  return [`phase ${phase}`, ...Object.entries(seats).map(([seat, state]) => `stage ${phase} ${state} ${seat}`)];
}

export function noteValue(log: RunLog, value: unknown, path: readonly RequestEvent[]): string {
  const key = JSON.stringify(value);
  if (!log.values.has(key)) log.values.set(key, value);
  const known = log.paths.get(key);
  if (!known || known.length > path.length) log.paths.set(key, [...path]);
  for (const entry of entryKeys(value)) {
    const known = log.entries.get(entry);
    if (!known || known.length > path.length) log.entries.set(entry, [...path]);
  }
  return key;
}

export function noteEdge(log: RunLog, from: string, to: string): void {
  let next = log.edges.get(from);
  if (!next) log.edges.set(from, (next = new Set()));
  next.add(to);
}

/**
 * The outcome of a request when it is a way on: accepted, and not a flow
 * event that changes nothing (`endStage` from a seat in no stage). Such an
 * event is no move in the game, so it neither saves a seat from a deadlock
 * nor takes a playout's turn (the stepper does not list it either).
 */
export function wayOn(compiled: CompiledGame, context: TurnchartContext, request: RequestEvent) {
  const outcome = evaluateRequest(compiled, context, request);
  if (!outcome.ok) return undefined;
  if (
    !request.type.startsWith('move.') &&
    JSON.stringify([outcome.context.G, outcome.context.ctx]) === JSON.stringify([context.G, context.ctx])
  )
    return undefined;
  return outcome;
}

/** Whether no seat may send anything: every candidate refused or a no-op (and the game not over). */
export function isDeadlocked(game: Game, context: TurnchartContext, options: CandidateOptions): boolean {
  if (context.ctx.gameover !== undefined) return false;
  const compiled = compiledGame(game);
  for (let seat = 0; seat < context.ctx.numPlayers; seat++) {
    for (const request of candidateRequests(game, context, String(seat), options)) {
      if (wayOn(compiled, context, request)) return false;
    }
  }
  return true;
}

function needsArgsAt(game: Game, context: TurnchartContext, options: CandidateOptions): string[] {
  const names = new Set<string>();
  for (let seat = 0; seat < context.ctx.numPlayers; seat++)
    playerChoices(game, context, String(seat), options).needsArgs.forEach((name) => names.add(name));
  return [...names];
}

export function noteDeadlock(
  log: RunLog,
  game: Game,
  context: TurnchartContext,
  path: RequestEvent[],
  options: CandidateOptions,
  foundBy: Deadlock['foundBy'],
): boolean {
  const value = chartValueOf(game, context.ctx);
  const key = JSON.stringify(value);
  const known = log.deadlocks.get(key);
  if (known && known.path.length <= path.length) return false;
  log.deadlocks.set(key, { value, context, path, needsArgs: needsArgsAt(game, context, options), foundBy });
  return true;
}

/** A whole game state, without the counters that only grow (turn, stateID) or only reflect the past. */
function stateKey(context: TurnchartContext): string {
  const { turn: _turn, ...ctx } = context.ctx;
  return JSON.stringify([context.G, ctx, context.random]);
}

export interface SearchOptions {
  candidates: CandidateOptions;
  maxStates: number;
  maxDepth: number;
  onProgress?: (states: number) => void;
}

/** Breadth-first over whole game states from `start`: deadlocks found here have the shortest paths. */
export function searchStates(
  game: Game,
  start: TurnchartContext,
  log: RunLog,
  options: SearchOptions,
): { stopped?: 'depth' | 'states' } {
  const compiled = compiledGame(game);
  const seen = new Set<string>([stateKey(start)]);
  let frontier: { context: TurnchartContext; path: RequestEvent[] }[] = [{ context: start, path: [] }];
  noteValue(log, chartValueOf(compiled, start.ctx), []);
  let stopped: 'depth' | 'states' | undefined;
  for (let depth = 0; frontier.length > 0; depth++) {
    if (depth >= options.maxDepth) {
      stopped ??= 'depth';
      break;
    }
    const next: typeof frontier = [];
    for (const { context, path } of frontier) {
      log.statesSearched++;
      options.onProgress?.(log.statesSearched);
      notePath(log, context, path, 'search', game);
      if (context.ctx.gameover !== undefined) continue;
      const from = JSON.stringify(chartValueOf(compiled, context.ctx));
      let accepted = 0;
      for (let seat = 0; seat < context.ctx.numPlayers; seat++) {
        for (const request of candidateRequests(game, context, String(seat), options.candidates)) {
          const outcome = wayOn(compiled, context, request);
          if (!outcome) continue;
          accepted++;
          const nextPath = [...path, request];
          // An end at the depth limit counts too (the states there are not visited).
          if (outcome.context.ctx.gameover !== undefined) notePath(log, outcome.context, nextPath, 'search', game);
          const to = noteValue(log, chartValueOf(compiled, outcome.context.ctx), nextPath);
          noteEdge(log, from, to);
          const key = stateKey(outcome.context);
          if (seen.has(key)) continue;
          if (seen.size >= options.maxStates) {
            stopped = 'states';
            continue;
          }
          seen.add(key);
          next.push({ context: outcome.context, path: nextPath });
        }
      }
      if (accepted === 0) noteDeadlock(log, game, context, path, options.candidates, 'search');
    }
    frontier = next;
  }
  return stopped ? { stopped } : {};
}
