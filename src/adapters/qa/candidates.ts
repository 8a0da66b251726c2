/**
 * The requests a player could send now, read from the machine: every move of
 * the game and the flow events players send, with arguments drawn from the
 * config (phase names for `setPhase`, stage names for `setStage` and
 * `setActivePlayers`, seats for `endTurn({ next })`), each tried with the
 * flow's own evaluation (`evaluateRequest`, the check the machine's request
 * guard makes). Nothing is sent.
 *
 * Which flow events: by default those a player sends from a client, as a
 * person at the table would (`endTurn`, `pass`, `endStage`: done with my
 * turn, I pass, done with my stage) where the game's `events` config does
 * not disable them, plus any other event the config sets to `true` or the
 * game's `ai.enumerate` lists (the game saying that players send it). The
 * others (`endPhase`, `setPhase`, `endGame`, `setStage`, `setActivePlayers`)
 * are the game's own logic, called by moves and hooks, and still happen when
 * they do; `events: 'all'` tries them as player requests too, and a list
 * chooses exactly. `endTurn` and `pass` are tried without arguments, as a
 * player's button sends them; `'all'` also tries `endTurn({ next })` and
 * `pass({ next })` for every seat.
 *
 * Move arguments come from the game's `ai.enumerate(G, ctx, playerID)` when it
 * has one (boardgame.io's way of listing moves for bots); otherwise a move is
 * tried with `[]`, and a move whose function declares parameters after the
 * context also with the guesses `[0]` … `[9]`. A move the player may make but
 * whose every try was refused for its arguments is reported as needing
 * arguments.
 *
 * Variants of one request type that lead to the same G and ctx are listed
 * once (the first): `endTurn({ next: '1' })` when the turn passes to 1 anyway.
 * Flow events that change neither G nor ctx (`endStage` outside a stage) are
 * left out; moves never are.
 */
import {
  compiledGame,
  evaluateRequest,
  phaseOf,
  getMove,
  moveFunction,
  FLOW_EVENT_TYPES,
  type RequestEvent,
  type TurnchartContext,
  type Outcome,
  type CompiledGame,
  type RejectionCode,
  type Ctx,
  type FlowEventType,
  type Game,
  type PlayerID,
} from '../../machines';
// From its own module: through game-machine.ts the type dependency is circular, which the type bundler warns about.

/** The flow events a player sends from a client by default (see the file comment). */
export const PLAYER_EVENTS: readonly FlowEventType[] = ['endTurn', 'pass', 'endStage'];

/**
 * The flow events players are taken to send: `'player'` (default) those a
 * player sends from a client (see the file comment), `'all'` every event the
 * game does not disable, or exactly these (`[]`: moves only).
 */
export type EventChoice = 'player' | 'all' | readonly FlowEventType[];

export interface CandidateOptions {
  /** The flow events players send themselves (default `'player'`); events that moves and hooks call still happen. */
  events?: EventChoice;
  /** Same as `events: []`: moves only. */
  movesOnly?: boolean;
  /** Arguments to try for moves that declare parameters, when the game has no `ai.enumerate` (default `[0]` … `[9]`). */
  argGuesses?: readonly unknown[][];
}

export interface AcceptedRequest {
  request: RequestEvent;
  outcome: Extract<Outcome, { ok: true }>;
  /** A move that takes arguments: others than these may do. */
  takesArgs?: boolean;
}

export interface PlayerChoices {
  playerID: PlayerID;
  /** Requests the machine accepts now, in a stable order: moves, then events. */
  accepted: AcceptedRequest[];
  /** Moves taking arguments this player may make here, but not with any arguments tried (`move.<name>`). */
  needsArgs: string[];
}

type AiEntry = { move?: unknown; event?: unknown; args?: unknown };
type Enumerate = (G: unknown, ctx: Ctx, playerID: PlayerID) => AiEntry[];

const DEFAULT_GUESSES: readonly unknown[][] = Array.from({ length: 10 }, (_, n) => [n]);

