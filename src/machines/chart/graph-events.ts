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
import type { RequestEvent, TurnchartContext } from '../engine/request';
import { seatRequests } from '../engine/seat-requests';
import type { Game, GameMoveNames } from '../engine/types';

type Snapshot = { value: unknown; context: TurnchartContext; status?: string };

/** A snapshot's key for graph traversals: its state value (G and ctx are abstracted away). */
export function serializeChartState(snapshot: { value: unknown }): string {
  return JSON.stringify(snapshot.value);
}

/** A snapshot's key for graph traversals of games whose flow depends on G: the state value and G. */
export function serializeGameState(snapshot: { value: unknown; context: TurnchartContext }): string {
  return JSON.stringify([snapshot.value, snapshot.context.G]);
}

/**
 * The requests to try from a snapshot: each acting seat's moves and player
 * flow events, typed with the game's move names as createGameMachine types
 * its machine's events (so a `satisfies Game<G>` game fits xstate's graph tools).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- boardgame.io's default: an untyped game reads G freely
export function chartEvents<G = any, M extends string = string>(
  game: Game<G> & GameMoveNames<M>,
): (snapshot: Snapshot) => RequestEvent<M>[] {
  return (snapshot) => {
    if (snapshot.status !== undefined && snapshot.status !== 'active') return [];
    const { ctx } = snapshot.context;
    const seats = ctx.activePlayers ? Object.keys(ctx.activePlayers) : [ctx.currentPlayer];
    const requests = seats.flatMap((playerID) => seatRequests(game as Game, snapshot.context, playerID));
    // The move names come from the game's own config: M's.
    return requests as unknown as RequestEvent<M>[];
  };
}
