/**
 * Seeded random playouts, the second kind of real run (real-runs.ts): each
 * request picked at random among those some seat may send, mostly moves.
 */
import { compiledGame, evaluateRequest, type RequestEvent, type TurnchartContext, type Game } from '../../machines';
import { candidateRequests, type CandidateOptions } from './candidates';
import { chartValueOf } from './context-value';
import { isDeadlocked, noteDeadlock, noteEdge, notePath, noteValue, wayOn, type RunLog } from './real-runs';

/** Mulberry32: a small seeded PRNG, so playouts repeat for a seed. */
export function seededRandom(seed: string | number): () => number {
  let h = 1779033703 ^ String(seed).length;
  for (const char of String(seed)) {
    h = Math.imul(h ^ char.charCodeAt(0), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

const MOVE_BIAS = 0.75;

export interface PlayoutOptions {
  candidates: CandidateOptions;
  playouts: number;
  maxActions: number;
  seed: string | number;
  onProgress?: (playouts: number) => void;
  /** Called with each playout's requests when it ends. */
  onPlayout?: (path: readonly RequestEvent[]) => void;
}

/** Play `path` from `start`; the context reached, or undefined when a request is refused. */
export function replayContexts(
  game: Game,
  start: TurnchartContext,
  path: readonly RequestEvent[],
): TurnchartContext | undefined {
  const compiled = compiledGame(game);
  let context = start;
  for (const request of path) {
    const outcome = evaluateRequest(compiled, context, request);
    if (!outcome.ok) return undefined;
    context = outcome.context;
  }
  return context;
}

/** Drop actions from a path to a deadlock while it still plays and still ends deadlocked in the same configuration. */
export function shortenDeadlockPath(
  game: Game,
  start: TurnchartContext,
  path: RequestEvent[],
  options: CandidateOptions,
): RequestEvent[] {
  const target = JSON.stringify(chartValueOf(game, replayContexts(game, start, path)!.ctx));
  let best = path;
  for (let i = best.length - 1; i >= 0; i--) {
    const shorter = [...best.slice(0, i), ...best.slice(i + 1)];
    const end = replayContexts(game, start, shorter);
    if (end && JSON.stringify(chartValueOf(game, end.ctx)) === target && isDeadlocked(game, end, options))
      best = shorter;
  }
  return best;
}

/** Random playouts from `start`: each request picked at random among those some seat may send. */
export function runPlayouts(game: Game, start: TurnchartContext, log: RunLog, options: PlayoutOptions): void {
  const compiled = compiledGame(game);
  const random = seededRandom(options.seed);
  for (let playout = 0; playout < options.playouts; playout++) {
    let context = start;
    const path: RequestEvent[] = [];
    let from = noteValue(log, chartValueOf(compiled, context.ctx), path);
    for (let step = 0; step < options.maxActions; step++) {
      if (context.ctx.gameover !== undefined) {
        log.gameovers++;
        break;
      }
      const moves: RequestEvent[] = [];
      const events: RequestEvent[] = [];
      for (let seat = 0; seat < context.ctx.numPlayers; seat++) {
        for (const request of candidateRequests(game, context, String(seat), options.candidates))
          (request.type.startsWith('move.') ? moves : events).push(request);
      }
      // Mostly moves, as people play; flow events a quarter of the time (or when no move is possible).
      const order =
        random() < MOVE_BIAS
          ? [...shuffled(moves, random), ...shuffled(events, random)]
          : [...shuffled(events, random), ...shuffled(moves, random)];
      let moved = false;
      for (const request of order) {
        const outcome = wayOn(compiled, context, request);
        if (!outcome) continue;
        path.push(request);
        context = outcome.context;
        const to = noteValue(log, chartValueOf(compiled, context.ctx), path);
        noteEdge(log, from, to);
        from = to;
        moved = true;
        log.actions++;
        break;
      }
      if (!moved) {
        const key = JSON.stringify(chartValueOf(compiled, context.ctx));
        const known = log.deadlocks.get(key);
        if (!known || known.path.length > path.length) {
          const shortest = shortenDeadlockPath(game, start, path, options.candidates);
          noteDeadlock(log, game, replayContexts(game, start, shortest)!, shortest, options.candidates, 'playout');
        }
        break;
      }
    }
    notePath(log, context, path, 'playout', game);
    log.playouts++;
    options.onPlayout?.(path);
    options.onProgress?.(log.playouts);
  }
}
