/**
 * Where a game's time limits can stall it (`turnchart check`): a timeout
 * whose outcome leaves its scope going on (an `onTimeout` hook that does
 * not end the turn, the stage or the phase) spends the deadline, and the
 * same player may then move forever; a clock whose outcome is not `endGame`
 * and that has no increment leaves a seat that ran out playing without one.
 * The first is found by seeded playouts that let every deadline run out,
 * the second read off the config.
 */
import {
  compiledGame,
  evaluateRequest,
  nextDeadline,
  type Ctx,
  type Deadline,
  type Game,
  type RequestEvent,
  type TimeoutRequest,
  type TurnchartContext,
} from '../../machines';
import { acceptedRequests, type CandidateOptions } from './candidates';
import { seededRandom } from './playouts';

export interface TimeStall {
  limit: Deadline['limit'];
  /** The config location of the limit, e.g. `turn.time`, `clock`. */
  location: string;
  /** What is wrong, in words. */
  why: string;
  /** A path that gets there (requests, timeouts with their times); empty for what the config says alone. */
  path: (RequestEvent | TimeoutRequest)[];
}

export interface TimeStallOptions {
  candidates: CandidateOptions;
  playouts: number;
  maxActions: number;
  seed: string | number;
}

/** Whether a timeout of `deadline` left its scope going on, as it was: the deadline is spent and nothing replaced it. */
function spent(before: Ctx, after: Ctx, deadline: Deadline): boolean {
  if (after.gameover !== undefined) return false;
  const seat = deadline.seat ?? before.currentPlayer;
  const sameTurn = after.turn === before.turn && after.phase === before.phase;
  switch (deadline.limit) {
    case 'turn':
      return sameTurn;
    case 'phase':
      return after.phase === before.phase && after.time?.phase === undefined;
    case 'stage':
      return sameTurn && after.activePlayers?.[seat] === before.activePlayers?.[seat];
    case 'clock':
      return after.time?.clocks?.[seat]?.expired === true;
  }
}

/** What a spent deadline's outcome left, after "its outcome left …". */
const WORDS: Record<Deadline['limit'], string> = {
  turn: 'the turn going on with no time limit: the same player may move forever',
  phase: 'the phase going on with no time limit',
  stage: 'the seat in its stage with no time limit',
  clock: 'the seat active with its clock stopped: it may take all the time it wants this turn',
};

export function findTimeStalls(game: Game, start: TurnchartContext, options: TimeStallOptions): TimeStall[] {
  const compiled = compiledGame(game);
  if (!compiled.timed) return [];
  const stalls = new Map<string, TimeStall>();
  const clock = compiled.clock;
  if (clock && clock.onTimeout !== 'endGame' && clock.increment === 0) {
    stalls.set('clock/empty', {
      limit: 'clock',
      location: clock.where,
      why: 'a seat whose clock runs out plays on without one (its outcome is not endGame, and it has no increment)',
      path: [],
    });
  }
  const random = seededRandom(`${options.seed}/time`);
  for (let playout = 0; playout < options.playouts; playout++) {
    let context = start;
    const path: (RequestEvent | TimeoutRequest)[] = [];
    for (let step = 0; step < options.maxActions && context.ctx.gameover === undefined; step++) {
      const deadline = nextDeadline(context.ctx);
      if (deadline && random() < 0.5) {
        const timeout: TimeoutRequest = { type: 'timeout', now: deadline.at };
        const outcome = evaluateRequest(compiled, context, timeout);
        if (!outcome.ok) break;
        path.push(timeout);
        const key = `${deadline.limit}/${deadline.limit === 'turn' || deadline.limit === 'phase' ? '' : deadline.seat}`;
        if (spent(context.ctx, outcome.context.ctx, deadline) && !stalls.has(key)) {
          const where = `${deadline.limit === 'phase' ? 'the phase' : `player ${deadline.seat}`}'s ${deadline.limit} ran out`;
          stalls.set(key, {
            limit: deadline.limit,
            location: limitLocation(compiled, context.ctx, deadline),
            why: `after ${where}, its outcome left ${WORDS[deadline.limit]}`,
            path: [...path],
          });
        }
        context = outcome.context;
        continue;
      }
      // Requests happen at once (time stands still but for the timeouts): none is late.
      const requests = acceptedRequests(game, context, options.candidates);
      if (requests.length === 0) break;
      const { request, outcome } = requests[Math.floor(random() * requests.length)];
      path.push(request);
      context = outcome.context;
    }
  }
  return [...stalls.values()];
}

function limitLocation(game: ReturnType<typeof compiledGame>, ctx: Ctx, deadline: Deadline): string {
  const phase = (ctx.phase !== null && game.phases.get(ctx.phase)) || game.nullPhase;
  if (deadline.limit === 'clock') return game.clock?.where ?? 'clock';
  if (deadline.limit === 'phase') return phase.time?.where ?? `${phase.where}.time`;
  if (deadline.limit === 'turn') return phase.turn.time?.where ?? `${phase.turn.where}.time`;
  const stage = ctx.activePlayers?.[deadline.seat!];
  return (typeof stage === 'string' && phase.turn.stageTimes?.[stage]?.where) || `${phase.turn.where}.stages`;
}
