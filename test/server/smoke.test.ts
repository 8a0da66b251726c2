import { ticTacToe } from '../boardgameio/games/tic-tac-toe';
import { bgioCore, connectClient, removeDir, silenceConsole, startServer, waitFor, type Running } from './support';
import * as turnchart from 'turnchart/boardgameio';

silenceConsole();

let running: Running;
beforeAll(async () => {
  running = await startServer({ games: [ticTacToe(turnchart as any)] });
});
afterAll(async () => {
  await running.stop();
  removeDir(running.dir);
});

test('two boardgame.io clients play tic-tac-toe', async () => {
  const a = connectClient(ticTacToe(bgioCore), running.url, { matchID: 'm1', playerID: '0' });
  const b = connectClient(ticTacToe(bgioCore), running.url, { matchID: 'm1', playerID: '1' });
  await waitFor(() => a.getState() && b.getState(), 'sync');
  a.moves.clickCell(0);
  await waitFor(() => b.getState().G.cells[0] === '0', 'b sees move');
  b.moves.clickCell(3);
  await waitFor(() => a.getState().G.cells[3] === '1', 'a sees move');
  a.moves.clickCell(1);
  await waitFor(() => b.getState().ctx.currentPlayer === '1', 'turn');
  b.moves.clickCell(4);
  await waitFor(() => a.getState().ctx.currentPlayer === '0', 'turn');
  a.moves.clickCell(2);
  await waitFor(() => b.getState().ctx.gameover, 'gameover');
  expect(b.getState().ctx.gameover).toEqual({ winner: '0' });
  a.stop();
  b.stop();
});
