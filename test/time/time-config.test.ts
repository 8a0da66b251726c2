/**
 * Time config is checked when the game is compiled: a bad limit, an outcome
 * that makes no sense where it is declared, or a misspelt key is a
 * GameConfigError naming its place. A game without time config has no
 * `ctx.time`, ignores `now`, and refuses `timeout`.
 */
import { createGame, GameConfigError, type Game } from 'turnchart';
import { refused } from './support';

function configError(game: Game): GameConfigError {
  let thrown: unknown;
  try {
    createGame(game, { numPlayers: 2, now: () => 0 });
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(GameConfigError);
  return thrown as GameConfigError;
}

const moves = { play: () => undefined };

test.each([
  ['turn.time', { moves, turn: { time: 30 } }, 'must be an object'],
  ['turn.time.limit', { moves, turn: { time: { limit: 0 } } }, 'positive finite number'],
  ['turn.time.limit', { moves, turn: { time: { limit: -5 } } }, 'got -5'],
  ['turn.time.limit', { moves, turn: { time: { limit: Infinity } } }, 'positive finite'],
  ['turn.time.limit', { moves, turn: { time: { limit: '30s' } } }, 'got "30s"'],
  ['turn.time.limit', { moves, turn: { time: {} } }, 'got undefined'],
  ['turn.time.onTimeout', { moves, turn: { time: { limit: 1, onTimeout: 'endStage' } } }, "'endTurn'"],
  ['turn.time.timeout', { moves, turn: { time: { limit: 1, timeout: 'endTurn' } } }, 'not a time option'],
  ['phases.a.time.onTimeout', { moves, phases: { a: { time: { limit: 1, onTimeout: 'endTurn' } } } }, "'endPhase'"],
  [
    'phases.a.turn.stages.s.time.limit',
    { moves, phases: { a: { turn: { stages: { s: { time: { limit: NaN } } } } } } },
    'positive',
  ],
  ['clock', { moves, clock: 60_000 }, 'must be an object'],
  ['clock.initial', { moves, clock: {} }, 'positive'],
  ['clock.increment', { moves, clock: { initial: 1, increment: -1 } }, 'non-negative'],
  ['clock.per', { moves, clock: { initial: 1, per: 'round' } }, "'move' or 'turn'"],
  ['clock.onTimeout', { moves, clock: { initial: 1, onTimeout: 'lose' } }, "'endGame'"],
])('%s is refused', (location, game, mention) => {
  const error = configError(game as Game);
  expect(error.location).toBe(location);
  expect(error.message).toContain(mention);
});

test('every outcome a limit may have is accepted, and a hook anywhere', () => {
  const hook = () => undefined;
  const game: Game = {
    moves,
    clock: { initial: 1, increment: 0, per: 'turn', onTimeout: 'endStage' },
    phases: {
      a: {
        start: true,
        time: { limit: 1, onTimeout: 'endGame' },
        turn: {
          time: { limit: 1, onTimeout: 'endPhase' },
          stages: { s: { time: { limit: 1, onTimeout: 'endTurn' } }, t: { time: { limit: 1, onTimeout: hook } } },
        },
      },
    },
  };
  expect(() => createGame(game, { numPlayers: 2, now: () => 0 })).not.toThrow();
});

describe('a game without time config', () => {
  const game: Game = { setup: () => ({ n: 0 }), moves: { play: ({ G }) => void G.n++ } };

  test('keeps no ctx.time and never reads the clock', () => {
    const now = jest.fn(() => 5);
    const match = createGame(game, { numPlayers: 2, now });
    expect(match.move('play', [], '0')).toEqual({ ok: true });
    expect(match.request({ type: 'move.play', playerID: '0', now: 1e12 })).toEqual({ ok: true });
    expect('time' in match.getState().ctx).toBe(false);
    expect(now).not.toHaveBeenCalled();
  });

  test('refuses a timeout: nothing has a deadline', () => {
    const match = createGame(game, { numPlayers: 2 });
    expect(refused(match.timeout(), 'NO_DEADLINE_PASSED')).toContain('no time limits');
  });
});
