/**
 * minMoves (design invariant 3): boardgame.io silently ignores an endTurn or
 * endStage that comes before minMoves; turnchart reports a direct request as
 * MIN_MOVES_TURN / MIN_MOVES_STAGE and changes nothing. The boundaries of the
 * rule (pass ignores minMoves, bgio-quirks 15; endStage into a `next` stage
 * ignores it, bgio-quirks 7) stay as in 0.50.2.
 */
import type { Game } from 'turnchart';
import { accept, event, expectRejected, move, start } from './expect-rejection';

interface G {
  moves: number;
}

const play = ({ G }: { G: G }) => {
  G.moves++;
};

describe('turn minMoves', () => {
  const game = (): Game<G> => ({ setup: () => ({ moves: 0 }), moves: { play }, turn: { minMoves: 2 } });

  test('a direct endTurn before minMoves is MIN_MOVES_TURN, located at turn.minMoves', () => {
    const match = start(game());
    expectRejected(match, event('endTurn'), {
      code: 'MIN_MOVES_TURN',
      mentions: ['2 moves', 'made 0'],
      location: 'turn.minMoves',
    });
    accept(match, move('play'));
    expectRejected(match, event('endTurn'), {
      code: 'MIN_MOVES_TURN',
      mentions: ['made 1'],
      location: 'turn.minMoves',
    });
    accept(match, move('play'));
    accept(match, event('endTurn'));
    expect(match.getState().ctx.currentPlayer).toBe('1');
  });

  test("a phase's turn names the phase in the location", () => {
    const match = start<G>({
      setup: () => ({ moves: 0 }),
      moves: { play },
      phases: { main: { start: true, turn: { minMoves: 1 } } },
    });
    expectRejected(match, event('endTurn'), { code: 'MIN_MOVES_TURN', location: 'phases.main.turn.minMoves' });
  });

  test('endTurn({ next }) is held to minMoves too', () => {
    const match = start(game(), 3);
    expectRejected(match, event('endTurn', { next: '2' }), { code: 'MIN_MOVES_TURN' });
  });

  test('pass ignores minMoves, as in 0.50.2', () => {
    const match = start(game());
    accept(match, event('pass'));
    expect(match.getState().ctx.currentPlayer).toBe('1');
  });

  test('an endTurn a move queues before minMoves is ignored, not a rejection of the move', () => {
    const match = start<G>({
      ...game(),
      moves: {
        playAndEnd: ({ G, events }) => {
          G.moves++;
          events.endTurn();
        },
      },
    });
    accept(match, move('playAndEnd'));
    expect(match.getState().ctx.currentPlayer).toBe('0');
    expect(match.getState().G.moves).toBe(1);
    accept(match, move('playAndEnd'));
    expect(match.getState().ctx.currentPlayer).toBe('1');
  });
});

describe('stage minMoves', () => {
  test('a direct endStage before the stage minMoves is MIN_MOVES_STAGE and names the player', () => {
    const match = start<G>({
      setup: () => ({ moves: 0 }),
      moves: { play },
      turn: { activePlayers: { currentPlayer: { stage: 'build', minMoves: 2 } }, stages: { build: {} } },
    });
    expectRejected(match, event('endStage'), { code: 'MIN_MOVES_STAGE', mentions: ['player 0', '2 moves', 'made 0'] });
    accept(match, move('play'));
    expectRejected(match, event('endStage'), { code: 'MIN_MOVES_STAGE', mentions: ['made 1'] });
    accept(match, move('play'));
    accept(match, event('endStage'));
    expect(match.getState().ctx.activePlayers).toBeNull();
  });

  test('ActivePlayers ALL_ONCE: another player cannot leave before moving', () => {
    const match = start<G>(
      {
        setup: () => ({ moves: 0 }),
        moves: { play },
        turn: { activePlayers: { all: null, minMoves: 1, maxMoves: 1 } },
      },
      3,
    );
    expectRejected(match, event('endStage', undefined, '2'), { code: 'MIN_MOVES_STAGE', mentions: ['player 2'] });
    accept(match, move('play', '2'));
    expect(Object.keys(match.getState().ctx.activePlayers ?? {})).toEqual(['0', '1']);
  });

  test('endStage into a stage with `next` ignores minMoves, as in 0.50.2 (bgio-quirks 7)', () => {
    const match = start<G>({
      setup: () => ({ moves: 0 }),
      moves: { play },
      turn: {
        activePlayers: { currentPlayer: { stage: 'build', minMoves: 2 } },
        stages: { build: { next: 'trade' }, trade: {} },
      },
    });
    accept(match, event('endStage'));
    expect(match.getState().ctx.activePlayers).toEqual({ 0: 'trade' });
  });
});
