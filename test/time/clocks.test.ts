/**
 * Player clocks (docs/semantics.md, "Time limits and clocks"): a bank per
 * seat that runs while the seat is active, charged and credited its
 * increment when it stops, so a running clock's deadline never moves.
 * Several run at once when several seats are active; `pass` and phase
 * changes stop and start them like any turn end.
 */
import { timeLeft, type ClockConfig, type Game } from 'turnchart';
import { ok, refused, timedMatch } from './support';

interface G {
  played: string[];
}

const setup = (): G => ({ played: [] });
const play = ({ G, playerID }: { G: G; playerID: string }) => {
  G.played.push(playerID);
};

/** Chess-like: one move per turn. */
const chess = (clock: ClockConfig<G>): Game<G> => ({ setup, moves: { play }, turn: { maxMoves: 1 }, clock });

describe('one clock at a time (turns)', () => {
  test('the bank runs during the turn and gets the increment per move when the clock stops', () => {
    const t = timedMatch(chess({ initial: 60_000, increment: 2_000 }));
    expect(t.time().clocks).toEqual({ 0: { left: 60_000, since: 0 }, 1: { left: 60_000 } });
    ok(t.at(10_000).move('play', '0'));
    expect(t.time().clocks).toEqual({ 0: { left: 52_000 }, 1: { left: 60_000, since: 10_000 } });
    ok(t.at(25_000).move('play', '1'));
    expect(t.time().clocks).toEqual({ 0: { left: 52_000, since: 25_000 }, 1: { left: 47_000 } });
    expect(timeLeft(t.match.getState().ctx, 30_000)).toEqual({
      0: { clock: 47_000, running: true, left: 47_000, limit: 'clock' },
      1: { clock: 47_000, running: false },
    });
  });

  test('a flag falls: TIME_UP, then the timeout ends the game and the seat loses', () => {
    const t = timedMatch(chess({ initial: 60_000 }));
    ok(t.at(1_000).move('play', '0'));
    refused(t.at(61_000).move('play', '1'), 'TIME_UP');
    refused(t.at(60_999).match.timeout(), 'NO_DEADLINE_PASSED');
    ok(t.at(61_500).match.timeout());
    const { ctx } = t.match.getState();
    expect(ctx.gameover).toEqual({ timedOut: '1', limit: 'clock' });
    expect(ctx.time!.clocks).toEqual({ 0: { left: 59_000 }, 1: { left: 0 } });
  });

  test("per: 'turn' credits the increment once per stop, whatever the moves", () => {
    const game: Game<G> = { setup, moves: { play }, clock: { initial: 10_000, increment: 500, per: 'turn' } };
    const t = timedMatch(game);
    ok(t.at(1_000).move('play', '0'));
    ok(t.at(2_000).move('play', '0'));
    ok(t.at(3_000).match.event('endTurn', undefined, '0'));
    expect(t.time().clocks!['0']).toEqual({ left: 7_500 });
  });

  test('per move, moves made in one turn are all credited when the turn ends', () => {
    const game: Game<G> = { setup, moves: { play }, clock: { initial: 10_000, increment: 500 } };
    const t = timedMatch(game);
    ok(t.at(1_000).move('play', '0'));
    ok(t.at(2_000).move('play', '0'));
    expect(t.time().clocks!['0']).toEqual({ left: 10_000, since: 0, moves: 2 });
    ok(t.at(3_000).match.event('endTurn', undefined, '0'));
    expect(t.time().clocks!['0']).toEqual({ left: 8_000 });
  });

  test('pass stops the clock like any turn end; a seat removed from the order never runs again', () => {
    const game: Game<G> = { setup, moves: { play }, clock: { initial: 10_000 } };
    const t = timedMatch(game, 3);
    ok(t.at(1_000).match.event('pass', { remove: true }, '0'));
    expect(t.time().clocks).toEqual({ 0: { left: 9_000 }, 1: { left: 10_000, since: 1_000 }, 2: { left: 10_000 } });
    ok(t.at(2_000).match.event('pass', undefined, '1'));
    ok(t.at(3_000).match.event('pass', undefined, '2'));
    expect(t.match.getState().ctx.currentPlayer).toBe('1');
    expect(t.time().clocks).toEqual({ 0: { left: 9_000 }, 1: { left: 9_000, since: 3_000 }, 2: { left: 9_000 } });
  });

  test('a bank carries across phases; the phase change stops and starts the clocks', () => {
    const game: Game<G> = {
      setup,
      moves: { play },
      clock: { initial: 10_000 },
      phases: { a: { start: true, next: 'b', endIf: ({ G }) => G.played.length === 1 }, b: {} },
    };
    const t = timedMatch(game);
    ok(t.at(4_000).move('play', '0'));
    const { ctx } = t.match.getState();
    expect([ctx.phase, ctx.currentPlayer]).toEqual(['b', '1']);
    expect(ctx.time!.clocks).toEqual({ 0: { left: 6_000 }, 1: { left: 10_000, since: 4_000 } });
  });
});

