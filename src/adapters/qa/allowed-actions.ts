/**
 * What each player may send now: every move and flow event, each asked of the
 * machine with `snapshot.can(request)`, which is true exactly when sending the
 * request would be accepted (a refused request takes no transition), so the
 * list is what the machine accepts.
 *
 * Requests that need arguments are tried with suggested arguments, the first
 * accepted one offered (the page shows it in an editable field): `setPhase`,
 * `setStage`, `setActivePlayers` with the config's phase and stage names;
 * moves with what `chartEvents` tries for graph traversals, the game's
 * `ai.enumerate` entries when it has them (boardgame.io's list for bots),
 * else `[]` and `[0]` … `[9]` for a function that declares parameters after
 * the context. A move that is allowed but refuses every suggestion (it
 * returned INVALID_MOVE, threw, or the arguments were malformed) is still
 * listed, not `ok`, with the reason the flow gives (`evaluateRequest`), since
 * other arguments may do.
 */
import {
  chartEvents,
  compiledGame,
  evaluateRequest,
  phaseOf,
  getMove,
  moveFunction,
  type RequestEvent,
  type TurnchartContext,
  type CompiledGame,
  type ActionRejection,
  type RejectionCode,
  type Game,
  type PlayerID,
} from '../../machines';

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

function candidates(
  game: CompiledGame,
  context: TurnchartContext,
  playerID: PlayerID,
  suggested: readonly RequestEvent[],
): Candidate[] {
  const list: Candidate[] = [];
  for (const name of game.moveNames) {
    const source = getMove(game, context.ctx, name, playerID);
    if (!source) continue;
    // `({ G, ctx }, card) => ...` declares a parameter after the context.
    const takesArgs = moveFunction(source.move).length > 1;
    const tries = suggested
      .filter((request) => request.type === `move.${name}` && request.playerID === playerID)
      .map((request) => request.args ?? []);
    list.push({
      type: `move.${name}`,
      takesArgs: takesArgs || tries.some((args) => args.length > 0),
      tries: tries.length ? tries : [[]],
    });
  }
  for (const type of PLAIN_EVENTS) list.push({ type, takesArgs: false, tries: [[]] });
  const phaseNames = [...game.phases.keys()];
  if (phaseNames.length > 0) {
    const others = phaseNames.filter((name) => name !== context.ctx.phase);
    list.push({
      type: 'setPhase',
      takesArgs: true,
      tries: [...others, ...phaseNames.filter((n) => !others.includes(n))].map((name) => [name]),
    });
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
  value?: unknown;
  status?: string;
  context: TurnchartContext;
  can(event: RequestEvent<M>): boolean;
}

/** For one player, the requests the machine accepts now (and allowed moves whose arguments must be chosen). */
export function allowedActionsOf<M extends string>(
  game: Game,
  snapshot: GameSnapshot<M>,
  playerID: PlayerID,
  suggested: readonly RequestEvent[] = suggestions(game, snapshot),
): AllowedAction[] {
  const compiled = compiledGame(game);
  const { context } = snapshot;
  const allowed: AllowedAction[] = [];
  for (const candidate of candidates(compiled, context, playerID, suggested)) {
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
      if (!outcome.ok && ARGUMENT_CODES.has(outcome.rejection.code))
        firstArgumentRefusal = { args, rejection: outcome.rejection };
    }
    const base = { type: candidate.type, playerID, takesArgs: candidate.takesArgs };
    if (accepted) allowed.push({ ...base, args: accepted, ok: true });
    else if (firstArgumentRefusal && candidate.type.startsWith('move.')) {
      const { code, message } = firstArgumentRefusal.rejection;
      allowed.push({
        ...base,
        takesArgs: true,
        args: firstArgumentRefusal.args,
        ok: false,
        rejection: { code, message },
      });
    }
  }
  return allowed;
}

/** The requests `chartEvents` would try now (moves with their suggested arguments); none when it cannot say. */
function suggestions<M extends string>(game: Game, snapshot: GameSnapshot<M>): RequestEvent[] {
  try {
    return chartEvents(game)({
      value: snapshot.value,
      context: snapshot.context,
      ...(snapshot.status !== undefined ? { status: snapshot.status } : {}),
    });
  } catch {
    // The game's ai.enumerate threw: offer the moves with no arguments.
    return [];
  }
}

/** `allowedActionsOf` for every seat, keyed by player ID. */
export function allowedActions<M extends string>(
  game: Game,
  snapshot: GameSnapshot<M>,
): Record<PlayerID, AllowedAction[]> {
  const result: Record<PlayerID, AllowedAction[]> = {};
  const suggested = suggestions(game, snapshot);
  for (let seat = 0; seat < snapshot.context.ctx.numPlayers; seat++)
    result[String(seat)] = allowedActionsOf(game, snapshot, String(seat), suggested);
  return result;
}
