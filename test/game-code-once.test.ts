/**
 * createGame runs a game's code once per action: the outcome it computes to
 * report a rejection is the one the machine takes.
 */
import { createGame, type Game } from 'turnchart';

test('a move, its hooks and the endIf triggers run once per accepted action', () => {
  const calls: string[] = [];
  const game: Game = {
    moves: { play: ({ G }) => { calls.push('move'); G.n = (G.n ?? 0) + 1; } },
    turn: { onMove: () => void calls.push('onMove'), onEnd: () => void calls.push('turn.onEnd'), onBegin: () => void calls.push('turn.onBegin') },
    endIf: () => { calls.push('endIf'); return undefined; },
  };
  const match = createGame(game, { numPlayers: 2 });
  calls.length = 0;
  expect(match.move('play', [], '0')).toEqual({ ok: true });
  expect(calls).toEqual(['move', 'onMove', 'endIf']);
  calls.length = 0;
  expect(match.event('endTurn', undefined, '0')).toEqual({ ok: true });
  expect(calls).toEqual(['turn.onEnd', 'endIf', 'endIf', 'turn.onBegin', 'endIf']);
  expect(match.getState().G).toEqual({ n: 1 });
});
