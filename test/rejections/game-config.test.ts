/**
 * A game config that cannot work is refused when the machine is created, with
 * a GameConfigError whose `location` names the place in the config at fault
 * (design: "validation with located errors"). Nothing is built, nothing runs.
 */
import { createGame, createGameMachine, GameConfigError, NULL_PHASE_KEY, type Game } from 'turnchart';

const noop = () => undefined;

function configError(game: unknown): GameConfigError {
  let thrown: unknown;
  try {
    createGameMachine(game as Game, { numPlayers: 2 });
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(GameConfigError);
  const error = thrown as GameConfigError;
  expect(error.name).toBe('GameConfigError');
  expect(error.message.startsWith(`${error.location}: `)).toBe(true);
  // createGame refuses it the same way.
  expect(() => createGame(game as Game, { numPlayers: 2 })).toThrow(GameConfigError);
  return error;
}

function expectConfigError(game: unknown, location: string, ...mentions: string[]): void {
  const error = configError(game);
  expect(error.location).toBe(location);
  for (const mention of mentions) expect(error.message).toContain(mention);
}

/** An object with an own `__proto__` key, as JSON.parse makes it. */
function withOwnKey<T>(key: string, value: T): Record<string, T> {
  const obj: Record<string, T> = {};
  Object.defineProperty(obj, key, { value, enumerable: true, configurable: true, writable: true });
  return obj;
}

describe('names that do not exist', () => {
  test("a phase's next naming no phase", () => {
    expectConfigError({ phases: { A: { next: 'Z' } } }, 'phases.A.next', '"Z"');
  });

  test("a phase's next that is neither a name nor a function", () => {
    expectConfigError({ phases: { A: { next: 5 } } }, 'phases.A.next');
  });

  test("a stage's next naming no stage, in the game turn and in a phase's turn", () => {
    expectConfigError({ turn: { stages: { a: { next: 'zz' } } } }, 'turn.stages.a.next', '"zz"');
    expectConfigError(
      { phases: { P: { turn: { stages: { a: {}, b: { next: 'c' } } } } } },
      'phases.P.turn.stages.b.next',
      '"c"',
    );
  });

  test("a stage's next naming an Object.prototype member", () => {
    expectConfigError({ turn: { stages: { a: { next: 'toString' } } } }, 'turn.stages.a.next');
  });
});

describe('empty and reserved names', () => {
  test.each(['', '__proto__', 'constructor', 'toString', 'hasOwnProperty'])('phase %j', (name) => {
    expectConfigError({ phases: withOwnKey(name, {}) }, `phases.${name}`, 'phase');
  });

  test('the null phase key', () => {
    expectConfigError({ phases: { [NULL_PHASE_KEY]: {} } }, `phases.${NULL_PHASE_KEY}`, 'reserved');
  });

  test.each(['', '__proto__', 'constructor', 'valueOf'])('stage %j', (name) => {
    expectConfigError({ turn: { stages: withOwnKey(name, {}) } }, `turn.stages.${name}`, 'stage');
  });

  test.each(['idle', 'active'])('stage %j clashes with the seat states of the chart', (name) => {
    expectConfigError({ turn: { stages: { [name]: {} } } }, `turn.stages.${name}`, 'reserved');
    expectConfigError({ phases: { P: { turn: { stages: { [name]: {} } } } } }, `phases.P.turn.stages.${name}`);
  });

  test.each(['', '__proto__', 'toString'])('move %j', (name) => {
    expectConfigError({ moves: withOwnKey(name, noop) }, `moves.${name}`, 'move');
  });
});

describe('moves', () => {
  // Moves (events move.<name>) and flow events are separate namespaces, as in boardgame.io
  // (test/boardgameio/catalogue-shapes.test.ts plays such a game).
  test.each(['endTurn', 'pass', 'endPhase', 'setPhase', 'endGame', 'setStage', 'endStage', 'setActivePlayers'])(
    'a move may be named like the flow event %s, globally, in a phase and in a stage',
    (name) => {
      for (const game of [
        { moves: { [name]: noop } },
        { phases: { P: { moves: { [name]: noop } } } },
        { turn: { stages: { s: { moves: { [name]: noop } } } } },
      ]) {
        expect(() => createGame(game, { numPlayers: 2 })).not.toThrow();
      }
    },
  );

  test.each([[5], [null], ['fn'], [{ noLimit: true }]])('a move that is %j', (value) => {
    expectConfigError({ moves: { m: value } }, 'moves.m', 'function');
  });

  test('a moves map that is not an object', () => {
    expectConfigError({ moves: 'm' }, 'moves');
  });
});

describe('hooks and triggers that are not functions', () => {
  test.each([
    [{ setup: {} }, 'setup'],
    [{ endIf: true }, 'endIf'],
    [{ onEnd: 'x' }, 'onEnd'],
    [{ turn: { onBegin: 1 } }, 'turn.onBegin'],
    [{ turn: { onEnd: [] } }, 'turn.onEnd'],
    [{ turn: { onMove: null } }, 'turn.onMove'],
    [{ turn: { endIf: {} } }, 'turn.endIf'],
    [{ phases: { A: { onBegin: 1 } } }, 'phases.A.onBegin'],
    [{ phases: { A: { onEnd: 'x' } } }, 'phases.A.onEnd'],
    [{ phases: { A: { endIf: true } } }, 'phases.A.endIf'],
    [{ phases: { A: { turn: { onEnd: 2 } } } }, 'phases.A.turn.onEnd'],
    [{ turn: { order: { first: 0, next: noop } } }, 'turn.order.first'],
    [{ turn: { order: { first: noop, next: noop, playOrder: ['0'] } } }, 'turn.order.playOrder'],
  ])('%j fails at %s', (game, location) => {
    expectConfigError(game, location, 'must be a function');
  });

  test('a turn order missing next', () => {
    expectConfigError({ turn: { order: { first: noop } } }, 'turn.order', 'next');
  });

  test.each([
    [{ turn: { minMoves: -1 } }, 'turn.minMoves'],
    [{ turn: { maxMoves: '2' } }, 'turn.maxMoves'],
    [{ phases: { A: { turn: { moveLimit: NaN } } } }, 'phases.A.turn.moveLimit'],
  ])('%j: a move limit that is not a non-negative number', (game, location) => {
    expectConfigError(game, location, 'non-negative number');
  });
});

describe('structure', () => {
  test('start: true on two phases names the second', () => {
    expectConfigError({ phases: { A: { start: true }, B: {}, C: { start: true } } }, 'phases.C', '"A"', '"C"', 'start');
  });

  test.each([[null], [5], ['x']])('a phase that is %j', (phase) => {
    expectConfigError({ phases: { A: phase } }, 'phases.A', 'object');
  });

  test('numPlayers must be a positive integer', () => {
    for (const numPlayers of [0, -1, 1.5, NaN]) {
      expect(() => createGameMachine({}, { numPlayers })).toThrow(RangeError);
    }
  });

  test('the user config is not mutated by validation and compilation', () => {
    const game: Game = { moves: { m: noop }, phases: { A: { start: true, turn: { stages: { s: { next: 's' } } } } } };
    const before = JSON.stringify(game);
    const keys = Object.keys(game.phases!.A);
    createGameMachine(game, { numPlayers: 2 });
    expect(JSON.stringify(game)).toBe(before);
    expect(Object.keys(game.phases!.A)).toEqual(keys);
  });
});
