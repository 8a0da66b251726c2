/**
 * Design invariant 3 for moves: an unknown move, a player who may not act, a
 * move the player's stage or phase does not offer, an acting id that is not a
 * seat, a move returning INVALID_MOVE and any request after the game ended are
 * refused with a typed reason, and nothing changes — not G, not ctx, not the
 * chart, not the random state.
 */
import { INVALID_MOVE, type Game } from 'turnchart';
import { accept, event, expectRejected, move, start } from './expect-rejection';

interface G {
  count: number;
  log: string[];
  roll?: number;
}

const counted = ({ G, playerID }: { G: G; playerID?: string }) => {
  G.count++;
  G.log.push(`play:${playerID}`);
};

const game = (): Game<G> => ({
  setup: () => ({ count: 0, log: [] }),
  moves: { play: counted },
});

describe('unknown move', () => {
  test.each(['nope', 'Play', '__proto__', 'toString', 'constructor', ''])(
    'move.%j is UNKNOWN_MOVE and names the move',
    (name) => {
      const match = start(game());
      accept(match, move('play'));
      expectRejected(match, move(name), { code: 'UNKNOWN_MOVE', mentions: [JSON.stringify(name)] });
    },
  );
});

describe('player not active', () => {
  test('a move by a seat that is not the current player', () => {
    const match = start(game(), 3);
    accept(match, move('play'));
    const r = expectRejected(match, move('play', '2'), {
      code: 'PLAYER_NOT_ACTIVE',
      mentions: ['player 2', 'current player 0'],
    });
    expect(r.location).toBeUndefined();
  });

  test('a flow event by a seat that is not the current player', () => {
    const match = start(game(), 3);
    expectRejected(match, event('endTurn', undefined, '1'), {
      code: 'PLAYER_NOT_ACTIVE',
      mentions: ['player 1', 'endTurn'],
    });
  });

  test('the current player left out of activePlayers (bgio-quirks 10) may not move', () => {
    const match = start({ ...game(), turn: { activePlayers: { others: null } } }, 3);
    accept(match, move('play', '1'));
    expectRejected(match, move('play', '0'), {
      code: 'PLAYER_NOT_ACTIVE',
      mentions: ['player 0', 'active players 1, 2'],
    });
  });
});

describe('move not allowed here', () => {
  test('a global move in a stage that declares its own moves names the stage', () => {
    const match = start<G>({
      ...game(),
      turn: {
        activePlayers: { currentPlayer: 'discard', others: 'vote' },
        stages: { discard: { moves: { discard: counted } }, vote: {} },
      },
    });
    accept(match, move('discard', '0'));
    expectRejected(match, move('play', '0'), {
      code: 'MOVE_NOT_ALLOWED',
      mentions: ['play', 'player 0', 'stage "discard"'],
    });
    // The stage without moves falls back to the global moves, so seat 1 may play but not discard.
    expectRejected(match, move('discard', '1'), {
      code: 'MOVE_NOT_ALLOWED',
      mentions: ['discard', 'player 1', 'stage "vote"'],
    });
    accept(match, move('play', '1'));
  });

  test('a global move in a phase that declares its own moves names the phase', () => {
    const match = start<G>({
      ...game(),
      phases: { draw: { start: true, next: 'main', moves: { draw: counted } }, main: {} },
    });
    accept(match, move('draw'));
    expectRejected(match, move('play'), { code: 'MOVE_NOT_ALLOWED', mentions: ['play', 'phase "draw"'] });
    accept(match, event('endPhase'));
    expectRejected(match, move('draw', '1'), { code: 'MOVE_NOT_ALLOWED', mentions: ['draw', 'player 1'] });
  });
});

describe('acting id that is not a seat', () => {
  const ids: unknown[] = ['7', '2', '-1', '__proto__', 'constructor', '01', '1.0', ' 1', '', 0, 1, null, undefined, {}];
  test.each(ids.map((id) => [id]))('move by %j is NOT_A_SEAT', (id) => {
    const match = start(game());
    accept(match, move('play'));
    // Built by hand: move()'s default would turn an undefined id into '0'.
    const r = expectRejected(
      match,
      { type: 'move.play', playerID: id, args: [] },
      { code: 'NOT_A_SEAT', mentions: ['play', '0..1'] },
    );
    if (typeof id === 'string') expect(r.message).toContain(JSON.stringify(id));
  });

  test.each(['7', '-1', '__proto__'])('flow event by %j is NOT_A_SEAT', (id) => {
    const match = start(game());
    expectRejected(match, event('endTurn', undefined, id), {
      code: 'NOT_A_SEAT',
      mentions: ['endTurn', JSON.stringify(id)],
    });
  });
});

describe('INVALID_MOVE', () => {
  test('a move that changes G, rolls dice and queues events, then returns INVALID_MOVE, changes nothing', () => {
    const match = start<G>({
      ...game(),
      moves: {
        play: counted,
        cheat: ({ G, random, events }, amount: number) => {
          G.count += amount;
          G.roll = random.D6();
          events.endTurn();
          return INVALID_MOVE;
        },
      },
    });
    accept(match, move('play'));
    expectRejected(match, move('cheat', '0', [5]), {
      code: 'INVALID_MOVE',
      mentions: ['cheat', '[5]'],
      location: 'moves.cheat',
    });
  });

  // A hole: JSON writes null where a join would write nothing.
  // eslint-disable-next-line no-sparse-arrays
  test.each([[[]], [[5, -0, 1.5, -7e21]], [[1, , 2]], [[NaN]], [[Infinity, 1]], [['a', 2]], [[{ b: [3] }]]])(
    'INVALID_MOVE spells the arguments %j as JSON does',
    (args) => {
      const match = start<G>({ ...game(), moves: { no: () => INVALID_MOVE } });
      const r = expectRejected(match, move('no', '0', args as unknown[]), { code: 'INVALID_MOVE' });
      expect(r.message).toBe(`move no returned INVALID_MOVE (args: ${JSON.stringify(args)})`);
    },
  );

  test('INVALID_MOVE from a stage move names the stage move', () => {
    const match = start<G>({
      ...game(),
      turn: {
        activePlayers: { all: 'bid' },
        stages: { bid: { moves: { bid: ({ G }) => (G.count > 0 ? INVALID_MOVE : void G.count++) } } },
      },
    });
    accept(match, move('bid', '1'));
    expectRejected(match, move('bid', '0'), {
      code: 'INVALID_MOVE',
      mentions: ['bid'],
      location: 'turn.stages.bid.moves.bid',
    });
  });
});

describe('game over', () => {
  test('after endGame every move and event is GAME_OVER and the chart stays in gameover', () => {
    const match = start(game());
    accept(match, move('play'));
    accept(match, event('endGame', { winner: '0' }));
    expect(match.getStateValue()).toBe('gameover');
    expect(match.getState().ctx.gameover).toEqual({ winner: '0' });
    expectRejected(match, move('play'), { code: 'GAME_OVER', mentions: ['play'] });
    expectRejected(match, event('endTurn'), { code: 'GAME_OVER', mentions: ['endTurn'] });
    expectRejected(match, event('endGame'), { code: 'GAME_OVER', mentions: ['endGame'] });
  });

  test('after the game endIf fired, the next move is GAME_OVER', () => {
    const match = start<G>({ ...game(), endIf: ({ G }) => (G.count >= 2 ? { draw: true } : undefined) });
    accept(match, move('play'));
    accept(match, event('endTurn'));
    accept(match, move('play', '1'));
    expect(match.getStateValue()).toBe('gameover');
    expectRejected(match, move('play', '1'), { code: 'GAME_OVER' });
  });
});
