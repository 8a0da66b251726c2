/**
 * Invalid names and malformed arguments (bgio-quirks policy): a phase that does
 * not exist, a stage value that is not a stage name, an id that is not a seat,
 * an endTurn / pass `next` outside playOrder, an unknown or disabled event and
 * arguments of the wrong shape are refused with a typed reason naming the
 * culprit; the match is left exactly as it was. Undeclared stage names stay
 * accepted, as in 0.50.2.
 */
import { NULL_PHASE_KEY, TurnOrder, type Game } from 'turnchart';
import { accept, event, expectRejected, move, start } from './expect-rejection';

interface G {
  moves: number;
}

const play = ({ G }: { G: G }) => {
  G.moves++;
};

const phased = (): Game<G> => ({
  setup: () => ({ moves: 0 }),
  moves: { play },
  phases: { A: { start: true, next: 'B' }, B: {} },
  turn: { stages: { discard: {} } },
});

/** A match with some history, so that "unchanged" means something. */
function played(game: Game<G>, numPlayers = 2) {
  const match = start(game, numPlayers);
  accept(match, move('play'));
  return match;
}

describe('unknown phase', () => {
  const names: unknown[] = [
    'nope',
    'a',
    '',
    '__proto__',
    'constructor',
    'toString',
    NULL_PHASE_KEY,
    null,
    7,
    ['A'],
    { phase: 'A' },
  ];
  test.each(names.map((name) => [name]))('setPhase(%j) is UNKNOWN_PHASE and names the value', (name) => {
    const match = played(phased());
    expectRejected(match, event('setPhase', name), {
      code: 'UNKNOWN_PHASE',
      mentions: ['setPhase', JSON.stringify(name), 'phases: A, B'],
    });
  });

  test('setPhase with no argument is UNKNOWN_PHASE', () => {
    expectRejected(played(phased()), event('setPhase'), { code: 'UNKNOWN_PHASE', mentions: ['setPhase', 'undefined'] });
  });

  test('a phase endIf returning { next: "nope" } rejects the move that triggered it', () => {
    const match = played({
      ...phased(),
      phases: { A: { start: true, endIf: ({ G }) => (G.moves >= 2 ? { next: 'nope' } : false) }, B: {} },
    });
    expectRejected(match, move('play'), { code: 'UNKNOWN_PHASE', mentions: ['"nope"', 'next'] });
  });

  test("a phase's next function returning an unknown phase is named in the message", () => {
    const match = played({ ...phased(), phases: { A: { start: true, next: () => 'nope' }, B: {} } });
    expectRejected(match, event('endPhase'), { code: 'UNKNOWN_PHASE', mentions: ['phases.A.next', '"nope"'] });
  });

  test('setPhase("nope") called by a move rejects the whole move and names the move', () => {
    const match = played({
      ...phased(),
      moves: {
        play,
        jump: ({ G, events }) => {
          G.moves += 10;
          events.setPhase('nope');
        },
      },
    });
    expectRejected(match, move('jump'), {
      code: 'UNKNOWN_PHASE',
      mentions: ['"nope"', 'events.setPhase called from moves.jump'],
      location: 'moves.jump',
    });
  });

  test('setPhase("nope") called by turn.onEnd (0.50.2 hangs: bgio-quirks 1) rejects the endTurn', () => {
    const match = played({
      ...phased(),
      turn: {
        onEnd: ({ G, events }) => {
          G.moves = -1;
          events.setPhase('nope');
        },
      },
    });
    expectRejected(match, event('endTurn'), {
      code: 'UNKNOWN_PHASE',
      mentions: ['"nope"', 'turn.onEnd'],
      location: 'turn.onEnd',
    });
  });
});

