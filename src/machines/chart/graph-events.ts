/**
 * What xstate's graph tools (`xstate/graph`: `getShortestPaths`,
 * `getSimplePaths`, `createTestModel`) need to walk a game machine:
 *
 * - `serializeChartState`: a snapshot told apart by its state value only
 *   (the phase, and each seat's state), so a traversal visits each chart
 *   configuration once and terminates, whatever G holds;
 * - `serializeGameState`: the state value and G, for games whose flow
 *   depends on G (a phase that ends when the deck is empty): the traversal
 *   then terminates when G takes finitely many values;
 * - `chartEvents(game)`: the requests worth trying from a snapshot, for each
 *   seat that may act: the game's `ai.enumerate(G, ctx, playerID)` entries
 *   when it has them (boardgame.io's list for bots), else every move (with
 *   no arguments, and `[0]` … `[9]` when its function takes arguments); and
 *   the flow events a player sends (`endStage`, `endTurn`, `pass`,
 *   `endPhase`). A request the flow refuses takes no transition, so it adds
 *   no edge.
 *
 * ```ts
 * import { getShortestPaths } from 'xstate/graph';
 * const paths = getShortestPaths(createGameMachine(game, { numPlayers: 2 }), {
 *   events: chartEvents(game),
 *   serializeState: serializeChartState,
 * });
 * ```
 */
import { compiledGame } from '../game-machine';
import type { RequestEvent, TurnchartContext } from '../game-machine';
import type { Game, GameMoveNames } from '../rules/types';

const PLAYER_EVENTS = ['endStage', 'endTurn', 'pass', 'endPhase'] as const;
const GUESSES: unknown[][] = [[], ...Array.from({ length: 10 }, (_, i) => [i])];

type Snapshot = { value: unknown; context: TurnchartContext; status?: string };
type AiEntry = { move?: string; event?: string; args?: unknown[] };

/** A snapshot's key for graph traversals: its state value (G and ctx are abstracted away). */
export function serializeChartState(snapshot: { value: unknown }): string {
  return JSON.stringify(snapshot.value);
}

/** A snapshot's key for graph traversals of games whose flow depends on G: the state value and G. */
export function serializeGameState(snapshot: { value: unknown; context: TurnchartContext }): string {
  return JSON.stringify([snapshot.value, snapshot.context.G]);
}

function fromAi(game: Game, snapshot: Snapshot, playerID: string): RequestEvent[] | undefined {
  const enumerate = (game as { ai?: { enumerate?: (G: unknown, ctx: unknown, playerID: string) => AiEntry[] } }).ai
    ?.enumerate;
  if (typeof enumerate !== 'function') return undefined;
  const entries = enumerate(snapshot.context.G, snapshot.context.ctx, playerID);
  return (Array.isArray(entries) ? entries : []).flatMap((entry) => {
    const type = typeof entry.move === 'string' ? `move.${entry.move}` : entry.event;
    return typeof type === 'string' ? [{ type, playerID, args: Array.isArray(entry.args) ? entry.args : [] }] : [];
  });
}

/**
 * The requests to try from a snapshot: each acting seat's moves and player
 * flow events, typed with the game's move names as createGameMachine types
 * its machine's events (so a `satisfies Game<G>` game fits xstate's graph tools).
 */
export function chartEvents<G = any, M extends string = string>(
  game: Game<G> & GameMoveNames<M>,
): (snapshot: Snapshot) => RequestEvent<M>[] {
  const compiled = compiledGame(game);
  const moveArgs = new Map<string, unknown[][]>();
  const argsOf = (name: string) => {
    let list = moveArgs.get(name);
    if (list === undefined) {
      const move = [
        compiled.moves,
        ...[...compiled.phases.values()].map((p) => p.moves),
        ...[...compiled.phases.values(), compiled.nullPhase].flatMap((p) =>
          Object.values(p.turn.stages).map((s) => s.moves),
        ),
      ]
        .map((map) => map?.[name])
        .find((m) => m !== undefined);
      const fn = typeof move === 'function' ? move : move?.move;
      moveArgs.set(name, (list = fn !== undefined && fn.length > 1 ? GUESSES : [[]]));
    }
    return list;
  };
  return (snapshot) => {
    if (snapshot.status !== undefined && snapshot.status !== 'active') return [];
    const { ctx } = snapshot.context;
    const seats = ctx.activePlayers ? Object.keys(ctx.activePlayers) : [ctx.currentPlayer];
    const events: RequestEvent[] = [];
    for (const playerID of seats) {
      const ai = fromAi(game, snapshot, playerID);
      if (ai !== undefined) events.push(...ai);
      else
        for (const name of compiled.moveNames)
          for (const args of argsOf(name)) events.push({ type: `move.${name}`, playerID, args });
      for (const type of PLAYER_EVENTS) events.push({ type, playerID, args: [] });
    }
    // The move names come from the game's own config: M's.
    return events as unknown as RequestEvent<M>[];
  };
}
