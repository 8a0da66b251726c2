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
import { TicTacToe } from '../../examples/tic-tac-toe/game';

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
