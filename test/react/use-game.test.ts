/**
 * `useGame` (turnchart/react) in a component, rendered by react-dom into
 * jsdom: the component shows the match, re-renders after a move, plays as
 * the current player without a playerID (hot-seat), reports a refusal with
 * its reason, and `can` answers as the machine does.
 */
import { JSDOM } from 'jsdom';
import { act, createElement as h, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { useGame, type UseGameResult } from 'turnchart/react';
import { SimulatedClock } from 'xstate';
import { TicTacToe } from '../../examples/tic-tac-toe/game';
import { Blitz } from '../../examples/blitz/game';
import { waitFor } from '../support/wait-for';

const dom = new JSDOM('<!doctype html><div id="root"></div>');
const globals = { window: dom.window, document: dom.window.document, IS_REACT_ACT_ENVIRONMENT: true };
beforeAll(() => Object.assign(globalThis, globals));
afterAll(() => {
  for (const name of Object.keys(globals)) delete (globalThis as Record<string, unknown>)[name];
  dom.window.close();
});

test('useGame renders the match, plays moves hot-seat, refuses with a reason, and answers can()', () => {
  let game: UseGameResult | undefined;
  function Board(): ReactElement {
    game = useGame(TicTacToe, { numPlayers: 2, seed: 'hook' });
    return h('p', { id: 'cells' }, game.G.cells.map((cell: string | null) => cell ?? '.').join(''));
  }
  const root = createRoot(dom.window.document.getElementById('root')!);
  act(() => root.render(h(Board)));
  const text = () => dom.window.document.getElementById('cells')!.textContent;
  expect(text()).toBe('.........');
  expect(game!.can({ type: 'move.clickCell', args: [4] })).toBe(true);

  act(() => void expect(game!.moves.clickCell(4)).toEqual({ ok: true }));
  expect(text()).toBe('....0....');
  expect(game!.ctx.currentPlayer).toBe('1');
  expect(game!.can({ type: 'move.clickCell', args: [4] })).toBe(false);

  let refused: ReturnType<UseGameResult['moves'][string]> | undefined;
  act(() => void (refused = game!.moves.clickCell(4)));
  expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_MOVE' } });
  expect(text()).toBe('....0....');

  act(() => void game!.moves.clickCell(0));
  expect(text()).toBe('1...0....');
  expect(game!.actor.getSnapshot().context.ctx.turn).toBe(3);
  act(() => root.unmount());
});

test('in a game with time limits, useGame counts down and its actor applies the deadlines by itself', async () => {
  const clock = new SimulatedClock();
  let game: UseGameResult | undefined;
  let renders = 0;
  function Board(): ReactElement {
    renders++;
    game = useGame(Blitz, { numPlayers: 2, seed: 'time', now: () => clock.now(), clock });
    return h('p', { id: 'left' }, `${game.ctx.currentPlayer}:${game.time?.[game.ctx.currentPlayer].left}`);
  }
  const root = createRoot(dom.window.document.getElementById('root')!);
  act(() => root.render(h(Board)));
  const text = () => dom.window.document.getElementById('left')!.textContent;
  expect(text()).toBe('0:20000');
  clock.increment(5_000);
  // The countdown renders again by itself (a tick), with the time left now.
  // Outside act, as in a page: React renders the tick's update by itself.
  const before = renders;
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: false });
  await waitFor(() => renders > before, 'a tick of the countdown');
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  expect(text()).toBe('0:15000');
  act(() => void expect(game!.moves.draw()).toEqual({ ok: true }));
  expect(text()).toBe('1:20000');
  // Seat 1 lets the turn run out: the actor's timer draws for it and the turn passes.
  act(() => clock.increment(20_000));
  expect(text()).toBe('0:20000');
  expect(game!.G.autoDraws).toBe(1);
  act(() => root.unmount());
});
