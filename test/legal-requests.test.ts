/**
 * legalRequests(game, context, playerID): what a seat may send now, as the
 * engine answers it — the seat's moves (ai.enumerate's entries when the
 * game has them) and the flow events a player sends, kept when accepted.
 */
import { createGame, legalRequests, INVALID_MOVE, type Game } from 'turnchart';
import { Discard } from '../examples/discard/game';

test('a seat in a stage may make the stage’s moves and, as in boardgame.io, end the turn; an idle seat nothing', () => {
  const match = createGame(Discard, { numPlayers: 3 });
  match.move('playCard', [], '0');
  const context = match.actor.getSnapshot().context;
  // endStage waits for the stage's minMoves (1).
  expect(legalRequests(Discard, context, '1').map((r) => r.type)).toEqual([
    'move.discard',
    'endTurn',
    'pass',
    'endPhase',
  ]);
  expect(legalRequests(Discard, context, '0')).toEqual([]);
});

test('moves that take arguments are tried with ai.enumerate’s entries, which are kept only when accepted', () => {
  const game: Game<{ cells: (string | null)[] }> = {
    setup: () => ({ cells: [null, 'x', null] }),
    moves: {
      mark: ({ G, playerID }, cell: number) =>
        G.cells[cell] !== null ? INVALID_MOVE : void (G.cells[cell] = playerID),
    },
    ai: { enumerate: () => [0, 1, 2].map((cell) => ({ move: 'mark', args: [cell] })) },
  };
  const match = createGame(game, { numPlayers: 2 });
  const legal = legalRequests(game, match.actor.getSnapshot().context, '0');
  expect(legal.filter((r) => r.type === 'move.mark').map((r) => r.args)).toEqual([[0], [2]]);
});
