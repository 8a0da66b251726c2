/**
 * turnchart/boardgameio's Client in a game with time limits: a local client
 * is its match's authority (its moves happen at its clock's time, its own
 * timer applies each deadline) and tells each seat's remaining time; a game
 * without time limits has none of it.
 */
import { Client } from 'turnchart/boardgameio';
import { Blitz } from '../../examples/blitz/game';
import { ManualClock } from '../support/manual-clock';

test('a local client applies the deadline on its own clock and counts down', () => {
  const clock = new ManualClock(50_000);
  const client = Client({ game: Blitz, numPlayers: 2, clock });
  expect(client.getState()!.ctx.time).toMatchObject({ at: 50_000, turn: 70_000 });
  clock.advance(5_000);
  client.moves.draw();
  expect(client.getState()!.ctx).toMatchObject({ currentPlayer: '1', time: { at: 55_000, turn: 75_000 } });
  expect(client.timeLeft()).toEqual({
    0: { clock: 177_000, running: false },
    1: { clock: 180_000, running: true, left: 20_000, limit: 'turn' },
  });
  expect(client.timeLeft(60_000)!['1']).toMatchObject({ clock: 175_000, left: 15_000 });
  // Seat 1 lets its turn run out: the client's timer draws for it.
  clock.advance(20_000);
  const { G, ctx, _stateID } = client.getState()!;
  expect([G.autoDraws, ctx.currentPlayer, _stateID]).toEqual([1, '0', 2]);
  expect(client.getState()!.log.at(-1)).toMatchObject({ action: { type: 'GAME_EVENT', payload: { type: 'endTurn' } } });
  // Stopped, the client sets no timer; started again, it applies the deadline that passed.
  client.stop();
  clock.advance(20_000);
  expect(client.getState()!._stateID).toBe(2);
  client.start();
  clock.advance(0);
  expect(client.getState()!._stateID).toBe(3);
  client.stop();
});

test('a game without time limits: no time in ctx, none left, no timer', () => {
  const clock = new ManualClock(0);
  const game = { moves: { play: () => undefined } };
  const client = Client({ game, numPlayers: 2, clock });
  client.moves.play();
  clock.advance(3_600_000);
  expect('time' in client.getState()!.ctx).toBe(false);
  expect(client.timeLeft()).toBeUndefined();
  expect(client.timed).toBe(false);
});
