/**
 * Time limits on turns, phases and stages (docs/semantics.md, "Time limits
 * and clocks"), on explicit times: a deadline is set when its scope begins,
 * a move after it is refused (TIME_UP) until the timeout is applied, a
 * timeout before it is refused (NO_DEADLINE_PASSED), and each outcome does
 * what it says.
 */
import { nextDeadline, timeLeft, type Game } from 'turnchart';
import { ok, refused, timedMatch } from './support';

interface G {
  played: string[];
  auto: string[];
}

const setup = (): G => ({ played: [], auto: [] });
const play = ({ G, playerID }: { G: G; playerID: string }) => {
  G.played.push(playerID);
};

describe('a turn limit', () => {
  const game = (onTimeout?: any, more: Partial<Game<G>> = {}): Game<G> => ({
    setup,
    moves: { play },
    turn: { time: { limit: 30_000, ...(onTimeout ? { onTimeout } : {}) }, minMoves: 1 },
    ...more,
  });

  test('runs from the start of each turn; a move after it is TIME_UP until the timeout ends the turn', () => {
    const t = timedMatch(game(), 2, 1_000);
    expect(t.time()).toEqual({ at: 1_000, turn: 31_000 });
    ok(t.at(20_000).move('play'));
    expect(t.time()).toEqual({ at: 20_000, turn: 31_000 });
    expect(refused(t.at(31_000).move('play'), 'TIME_UP')).toContain("player 0's turn ran out at 31000");
    expect(refused(t.at(30_999).match.timeout(), 'NO_DEADLINE_PASSED')).toContain('at 31000');
    // The timeout forces the turn's end past minMoves, at its own time.
    ok(t.at(31_500).match.timeout());
    const { ctx, G } = t.match.getState();
    expect([ctx.turn, ctx.currentPlayer, G.played]).toEqual([2, '1', ['0']]);
    expect(ctx.time).toEqual({ at: 31_500, turn: 61_500 });
    refused(t.match.timeout(), 'NO_DEADLINE_PASSED');
  });

  test('a turn ended in time gives the next turn a fresh limit', () => {
    const t = timedMatch(game(undefined, { turn: { time: { limit: 30_000 }, maxMoves: 1 } }));
    ok(t.at(5_000).move('play'));
    expect(t.time()).toEqual({ at: 5_000, turn: 35_000 });
    expect(timeLeft(t.match.getState().ctx, 15_000)['1']).toEqual({ left: 20_000, limit: 'turn' });
    expect(timeLeft(t.match.getState().ctx, 15_000)['0']).toEqual({});
  });

  test("onTimeout: 'endPhase' ends the phase", () => {
    const t = timedMatch({
      setup,
      moves: { play },
      phases: {
        a: { start: true, next: 'b', turn: { time: { limit: 10, onTimeout: 'endPhase' } } },
        b: {},
      },
    });
    ok(t.at(10).match.timeout());
    expect(t.match.getState().ctx.phase).toBe('b');
    expect(t.time()).toEqual({ at: 10 });
  });

  test("onTimeout: 'endGame' ends the game: the player whose turn it was timed out", () => {
    const t = timedMatch(game('endGame'));
    ok(t.at(30_000).match.timeout());
    const { ctx } = t.match.getState();
    expect(ctx.gameover).toEqual({ timedOut: '0', limit: 'turn' });
    expect(ctx.time).toEqual({ at: 30_000 });
    expect(nextDeadline(ctx)).toBeUndefined();
    refused(t.at(40_000).match.timeout(), 'GAME_OVER');
  });

  test('a hook plays for the player (a default move) and may call events', () => {
    const seen: unknown[] = [];
    const onTimeout = ({ G, playerID, events, timeout }: any) => {
      seen.push(timeout);
      G.auto.push(playerID);
      events.endTurn();
    };
    // Its events follow the game's rules (a minMoves would refuse this endTurn, as after any hook).
    const t = timedMatch(game(onTimeout, { turn: { time: { limit: 30_000, onTimeout } } }));
    ok(t.at(30_000).match.timeout());
    const { G, ctx } = t.match.getState();
    expect(G.auto).toEqual(['0']);
    expect(ctx.currentPlayer).toBe('1');
    expect(seen).toEqual([{ limit: 'turn', at: 30_000, seat: '0' }]);
  });

  test('a hook that does not end the turn spends the deadline: the player plays on without a limit', () => {
    const t = timedMatch(game(({ G, playerID }: any) => void G.auto.push(playerID)));
    ok(t.at(30_000).match.timeout());
    expect(t.match.getState().G.auto).toEqual(['0']);
    expect(t.time()).toEqual({ at: 30_000 });
    expect(refused(t.match.timeout(), 'NO_DEADLINE_PASSED')).toContain('no deadline is set');
    ok(t.at(90_000).move('play'));
  });

  test('a hook that throws refuses the timeout and changes nothing', () => {
    const t = timedMatch(
      game(() => {
        throw new Error('no default move');
      }),
    );
    const before = JSON.stringify(t.match.getState());
    const message = refused(t.at(30_000).match.timeout(), 'USER_CODE_THREW');
    expect(message).toContain('turn.time.onTimeout');
    expect(JSON.stringify(t.match.getState())).toBe(before);
  });
});

