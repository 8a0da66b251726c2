/**
 * The requests a seat may try now: its moves (with the arguments the game's
 * `ai.enumerate` gives, boardgame.io's list for bots; else none, and the
 * guesses `[0]` … `[9]` for a move that takes arguments) and the flow events
 * a player sends from a client. `legalRequests` keeps those the engine
 * accepts.
 */
import { compiledGame } from './compiled-game';
import { evaluateRequest, type RequestEvent, type TurnchartContext } from './request';
import type { FlowEventType, Game, PlayerID } from './types';

/** The flow events a player sends from a client. */
export const PLAYER_EVENTS: readonly FlowEventType[] = ['endStage', 'endTurn', 'pass', 'endPhase'];
const GUESSES: unknown[][] = [[], ...Array.from({ length: 10 }, (_, i) => [i])];

type AiEntry = { move?: string; event?: string; args?: unknown[] };

function fromAi(game: Game, context: TurnchartContext, playerID: PlayerID): RequestEvent[] | undefined {
  const enumerate = (game as { ai?: { enumerate?: (G: unknown, ctx: unknown, playerID: string) => AiEntry[] } }).ai
    ?.enumerate;
  if (typeof enumerate !== 'function') return undefined;
  const entries = enumerate(context.G, context.ctx, playerID);
  return (Array.isArray(entries) ? entries : []).flatMap((entry) => {
    const type = typeof entry.move === 'string' ? `move.${entry.move}` : entry.event;
    return typeof type === 'string' ? [{ type, playerID, args: Array.isArray(entry.args) ? entry.args : [] }] : [];
  });
}

const argsCache = new WeakMap<Game, Map<string, unknown[][]>>();

/** The argument lists to try for a move: none, and the guesses when its function takes arguments. */
function argsOf(game: Game, name: string): unknown[][] {
  let byMove = argsCache.get(game);
  if (byMove === undefined) argsCache.set(game, (byMove = new Map()));
  let list = byMove.get(name);
  if (list === undefined) {
    const compiled = compiledGame(game);
    const maps = [
      compiled.moves,
      ...[...compiled.phases.values()].map((p) => p.moves),
      ...[...compiled.phases.values(), compiled.nullPhase].flatMap((p) =>
        Object.values(p.turn.stages).map((s) => s.moves),
      ),
    ];
    const move = maps.map((map) => map?.[name]).find((m) => m !== undefined);
    const fn = typeof move === 'function' ? move : move?.move;
    byMove.set(name, (list = fn !== undefined && fn.length > 1 ? GUESSES : [[]]));
  }
  return list;
}

/** The requests seat `playerID` may try in `context`, accepted or not. */
export function seatRequests(game: Game, context: TurnchartContext, playerID: PlayerID): RequestEvent[] {
  const ai = fromAi(game, context, playerID);
  const requests = ai ?? [];
  if (ai === undefined)
    for (const name of compiledGame(game).moveNames)
      for (const args of argsOf(game, name)) requests.push({ type: `move.${name}`, playerID, args });
  for (const type of PLAYER_EVENTS) requests.push({ type, playerID, args: [] });
  return requests;
}

/** The requests of `seatRequests` that the engine accepts now. */
export function legalRequests(game: Game, context: TurnchartContext, playerID: PlayerID): RequestEvent[] {
  const compiled = compiledGame(game);
  return seatRequests(game, context, playerID).filter((request) => evaluateRequest(compiled, context, request).ok);
}