describe('several clocks at once (simultaneous seats)', () => {
  const game = (onTimeout?: ClockConfig<G>['onTimeout']): Game<G> => ({
    setup,
    moves: { plan: ({ events }) => events.setActivePlayers({ all: 'plan', minMoves: 1, maxMoves: 1 }) },
    turn: { stages: { plan: { moves: { play } } } },
    clock: { initial: 10_000, ...(onTimeout ? { onTimeout } : {}) },
  });

  test('every active seat runs; each stops when its seat leaves the active set', () => {
    const t = timedMatch(game(), 3);
    ok(t.at(1_000).move('plan', '0'));
    expect(t.time().clocks).toEqual({
      0: { left: 10_000, since: 0 },
      1: { left: 10_000, since: 1_000 },
      2: { left: 10_000, since: 1_000 },
    });
    ok(t.at(3_000).move('play', '2'));
    ok(t.at(4_000).move('play', '0'));
    expect(t.time().clocks).toEqual({
      0: { left: 6_000 },
      1: { left: 10_000, since: 1_000 },
      2: { left: 8_000 },
    });
    // Seat 1 is the one left running.
    expect(timeLeft(t.match.getState().ctx, 5_000)['1']).toEqual({
      clock: 6_000,
      running: true,
      left: 6_000,
      limit: 'clock',
    });
    refused(t.at(11_000).move('play', '1'), 'TIME_UP');
    ok(t.match.timeout());
    expect(t.match.getState().ctx.gameover).toEqual({ timedOut: '1', limit: 'clock' });
  });

  test("onTimeout: 'endStage' takes the seat out; with no increment its empty clock does not start again", () => {
    const t = timedMatch(game('endStage'), 2);
    ok(t.at(0).move('plan', '0'));
    ok(t.at(10_000).match.timeout());
    const { ctx } = t.match.getState();
    expect(ctx.activePlayers).toEqual({ 1: 'plan' });
    expect(ctx.time!.clocks!['0']).toEqual({ left: 0 });
    ok(t.at(10_000).match.timeout());
    // The set emptied: the current player (seat 0, out of time) acts with no clock running.
    expect(t.match.getState().ctx.activePlayers).toBeNull();
    expect(t.time().clocks).toEqual({ 0: { left: 0 }, 1: { left: 0 } });
    ok(t.at(50_000).move('plan', '0'));
  });

  test('a clock that ran out waits while its seat stays active, then starts with its increment', () => {
    const onTimeout = ({ G, playerID }: { G: G; playerID: string }) => void G.played.push(`auto${playerID}`);
    const t = timedMatch({ setup, moves: { play }, clock: { initial: 1_000, increment: 200, per: 'turn', onTimeout } });
    ok(t.at(1_000).match.timeout());
    expect(t.time().clocks).toEqual({ 0: { left: 200, expired: true }, 1: { left: 1_000 } });
    // Seat 0 plays on without a clock until its turn ends.
    ok(t.at(60_000).move('play', '0'));
    ok(t.at(61_000).match.event('endTurn', undefined, '0'));
    ok(t.at(61_500).match.event('endTurn', undefined, '1'));
    expect(t.time().clocks).toEqual({ 0: { left: 200, since: 61_500 }, 1: { left: 700 } });
    refused(t.at(61_699).match.timeout(), 'NO_DEADLINE_PASSED');
    ok(t.at(61_700).match.timeout());
    expect(t.match.getState().G.played).toEqual(['auto0', '0', 'auto0']);
  });
});