/** Refusals that say the arguments are wrong rather than the player or the moment. */
const ARGUMENT_CODES = new Set<RejectionCode>([
  'INVALID_MOVE',
  'INVALID_ARGUMENT',
  'USER_CODE_THREW',
  'NOT_SERIALIZABLE',
  'INVALID_STAGE',
  'UNKNOWN_PHASE',
  'INVALID_NEXT_PLAYER',
]);

/** Player events first, then the rest: the order reports list them in. */
const EVENT_ORDER: readonly FlowEventType[] = [
  ...PLAYER_EVENTS,
  ...FLOW_EVENT_TYPES.filter((type) => !PLAYER_EVENTS.includes(type)),
];

/** The events players send, for a game and a choice (player events first), without those the game disables. */
export function playerEvents(game: Game, choice: EventChoice = 'player'): FlowEventType[] {
  const config = game.events ?? {};
  const enabled = EVENT_ORDER.filter((type) => config[type] !== false);
  if (choice === 'all') return enabled;
  if (choice === 'player') return enabled.filter((type) => PLAYER_EVENTS.includes(type) || config[type] === true);
  return enabled.filter((type) => choice.includes(type));
}

interface ChosenEvents {
  types: Set<string>;
  /** The default choice: events the game's ai.enumerate names count as player events. */
  fromAi: boolean;
  /** `endTurn({ next })` and `pass({ next })` for every seat too (`'all'`); else plain, as a player's button sends them. */
  nextArgs: boolean;
}

function chosenEvents(game: Game, options: CandidateOptions): ChosenEvents {
  if (options.movesOnly) return { types: new Set(), fromAi: false, nextArgs: false };
  const choice = options.events ?? 'player';
  return { types: new Set(playerEvents(game, choice)), fromAi: choice === 'player', nextArgs: choice === 'all' };
}

interface Candidate {
  type: string;
  argsList: unknown[][];
  /** A move whose function declares parameters, or that the game's ai.enumerate gives arguments. */
  takesArgs?: boolean;
}

