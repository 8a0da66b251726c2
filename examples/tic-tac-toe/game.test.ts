import { createGame } from 'turnchart';
import { attempt, play, randomPlayout } from '../support/playout';
import { firstDifference } from '../support/reference';
import { lineOwner, TicTacToe } from './game';

function newMatch(seed: string | number = 'ttt') {
  return createGame(TicTacToe, { numPlayers: 2, seed });
}

/** Plays cells in turn: the first by seat 0, the second by seat 1, ... */
function playCells(match: ReturnType<typeof newMatch>, cells: number[]): void {
  cells.forEach((cell, i) => {
    const seat = String(i % 2);
    expect(match.getState().ctx.currentPlayer).toBe(seat);
    play(TicTacToe, match, seat, { move: 'clickCell', args: [cell] });
  });
}

const board = (match: ReturnType<typeof newMatch>) =>
  match
    .getState()
    .G.cells.map((cell) => (cell === null ? '.' : cell === '0' ? 'X' : 'O'))
    .join('');

describe('tic-tac-toe example', () => {
  test('X (seat 0) wins on a diagonal; the game is over and the chart final', () => {
    const match = newMatch();
    playCells(match, [0, 1, 4, 2, 8]);
    expect(board(match)).toBe('XOO.X...X');
    expect(match.getState().ctx.gameover).toEqual({ winner: '0' });
    expect(match.getStateValue()).toBe('gameover');
    expect(match.move('clickCell', [3], '1')).toMatchObject({ ok: false, error: { code: 'GAME_OVER' } });
  });

  test('O (seat 1) wins on a column', () => {
    const match = newMatch();
    playCells(match, [0, 1, 3, 4, 8, 7]);
    expect(board(match)).toBe('XO.XO..OX');
    expect(match.getState().ctx.gameover).toEqual({ winner: '1' });
  });

  test('a full board without a line is a draw', () => {
    const match = newMatch();
    // X O X / X O O / O X X
    playCells(match, [0, 1, 2, 4, 3, 5, 7, 6, 8]);
    expect(board(match)).toBe('XOXXOOOXX');
    expect(match.getState().ctx.gameover).toEqual({ draw: true });
    expect(match.getStateValue()).toBe('gameover');
  });

  test('an occupied cell is INVALID_MOVE: nothing changes, the same player is still to move', () => {
    const match = newMatch();
    playCells(match, [4]);
    const before = match.getState();
    const valueBefore = match.getStateValue();
    for (const cell of [4, 9, -1, 1.5]) {
      expect(attempt(TicTacToe, match, '1', { move: 'clickCell', args: [cell] })).toMatchObject({
        ok: false,
        error: { code: 'INVALID_MOVE' },
      });
    }
    expect(match.getState()).toEqual(before);
    expect(match.getStateValue()).toEqual(valueBefore);
    expect(match.getStateValue()).toEqual({
      phases: { '(no phase)': { turn: { player0: 'idle', player1: 'active' } } },
    });
    // Out of turn: seat 0 cannot play while it is seat 1's turn.
    expect(match.move('clickCell', [0], '0')).toMatchObject({ ok: false, error: { code: 'PLAYER_NOT_ACTIVE' } });
    // minMoves 1: the turn cannot end without a mark.
    expect(match.event('endTurn', undefined, '1')).toMatchObject({ ok: false, error: { code: 'MIN_MOVES_TURN' } });
    play(TicTacToe, match, '1', { move: 'clickCell', args: [0] });
    expect(board(match)).toBe('O...X....');
  });

  test.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])('random playout %i ends in a result the board shows', (seed) => {
    const match = newMatch(seed);
    const steps = randomPlayout(TicTacToe, match, {
      seed,
      options: () => Array.from({ length: 9 }, (_, cell) => ({ move: 'clickCell', args: [cell] })),
    });
    const { G, ctx } = match.getState();
    const filled = G.cells.filter((cell) => cell !== null).length;
    expect(steps).toHaveLength(filled);
    // Turns alternate, starting with seat 0.
    expect(steps.map((step) => step.playerID)).toEqual(Array.from({ length: filled }, (_, i) => String(i % 2)));
    const owner = lineOwner(G.cells);
    if (owner !== undefined) {
      expect(ctx.gameover).toEqual({ winner: owner });
      // The winner made the last move.
      expect(steps.at(-1)!.playerID).toBe(owner);
    } else {
      expect(filled).toBe(9);
      expect(ctx.gameover).toEqual({ draw: true });
    }
    expect(match.getStateValue()).toBe('gameover');
    expect(firstDifference(TicTacToe, { numPlayers: 2, seed }, steps)).toBeUndefined();
  });

  test('random playouts cover wins for both seats and draws', () => {
    const results = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const match = newMatch(seed);
      randomPlayout(TicTacToe, match, {
        seed,
        options: () => Array.from({ length: 9 }, (_, cell) => ({ move: 'clickCell', args: [cell] })),
      });
      results.add(JSON.stringify(match.getState().ctx.gameover));
    }
    expect([...results].sort()).toEqual(['{"draw":true}', '{"winner":"0"}', '{"winner":"1"}']);
  });
});