describe('a phase limit', () => {
  const game = (onTimeout?: any): Game<G> => ({
    setup,
    moves: { play },
    turn: { maxMoves: 1 },
    phases: {
      draft: { start: true, next: 'play', time: { limit: 120_000, ...(onTimeout ? { onTimeout } : {}) } },
      play: { turn: { time: { limit: 20_000 } } },
    },
  });

  test('runs across the turns of the phase, and its timeout starts the next phase', () => {
    const t = timedMatch(game());
    ok(t.at(50_000).move('play', '0'));
    ok(t.at(100_000).move('play', '1'));
    expect(t.time()).toEqual({ at: 100_000, phase: 120_000 });
    refused(t.at(120_000).move('play', '0'), 'TIME_UP');
    ok(t.match.timeout());
    const { ctx } = t.match.getState();
    expect(ctx.phase).toBe('play');
    // The next phase's turn limit counts from the timeout.
    expect(ctx.time).toEqual({ at: 120_000, turn: 140_000 });
  });

  test("onTimeout: 'endGame' has no player to blame", () => {
    const t = timedMatch(game('endGame'));
    ok(t.at(120_000).match.timeout());
    expect(t.match.getState().ctx.gameover).toEqual({ timedOut: null, limit: 'phase' });
  });
});

describe('a stage limit', () => {
  const game = (onTimeout?: any): Game<G> => ({
    setup,
    moves: {
      bid: ({ events }) => events.setActivePlayers({ others: 'respond' }),
    },
    turn: {
      stages: {
        respond: {
          moves: { play, join: ({ events }) => events.setStage('respond') },
          time: { limit: 10_000, ...(onTimeout ? { onTimeout } : {}) },
        },
      },
    },
  });

  test('each seat has its own deadline from when it entered; endStage takes it out, seat by seat', () => {
    const t = timedMatch(game(), 3);
    ok(t.at(2_000).move('bid', '0'));
    expect(t.time()).toEqual({ at: 2_000, stages: { 1: 12_000, 2: 12_000 } });
    ok(t.at(5_000).move('play', '2'));
    expect(t.time()).toEqual({ at: 5_000, stages: { 1: 12_000, 2: 12_000 } });
    // Ties go in seat order.
    ok(t.at(12_000).match.timeout());
    expect(t.match.getState().ctx.activePlayers).toEqual({ 2: 'respond' });
    expect(t.time()).toEqual({ at: 12_000, stages: { 2: 12_000 } });
    refused(t.move('play', '2'), 'TIME_UP');
    ok(t.match.timeout());
    expect(t.match.getState().ctx.activePlayers).toBeNull();
    expect(t.time()).toEqual({ at: 12_000 });
    ok(t.move('bid', '0'));
  });

  test('a timeout may name the deadline it applies', () => {
    const t = timedMatch(game(), 3);
    ok(t.at(0).move('bid', '0'));
    ok(t.at(12_000).match.timeout({ limit: 'stage', seat: '2' }));
    expect(t.match.getState().ctx.activePlayers).toEqual({ 1: 'respond' });
    expect(refused(t.match.timeout({ seat: '0' }), 'NO_DEADLINE_PASSED')).toContain('no deadline');
    refused(t.match.timeout({ limit: 'clock' as const }), 'NO_DEADLINE_PASSED');
  });

  test("onTimeout: 'endTurn' ends the whole turn", () => {
    const t = timedMatch(game('endTurn'), 3);
    ok(t.at(0).move('bid', '0'));
    ok(t.at(10_000).match.timeout());
    const { ctx } = t.match.getState();
    expect([ctx.currentPlayer, ctx.activePlayers, ctx.time]).toEqual(['1', null, { at: 10_000 }]);
  });

  test('a hook plays for the seat in its stage', () => {
    const t = timedMatch(
      game(({ G, playerID, events }: any) => {
        G.auto.push(playerID);
        events.endStage();
      }),
      3,
    );
    ok(t.at(0).move('bid', '0'));
    ok(t.at(10_000).match.timeout());
    const { G, ctx } = t.match.getState();
    expect(G.auto).toEqual(['1']);
    expect(ctx.activePlayers).toEqual({ 2: 'respond' });
  });
});

describe("a request's time", () => {
  const game: Game<G> = { setup, moves: { play }, turn: { time: { limit: 1_000 } } };

  test('a request without `now` happens when the match last changed', () => {
    const t = timedMatch(game);
    ok(t.at(500).move('play'));
    ok(t.match.request({ type: 'move.play', playerID: '0' }));
    expect(t.time().at).toBe(500);
  });

  test('time does not run backwards: an earlier `now` counts as the last one', () => {
    const t = timedMatch(game);
    ok(t.at(900).move('play'));
    ok(t.at(100).move('play'));
    expect(t.time().at).toBe(900);
  });

  test.each([NaN, Infinity, '5', null])('now: %p is INVALID_ARGUMENT', (now) => {
    const t = timedMatch(game);
    const message = refused(t.match.request({ type: 'move.play', playerID: '0', now: now as any }), 'INVALID_ARGUMENT');
    expect(message).toContain('now must be a finite number');
  });
});
