import { createActor, SimulatedClock } from 'xstate';
import { createGame, createGameMachine, legalRequests, timeLeft, type TurnchartContext } from 'turnchart';
import { chartAgreesWithCtx, expectChartAgrees } from '../../test/support/invariants';
import { prng } from '../../test/boardgameio/support';
import { Blitz } from './game';

/** A match whose requests happen at `clock.t`. */
function match(seed = 'blitz') {
  const clock = { t: 0 };
  return { clock, match: createGame(Blitz, { numPlayers: 2, seed, now: () => clock.t }) };
}

describe('blitz: a 20 s turn limit and per-player clocks', () => {
  test('a turn that runs out draws a card for the player, and the turn passes', () => {
    const { clock, match: m } = match();
    clock.t = 5_000;
    expect(m.move('draw', [], '0')).toEqual({ ok: true });
    expect(m.getState().G.hands['0']).toHaveLength(6);
    // Player 1 thinks too long: a move at 25 s is refused, the timeout draws for them.
    clock.t = 25_000;
    expect(m.move('draw', [], '1')).toMatchObject({ ok: false, error: { code: 'TIME_UP' } });
    expect(m.timeout()).toEqual({ ok: true });
    const { G, ctx } = m.getState();
    expect([G.hands['1'].length, G.autoDraws, ctx.currentPlayer]).toEqual([6, 1, '0']);
    // Seat 0 moved once in 5 s: 175 s + 2 s; seat 1 used its 20 s and made no move.
    expect(ctx.time!.clocks).toEqual({ 0: { left: 177_000, since: 25_000 }, 1: { left: 160_000 } });
    expect(timeLeft(ctx, 30_000)['0']).toEqual({ clock: 172_000, running: true, left: 15_000, limit: 'turn' });
    expectChartAgrees(Blitz, m);
  });

  test('a player whose clock runs out loses', () => {
    const { clock, match: m } = match();
    // Each turn seat 1 draws at once, seat 0 lets the turn limit draw for it: 20 s a turn off its clock.
    for (let turn = 0; turn < 8; turn++) {
      clock.t += 20_000;
      expect(m.timeout()).toEqual({ ok: true });
      clock.t += 1_000;
      expect(m.move('draw', [], '1')).toEqual({ ok: true });
    }
    expect(m.getState().G.autoDraws).toBe(8);
    expect(m.getState().ctx.time!.clocks!['1'].left).toBe(180_000 - 8_000 + 16_000);
    // The ninth turn: its clock and the turn limit run out together; the clock, the narrower, goes first.
    clock.t += 20_000;
    expect(m.timeout()).toEqual({ ok: true });
    expect(m.getState().ctx.gameover).toEqual({ timedOut: '0', limit: 'clock' });
    expect(m.getState().G.autoDraws).toBe(8);
  });

  test('the actor fires the limits by itself on its clock, and its chart follows ctx', () => {
    const clock = new SimulatedClock();
    const actor = createActor(createGameMachine(Blitz, { numPlayers: 2 }), { clock, input: { seed: 'blitz', now: 0 } });
    const seen: string[] = [];
    actor.subscribe((snapshot) => {
      const problem = chartAgreesWithCtx(Blitz, snapshot.value, snapshot.context.ctx);
      if (problem) throw new Error(problem);
      seen.push(snapshot.context.ctx.currentPlayer);
    });
    actor.start();
    for (let i = 0; i < 4; i++) clock.increment(20_000);
    const { G, ctx } = actor.getSnapshot().context as TurnchartContext;
    expect([G.autoDraws, ctx.turn]).toEqual([4, 5]);
    expect(ctx.time!.clocks).toEqual({ 0: { left: 140_000, since: 80_000 }, 1: { left: 140_000 } });
    actor.stop();
  });

  test.each([1, 2, 3])('random games at random speeds end, and the chart follows (seed %i)', (seed) => {
    const random = prng(seed);
    const { clock, match: m } = match(`blitz-${seed}`);
    for (let step = 0; step < 400 && m.getState().ctx.gameover === undefined; step++) {
      clock.t += Math.floor(random() * 30_000);
      const context = (m.getPersistedSnapshot() as unknown as { context: TurnchartContext }).context;
      const seat = context.ctx.currentPlayer;
      const legal = legalRequests(Blitz, context, seat);
      const request = legal[Math.floor(random() * legal.length)];
      const result = m.request({ ...request, now: clock.t });
      if (!result.ok) {
        expect(result.error.code).toBe('TIME_UP');
        expect(m.timeout()).toEqual({ ok: true });
      }
      expectChartAgrees(Blitz, m);
    }
    expect(m.getState().ctx.gameover).toBeDefined();
  });
});