function enumerated(game: Game, context: TurnchartContext, playerID: PlayerID): AiEntry[] | undefined {
  const enumerate = (game as { ai?: { enumerate?: Enumerate } }).ai?.enumerate;
  if (typeof enumerate !== 'function') return undefined;
  try {
    const list = enumerate(context.G, context.ctx, playerID);
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function moveCandidates(
  game: CompiledGame,
  context: TurnchartContext,
  playerID: PlayerID,
  ai: AiEntry[] | undefined,
  guesses: readonly unknown[][],
): Candidate[] {
  const list: Candidate[] = [];
  for (const name of game.moveNames) {
    const source = getMove(game, context.ctx, name, playerID);
    if (!source) continue;
    let argsList: unknown[][];
    const declared = moveFunction(source.move).length > 1;
    if (ai) {
      argsList = ai
        .filter((entry) => entry.move === name)
        .map((entry) => (Array.isArray(entry.args) ? entry.args : []));
      if (argsList.length === 0) continue;
    } else {
      argsList = declared ? [[], ...guesses] : [[]];
    }
    list.push({ type: `move.${name}`, argsList, takesArgs: declared || argsList.some((args) => args.length > 0) });
  }
  return list;
}

function eventCandidates(game: CompiledGame, ctx: Ctx, ai: AiEntry[] | undefined, chosen: ChosenEvents): Candidate[] {
  const seats = chosen.nextArgs ? Array.from({ length: ctx.numPlayers }, (_, seat) => String(seat)) : [];
  const stageNames = Object.keys(phaseOf(game, ctx.phase).turn.stages);
  const list: Candidate[] = [
    { type: 'endTurn', argsList: [[], ...seats.map((next) => [{ next }])] },
    { type: 'pass', argsList: [[], ...seats.map((next) => [{ next }])] },
    { type: 'endStage', argsList: [[]] },
    { type: 'endPhase', argsList: [[]] },
    { type: 'endGame', argsList: [[]] },
  ];
  const phaseNames = [...game.phases.keys()];
  if (phaseNames.length > 0) list.push({ type: 'setPhase', argsList: phaseNames.map((name) => [name]) });
  if (stageNames.length > 0) list.push({ type: 'setStage', argsList: stageNames.map((name) => [name]) });
  const activeSets: unknown[][] = [];
  for (const stage of [...stageNames, null]) {
    activeSets.push([{ currentPlayer: stage }], [{ others: stage }], [{ all: stage }]);
  }
  list.push({ type: 'setActivePlayers', argsList: activeSets });
  const chosenList = list.filter((candidate) => chosen.types.has(candidate.type));
  for (const entry of ai ?? []) {
    if (typeof entry.event !== 'string') continue;
    // The game's bot list names this event: players send it (unless a list of events was chosen without it).
    if (
      !chosen.types.has(entry.event) &&
      !(chosen.fromAi && game.game.events?.[entry.event as FlowEventType] !== false)
    )
      continue;
    const args = Array.isArray(entry.args) ? entry.args : [];
    const existing = chosenList.find((candidate) => candidate.type === entry.event);
    if (existing) existing.argsList.unshift(args);
    else chosenList.push({ type: entry.event, argsList: [args] });
  }
  return chosenList;
}

function outcomeKey(outcome: AcceptedRequest['outcome']): string {
  return JSON.stringify([outcome.context.G, outcome.context.ctx]);
}

function candidatesOf(
  game: Game,
  context: TurnchartContext,
  playerID: PlayerID,
  options: CandidateOptions,
): Candidate[] {
  const compiled = compiledGame(game);
  const ai = enumerated(game, context, playerID);
  const candidates = moveCandidates(compiled, context, playerID, ai, options.argGuesses ?? DEFAULT_GUESSES);
  candidates.push(...eventCandidates(compiled, context.ctx, ai, chosenEvents(game, options)));
  return candidates;
}

/** Every request tried for a player, unevaluated (most are refused: see playerChoices). */
export function candidateRequests(
  game: Game,
  context: TurnchartContext,
  playerID: PlayerID,
  options: CandidateOptions = {},
): RequestEvent[] {
  return candidatesOf(game, context, playerID, options).flatMap(({ type, argsList }) =>
    argsList.map((args) => ({ type, playerID, args })),
  );
}

/** What one player may send now. */
export function playerChoices(
  game: Game,
  context: TurnchartContext,
  playerID: PlayerID,
  options: CandidateOptions = {},
): PlayerChoices {
  const compiled = compiledGame(game);
  const choices: PlayerChoices = { playerID, accepted: [], needsArgs: [] };
  if (context.ctx.gameover !== undefined) return choices;
  let current: string | undefined;
  for (const { type, argsList, takesArgs } of candidatesOf(game, context, playerID, options)) {
    const seen = new Set<string>();
    const isMove = type.startsWith('move.');
    let argumentRefusal = false;
    for (const args of argsList) {
      const request: RequestEvent = { type, playerID, args };
      const outcome = evaluateRequest(compiled, context, request);
      if (!outcome.ok) {
        if (ARGUMENT_CODES.has(outcome.rejection.code)) argumentRefusal = true;
        continue;
      }
      const key = argsList.length > 1 || !isMove ? outcomeKey(outcome) : '';
      if (seen.has(key)) continue;
      if (!isMove && key === (current ??= JSON.stringify([context.G, context.ctx]))) continue;
      seen.add(key);
      choices.accepted.push({ request, outcome, ...(takesArgs ? { takesArgs } : {}) });
    }
    if (seen.size === 0 && argumentRefusal && takesArgs) choices.needsArgs.push(type);
  }
  return choices;
}

/** What every seat may send now, seat by seat. */
export function allChoices(game: Game, context: TurnchartContext, options: CandidateOptions = {}): PlayerChoices[] {
  return Array.from({ length: context.ctx.numPlayers }, (_, seat) =>
    playerChoices(game, context, String(seat), options),
  );
}

/** Every request any seat may send now (the events a chart explorer follows). */
export function acceptedRequests(
  game: Game,
  context: TurnchartContext,
  options: CandidateOptions = {},
): AcceptedRequest[] {
  return allChoices(game, context, options).flatMap((choices) => choices.accepted);
}
