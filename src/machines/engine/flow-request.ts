/**
 * The entry points of the flow: set-up, the start of a match, and one
 * player's request, with the checks boardgame.io makes before it runs
 * anything (is it a seat, is the game over, does the move exist here, may
 * this player act).
 */
import { isPlayerActive, isSeat, notASeat } from './active-players';
import { describe } from './describe-value';
import type { CompiledGame } from './config';
import { reject, rejection, type ActionRejection } from './errors';
import { EventQueue } from './event-queue';
import { FlowRun, type FlowState, type Request, type RunResult } from './flow-run';
import { getMove, type MoveSource } from './moves';
import { RandomSource, type RandomState } from './random';
import type { Ctx } from './types';
import { FLOW_EVENT_TYPES } from './types';
import { findUnserializable } from './serializable';
import { defaultPlayOrder } from './turn-order';
import { createEnv } from './user-code';

/** Set-up: G from `setup`, ctx as boardgame.io initialises it. Start the game with `runStart`. */
export function initialState(
  game: CompiledGame,
  numPlayers: number,
  random: RandomState,
  setupData?: unknown,
): { state: FlowState; random: RandomState } {
  const ctx: Ctx = {
    numPlayers,
    turn: 0,
    currentPlayer: '0',
    playOrder: defaultPlayOrder(numPlayers),
    playOrderPos: 0,
    phase: game.startingPhase,
    activePlayers: null,
  };
  const queue = new EventQueue(ctx);
  const env = createEnv(queue, new RandomSource(random));
  let G: unknown;
  try {
    G = game.setup(
      { ctx, random: env.random.api(), events: queue.api(), log: { setMetadata: () => undefined } },
      setupData,
    );
  } catch (error) {
    reject('USER_CODE_THREW', `setup threw: ${error instanceof Error ? error.message : String(error)}`, 'setup', error);
  }
  if (queue.dispatch.length > 0) {
    reject('EVENT_NOT_ALLOWED_HERE', 'setup called an event; events may be called only from moves and hooks', 'setup');
  }
  if (env.checkSerializable) {
    const problem = findUnserializable(G);
    if (problem) reject('NOT_SERIALIZABLE', `setup returned G that is not plain data: ${problem}`, 'setup');
  }
  return { state: { G, ctx }, random: env.random.state };
}

export function runStart(game: CompiledGame, state: FlowState, random: RandomState): RunResult {
  const run = new FlowRun(game, state, random, undefined);
  run.start();
  return run.result();
}

/** A request as a refusal's message names it (made only when there is one). */
const requestName = (request: Request): string => (request.kind === 'move' ? `move ${request.move}` : request.event);

/**
 * Work out a request. A request refused by the checks boardgame.io makes
 * before and around the move (not a seat, game over, no such move here, not
 * active, INVALID_MOVE, an end that minMoves refuses) is returned as a
 * rejection: refusals are common in real play, and returning one costs a
 * fraction of throwing. Anything refused while the flow runs throws
 * RejectedAction (never anything else). Nothing is changed either way.
 * `found`: the move the caller already looked up for this player in this
 * ctx (`getMove`), so that a move is looked up once per request.
 */
export function runRequest(
  game: CompiledGame,
  state: FlowState,
  random: RandomState,
  request: Request,
  found?: MoveSource,
): RunResult | ActionRejection {
  const ctx = state.ctx;
  if (!isSeat(ctx, request.playerID)) return notASeat(ctx, request.playerID, requestName(request));
  if (ctx.gameover !== undefined) {
    return rejection('GAME_OVER', `the game is over; ${requestName(request)} was not applied`);
  }
  if (request.kind === 'move') {
    // A move the caller found is known.
    if (found === undefined && !game.moveNames.includes(request.move)) {
      return rejection('UNKNOWN_MOVE', `there is no move called ${describe(request.move)}`);
    }
    const source = found ?? getMove(game, ctx, request.move, request.playerID);
    if (!source) {
      const stage = ctx.activePlayers?.[request.playerID];
      const where =
        stage !== undefined && stage !== null
          ? `stage "${stage}"`
          : ctx.phase !== null
            ? `phase "${ctx.phase}"`
            : 'this game state';
      return rejection(
        'MOVE_NOT_ALLOWED',
        `disallowed move: ${request.move} is not allowed for player ${request.playerID} in ${where}`,
      );
    }
    if (!isPlayerActive(ctx, request.playerID)) {
      return rejection(
        'PLAYER_NOT_ACTIVE',
        `disallowed move: player ${request.playerID} is not active (current player ${ctx.currentPlayer}${ctx.activePlayers ? `, active players ${Object.keys(ctx.activePlayers).join(', ')}` : ''})`,
      );
    }
    const run = new FlowRun(game, state, random, request.playerID);
    return run.move(request.move, source, request.args) ?? run.result();
  }
  if (!FLOW_EVENT_TYPES.includes(request.event)) {
    return rejection('UNKNOWN_EVENT', `there is no flow event called ${describe(request.event)}`);
  }
  if (!isPlayerActive(ctx, request.playerID)) {
    return rejection(
      'PLAYER_NOT_ACTIVE',
      `disallowed event: player ${request.playerID} is not active and cannot call ${request.event}`,
    );
  }
  const run = new FlowRun(game, state, random, request.playerID);
  run.request(request.event, request.args);
  const result = run.result();
  // boardgame.io ignores an endTurn / endStage that minMoves refuses; a direct
  // request that changed nothing because of that is reported as a rejection.
  const refusal = run.refusals?.[0];
  if (refusal && result.state === state) return rejection(refusal.code, refusal.message, refusal.location);
  return result;
}

/** A run's result, or a rejection returned by `runRequest`. */
export function isRejection(outcome: RunResult | ActionRejection): outcome is ActionRejection {
  return 'code' in outcome;
}
