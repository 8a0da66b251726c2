/**
 * Design invariant 3 for time limits: a request after a deadline that has
 * passed (TIME_UP) and a timeout before any has (NO_DEADLINE_PASSED) are
 * refused with a typed reason, through createGame, the actor (whose `can()`
 * is false) and `transitionGame`, and nothing changes.
 */
import { createGame, type Game } from 'turnchart';
import { accept, expectRejected, move } from './expect-rejection';

const game: Game = {
  setup: () => ({ n: 0 }),
  moves: { play: ({ G }) => void G.n++ },
  turn: { time: { limit: 30_000 } },
};

function timed(t: { now: number }) {
  return createGame(game, { numPlayers: 2, seed: 'rejections', now: () => t.now });
}

test('a move after the turn limit ran out is TIME_UP, before the timeout is sent', () => {
  const t = { now: 0 };
  const match = timed(t);
  t.now = 10_000;
  accept(match, move('play'));
  t.now = 30_000;
  const r = expectRejected(match, { ...move('play'), now: 30_000 } as any, {
    code: 'TIME_UP',
    mentions: ["player 0's turn", 'ran out at 30000'],
    location: 'turn.time',
  });
  expect(r.message).toContain('the timeout comes first');
});

test('a timeout before any deadline has passed is NO_DEADLINE_PASSED', () => {
  const t = { now: 0 };
  const match = timed(t);
  t.now = 29_999;
  expectRejected(match, { type: 'timeout', now: 29_999 } as any, {
    code: 'NO_DEADLINE_PASSED',
    mentions: ['no deadline has passed at 29999', 'at 30000'],
  });
});
