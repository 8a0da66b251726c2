/**
 * Why a request would be refused (or that it would be accepted), in words
 * that name the chart state the player is in, the guard of an accepted
 * move's edge, and the place in the game config behind it.
 */
import { stageOf } from '../engine/active-players';
import { compiledGame } from '../engine/compiled-game';
import { phaseOf, type CompiledGame } from '../engine/config';
import type { RejectionCode } from '../engine/errors';
import { moveSetFor } from '../engine/moves';
import { evaluateRequest, type RequestEvent, type TurnchartContext } from '../engine/request';
import type { Ctx, Game } from '../engine/types';
import { seatRegionKey, seatStateKey } from './seat-state';

export interface Explanation {
  ok: boolean;
  code?: RejectionCode;
  /** One or two sentences for people. */
  text: string;
  /** The acting player's seat state in the chart, e.g. `player2.discard`. */
  state?: string;
  /**
   * An accepted move: the guard of the move's edge on the player's seat
   * state (its move set, e.g. `turn.stages.discard.moves`). A refused
   * request passes no guard.
   */
  guard?: string;
  /** Where in the game config the answer comes from. */
  location?: string;
}

function list(names: string[]): string {
  if (names.length === 0) return 'no moves';
  const quoted = names.map((n) => `\`${n}\``);
  return quoted.length === 1
    ? `only ${quoted[0]}`
    : `only ${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
}

function whoMayAct(ctx: Ctx): string {
  if (!ctx.activePlayers) return `only the current player, ${ctx.currentPlayer}, may act`;
  const entries = Object.entries(ctx.activePlayers);
  if (entries.length === 0) return 'nobody may act';
  return `only ${entries.map(([id, stage]) => (stage === null ? `player ${id}` : `player ${id} (stage \`${stage}\`)`)).join(', ')} may act`;
}

function seatDescription(game: CompiledGame, ctx: Ctx, playerID: string): { where: string; state: string } {
  const key = seatStateKey(game, ctx, playerID);
  const stage = stageOf(ctx, playerID);
  const state = `${seatRegionKey(playerID)}.${key}`;
  if (stage === undefined) return { where: `player ${playerID} is idle`, state };
  if (stage === null) return { where: `player ${playerID} is active, in no stage`, state };
  return key === stage
    ? { where: `player ${playerID} is in stage \`${stage}\``, state }
    : { where: `player ${playerID} is active with the undeclared stage label \`${stage}\``, state };
}

export function explain(
  game: Game,
  context: Pick<TurnchartContext, 'G' | 'ctx' | 'random' | 'stateID'>,
  request: RequestEvent,
): Explanation {
  const compiled = compiledGame(game);
  const outcome = evaluateRequest(compiled, context as TurnchartContext, request);
  const { ctx } = context;
  const playerID = typeof request.playerID === 'string' ? request.playerID : String(request.playerID);
  const seat =
    ctx.gameover === undefined && /^\d+$/.test(playerID) && Number(playerID) < ctx.numPlayers
      ? seatDescription(compiled, ctx, playerID)
      : undefined;
  const phase = phaseOf(compiled, ctx.phase);
  const inPhase = ctx.phase === null ? '' : ` in phase \`${ctx.phase}\``;
  const action = request.type.startsWith('move.') ? `move \`${request.type.slice(5)}\`` : `\`${request.type}\``;
  if (outcome.ok) {
    const isMove = request.type.startsWith('move.');
    return {
      ok: true,
      text: `${seat?.where ?? `player ${playerID}`}${inPhase}: ${action} is allowed.`,
      ...(seat ? { state: seat.state } : {}),
      ...(isMove ? { guard: moveSetFor(compiled, ctx, playerID).where } : {}),
    };
  }
  const { code, message, location } = outcome.rejection;
  const base = { ok: false, code, ...(seat ? { state: seat.state } : {}) };
  if (code === 'MOVE_NOT_ALLOWED' && seat) {
    const { moves, where } = moveSetFor(compiled, ctx, playerID);
    return {
      ...base,
      location: where,
      text: `${seat.where}${inPhase}, which allows ${list(Object.keys(moves))} (${where}); ${action} is not among them.`,
    };
  }
  if (code === 'PLAYER_NOT_ACTIVE' && seat) {
    return {
      ...base,
      location: ctx.activePlayers ? 'ctx.activePlayers' : `${phase.turn.where}.order`,
      text: `${seat.where}: ${whoMayAct(ctx)}, so ${action} is refused.`,
    };
  }
  return {
    ...base,
    ...(location ? { location } : {}),
    text: seat ? `${seat.where}${inPhase}: ${message}.` : `${message}.`,
  };
}
