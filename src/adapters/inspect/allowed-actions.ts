/**
 * What each player may send now: every move and flow event, each asked of the
 * machine with `snapshot.can(request)`, which is true exactly when sending the
 * request would be accepted (a refused request takes no transition), so the
 * list is what the machine accepts.
 *
 * Requests that need arguments (`setPhase`, `setStage`, `setActivePlayers`,
 * moves whose function declares parameters after the context) are tried with
 * suggested arguments; a move that is allowed but refuses the suggestion
 * (it returned INVALID_MOVE, threw, or the arguments were malformed) is still
 * listed, flagged `needsArgs`, with the reason the flow gives
 * (`evaluateRequest`), since other arguments may do.
 */
import { compiledGame, evaluateRequest, type RequestEvent, type TurnchartContext } from '../../machines/game-machine';
import { phaseOf, type CompiledGame } from '../../machines/rules/config';
import { getMove, moveFunction } from '../../machines/rules/moves';
import type { ActionRejection, RejectionCode } from '../../machines/rules/errors';
import type { Game, PlayerID } from '../../machines/rules/types';

export interface AllowedAction {
  /** The request's event type: `move.<name>` or a flow event. */
  type: string;
  playerID: PlayerID;
  /** Arguments to offer: accepted ones when `ok`, a starting point otherwise. */
  args: unknown[];
  /** Whether the request takes arguments (the page shows a JSON field). */
  takesArgs: boolean;
  /** True when `args` as given are accepted; false when the request is allowed but these arguments are not. */
  ok: boolean;
  /** Why the suggested arguments were refused (only when `ok` is false). */
  rejection?: Pick<ActionRejection, 'code' | 'message'>;
}

/** Refusals that depend on the arguments rather than on who may act. */
const ARGUMENT_CODES: ReadonlySet<RejectionCode> = new Set<RejectionCode>([
  'INVALID_ARGUMENT',
  'INVALID_MOVE',
  'USER_CODE_THREW',
  'UNKNOWN_PHASE',
  'INVALID_STAGE',
  'INVALID_NEXT_PLAYER',
  'NOT_SERIALIZABLE',
]);

/** Flow events without required arguments. */
const PLAIN_EVENTS = ['endTurn', 'pass', 'endStage', 'endPhase', 'endGame'] as const;

interface Candidate {
  type: string;
  takesArgs: boolean;
  /** Argument lists to try, best first; the first accepted one is offered. */
  tries: unknown[][];
}

function candidates(game: CompiledGame, context: TurnchartContext, playerID: PlayerID): Candidate[] {
  const list: Candidate[] = [];
  for (const name of game.moveNames) {
    const source = getMove(game, context.ctx, name, playerID);
    if (!source) continue;
    // `({ G, ctx }, card) => ...` declares a parameter after the context.
    const takesArgs = moveFunction(source.move).length > 1;
    list.push({ type: `move.${name}`, takesArgs, tries: [[]] });
  }
  for (const type of PLAIN_EVENTS) list.push({ type, takesArgs: false, tries: [[]] });
  const phaseNames = [...game.phases.keys()];
  if (phaseNames.length > 0) {
    const others = phaseNames.filter((name) => name !== context.ctx.phase);
    list.push({ type: 'setPhase', takesArgs: true, tries: [...others, ...phaseNames.filter((n) => !others.includes(n))].map((name) => [name]) });
  }
  const stageNames = Object.keys(phaseOf(game, context.ctx.phase).turn.stages);
  if (stageNames.length > 0) list.push({ type: 'setStage', takesArgs: true, tries: stageNames.map((name) => [name]) });
  const firstStage = stageNames[0];
  list.push({
    type: 'setActivePlayers',
    takesArgs: true,
    tries: [
      ...(firstStage !== undefined ? [[{ others: firstStage, minMoves: 1, maxMoves: 1 }]] : []),
      [{ all: null }],
      [{ currentPlayer: null }],
    ],
  });
  return list;
}

/**
 * What allowed actions are asked of: a snapshot of a game's machine (an
 * actor's `getSnapshot()`). `M`: the game's move names, as its machine types
 * its requests (a literal game's names, else `string`).
 */
export interface GameSnapshot<M extends string = string> {
  context: TurnchartContext;
  can(event: RequestEvent<M>): boolean;
}

/** For one player, the requests the machine accepts now (and allowed moves whose arguments must be chosen). */
export function allowedActionsOf<M extends string>(game: Game, snapshot: GameSnapshot<M>, playerID: PlayerID): AllowedAction[] {
  const compiled = compiledGame(game);
  const { context } = snapshot;
  const allowed: AllowedAction[] = [];
  for (const candidate of candidates(compiled, context, playerID)) {
    let firstArgumentRefusal: { args: unknown[]; rejection: ActionRejection } | undefined;
    let accepted: unknown[] | undefined;
    for (const args of candidate.tries) {
      const event: RequestEvent = { type: candidate.type, playerID, args };
      // The candidates are the game's own moves and the flow events: requests of type RequestEvent<M>.
      if (snapshot.can(event as unknown as RequestEvent<M>)) {
        accepted = args;
        break;
      }
      // Why a move refused these arguments, for the page: only the flow says.
      if (firstArgumentRefusal || !candidate.type.startsWith('move.')) continue;
      const outcome = evaluateRequest(compiled, context, event);
      if (!outcome.ok && ARGUMENT_CODES.has(outcome.rejection.code)) firstArgumentRefusal = { args, rejection: outcome.rejection };
    }
    const base = { type: candidate.type, playerID, takesArgs: candidate.takesArgs };
    if (accepted) allowed.push({ ...base, args: accepted, ok: true });
    else if (firstArgumentRefusal && candidate.type.startsWith('move.')) {
      const { code, message } = firstArgumentRefusal.rejection;
      allowed.push({ ...base, takesArgs: true, args: firstArgumentRefusal.args, ok: false, rejection: { code, message } });
    }
  }
  return allowed;
}

/** `allowedActionsOf` for every seat, keyed by player ID. */
export function allowedActions<M extends string>(game: Game, snapshot: GameSnapshot<M>): Record<PlayerID, AllowedAction[]> {
  const result: Record<PlayerID, AllowedAction[]> = {};
  for (let seat = 0; seat < snapshot.context.ctx.numPlayers; seat++) result[String(seat)] = allowedActionsOf(game, snapshot, String(seat));
  return result;
}