describe('malformed stage values', () => {
  const values: unknown[] = [123, 0, true, '', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
  test.each(values.map((v) => [v]))('setStage(%j) is INVALID_STAGE', (value) => {
    const match = played(phased());
    expectRejected(match, event('setStage', value), {
      code: 'INVALID_STAGE',
      mentions: ['setStage', JSON.stringify(value)],
    });
  });

  test.each([[''], ['__proto__'], ['toString'], [42]])('setStage({ stage: %j }) is INVALID_STAGE', (stage) => {
    const match = played(phased());
    expectRejected(match, event('setStage', { stage, minMoves: 1 }), {
      code: 'INVALID_STAGE',
      mentions: ['setStage({ stage })', JSON.stringify(stage)],
    });
  });

  test('setStage with no argument is INVALID_STAGE', () => {
    expectRejected(played(phased()), event('setStage'), { code: 'INVALID_STAGE', mentions: ['undefined'] });
  });

  test.each([
    [{ all: 'toString' }, 'setActivePlayers.all'],
    [{ others: { stage: '__proto__' } }, 'setActivePlayers.others'],
    [{ currentPlayer: 5 }, 'setActivePlayers.currentPlayer'],
    [{ value: { 1: '' } }, 'setActivePlayers.value.1'],
    [{ value: { 0: 'constructor' } }, 'setActivePlayers.value.0'],
    // A player listed with no stage, as a stage is required everywhere else (boardgame.io skips them: docs/differences.md #12).
    [{ value: { 1: undefined } }, 'setActivePlayers.value.1'],
    [{ value: { 0: 'voting', 1: undefined } }, 'setActivePlayers.value.1'],
    [{ value: { 1: { maxMoves: 1 } } }, 'setActivePlayers.value.1.stage'],
    [{ all: { minMoves: 1 } }, 'setActivePlayers.all.stage'],
    [{ others: null, next: { value: { 0: undefined } } }, 'setActivePlayers.next.value.0'],
  ])('setActivePlayers(%j) is INVALID_STAGE at %s', (arg, where) => {
    const match = played(phased(), 3);
    expectRejected(match, event('setActivePlayers', arg), { code: 'INVALID_STAGE', mentions: [where] });
  });

  test('an undeclared stage name is accepted as a label, as in 0.50.2; the seat is `active`', () => {
    const match = played(phased());
    accept(match, event('setActivePlayers', { value: { 0: 'voting', 1: 'discard' } }));
    expect(match.getState().ctx.activePlayers).toEqual({ 0: 'voting', 1: 'discard' });
    expect(match.getStateValue()).toEqual({ phases: { A: { turn: { player0: 'active', player1: 'discard' } } } });
  });
});

describe('ids that are not seats', () => {
  const ids = ['7', '2', '-1', '01', '1.5', '__proto__', 'constructor', ''];
  test.each(ids.map((id) => [id]))('setActivePlayers([%j]) is NOT_A_SEAT', (id) => {
    const match = played(phased());
    expectRejected(match, event('setActivePlayers', ['1', id]), {
      code: 'NOT_A_SEAT',
      mentions: ['setActivePlayers([...])', JSON.stringify(id)],
    });
  });

  test.each(ids.map((id) => [id]))('setActivePlayers({ value: { %j: ... } }) is NOT_A_SEAT', (id) => {
    const match = played(phased());
    // JSON.parse makes "__proto__" an own key, as a client's JSON message would.
    const arg = JSON.parse(`{ "value": { "1": null, ${JSON.stringify(id)}: "discard" } }`);
    expectRejected(match, event('setActivePlayers', arg), {
      code: 'NOT_A_SEAT',
      mentions: ['setActivePlayers.value', JSON.stringify(id)],
    });
  });

  test.each(['endTurn', 'pass'])('%s({ next }) naming a non-seat is NOT_A_SEAT', (type) => {
    for (const next of ['7', '-1', '__proto__', 1]) {
      const match = played(phased());
      expectRejected(match, event(type, { next }), {
        code: 'NOT_A_SEAT',
        mentions: [`${type}({ next })`, JSON.stringify(next)],
      });
    }
  });
});

describe('endTurn / pass { next } outside playOrder', () => {
  const custom = (): Game<G> => ({
    setup: () => ({ moves: 0 }),
    moves: { play },
    turn: { order: TurnOrder.CUSTOM(['0', '1']) },
  });

  test.each(['endTurn', 'pass'])('%s({ next: "2" }) with playOrder [0, 1] is INVALID_NEXT_PLAYER', (type) => {
    const match = played(custom(), 3);
    expectRejected(match, event(type, { next: '2' }), {
      code: 'INVALID_NEXT_PLAYER',
      mentions: ['"2"', 'playOrder ["0","1"]'],
    });
  });

  test('a player removed by pass({ remove: true }) cannot be named next', () => {
    const match = played({ setup: () => ({ moves: 0 }), moves: { play } }, 3);
    accept(match, event('pass', { remove: true }));
    expect(match.getState().ctx.playOrder).toEqual(['1', '2']);
    expectRejected(match, event('endTurn', { next: '0' }, '1'), { code: 'INVALID_NEXT_PLAYER', mentions: ['"0"'] });
  });

  test('endTurn({ next }) queued by a move outside playOrder rejects the move, naming it', () => {
    const match = played({ ...custom(), moves: { play, handOff: ({ events }) => events.endTurn({ next: '2' }) } }, 3);
    expectRejected(match, move('handOff'), {
      code: 'INVALID_NEXT_PLAYER',
      mentions: ['"2"', 'moves.handOff'],
      location: 'moves.handOff',
    });
  });
});

describe('unknown and disabled events', () => {
  test.each(['bogus', 'endturn', 'move', 'MAKE_MOVE', 'startTurn', 'startGame', '__proto__', 'toString'])(
    'an event of type %j is UNKNOWN_EVENT',
    (type) => {
      const match = played(phased());
      expectRejected(match, event(type), { code: 'UNKNOWN_EVENT', mentions: [JSON.stringify(type)] });
    },
  );

  test('an event the game disables is EVENT_DISABLED', () => {
    const match = played({ ...phased(), events: { endTurn: false, setPhase: false } });
    expectRejected(match, event('endTurn'), { code: 'EVENT_DISABLED', mentions: ['endTurn'] });
    expectRejected(match, event('setPhase', 'B'), { code: 'EVENT_DISABLED', mentions: ['setPhase'] });
    accept(match, event('endPhase'));
  });
});

describe('malformed arguments', () => {
  test.each([[null], ['0'], [5], [true], [{ value: 5 }]])('setActivePlayers(%j) is INVALID_ARGUMENT', (arg) => {
    const match = played(phased());
    expectRejected(match, event('setActivePlayers', arg), { code: 'INVALID_ARGUMENT', mentions: ['setActivePlayers'] });
  });

  test.each([['x'], [5], [[]], [{ foo: 1 }], [{ next: '1', skip: true }]])('endTurn(%j) is INVALID_ARGUMENT', (arg) => {
    const match = played(phased());
    expectRejected(match, event('endTurn', arg), { code: 'INVALID_ARGUMENT', mentions: ['endTurn'] });
  });

  test('pass("x") is INVALID_ARGUMENT', () => {
    expectRejected(played(phased()), event('pass', 'x'), { code: 'INVALID_ARGUMENT', mentions: ['pass', '"x"'] });
  });

  test.each([['x'], [{}], [5]])('a request whose args are %j, not an array, is INVALID_ARGUMENT', (args) => {
    const match = played(phased());
    expectRejected(
      match,
      { type: 'endTurn', playerID: '0', args },
      { code: 'INVALID_ARGUMENT', mentions: ['args must be an array'] },
    );
    expectRejected(
      match,
      { type: 'move.play', playerID: '0', args },
      { code: 'INVALID_ARGUMENT', mentions: ['args must be an array'] },
    );
  });
});
