/**
 * A boardgame.io storage as the server's store (here boardgame.io's own
 * InMemory; FlatFile and Postgres adapters have the same API): the match is
 * kept in boardgame.io's state shape, a second turnchart server on the same
 * storage picks it up, and boardgame.io's own Server, handed the same
 * storage, plays the match on to its end.
 */
import * as turnchart from 'turnchart';
import { ticTacToe } from '../boardgameio/games/tic-tac-toe';
import { bgioCore, connectClient, silenceConsole, startBoardgameioServer, waitFor } from './support';
import { Server, portOf } from 'turnchart/server';

silenceConsole();

async function turnchartOn(db: unknown) {
  const server = Server({ games: [ticTacToe(turnchart as any)], db: db as any, origins: [] });
  const { appServer } = await server.run({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${portOf(appServer)}`, stop: () => server.kill() };
}

test("a match kept in a boardgame.io storage moves between turnchart's server and boardgame.io's", async () => {
  // boardgame.io's InMemory storage, as its Server makes it when given no db.
  const first = await startBoardgameioServer([ticTacToe(bgioCore)]);
  const storage = first.db;
  first.stop();

  const connect = (url: string) =>
    [0, 1].map((seat) => connectClient(ticTacToe(bgioCore), url, { matchID: 'shared', playerID: String(seat) }));
  const play = async (clients: any[], seat: number, cell: number) => {
    const before = clients[0].getState()._stateID;
    clients[seat].moves.clickCell(cell);
    await waitFor(() => clients.every((client) => client.getState()._stateID > before), `cell ${cell}`);
  };

  let ours = await turnchartOn(storage);
  let clients = connect(ours.url);
  await waitFor(() => clients.every((client) => client.getState()), 'sync');
  await play(clients, 0, 0);
  const stored = storage.fetch('shared', { state: true, log: true, metadata: true });
  expect(stored.state).toMatchObject({
    _stateID: 1,
    G: { cells: ['0', null, null, null, null, null, null, null, null] },
    ctx: { currentPlayer: '1' },
  });
  expect(stored.log.map((entry: any) => entry.action.payload.type)).toEqual(['clickCell', 'endTurn']);
  for (const client of clients) client.stop();
  await ours.stop();

  ours = await turnchartOn(storage);
  clients = connect(ours.url);
  await waitFor(() => clients.every((client) => client.getState()?._stateID === 1), 'resync on a new server');
  await play(clients, 1, 4);
  for (const client of clients) client.stop();
  await ours.stop();

  const theirs = await startBoardgameioServer([ticTacToe(bgioCore)], undefined, storage);
  clients = connect(theirs.appUrl);
  await waitFor(() => clients.every((client) => client.getState()?._stateID === 2), "sync on boardgame.io's server");
  await play(clients, 0, 1);
  await play(clients, 1, 5);
  await play(clients, 0, 2);
  expect(clients[1].getState().ctx.gameover).toEqual({ winner: '0' });
  for (const client of clients) client.stop();
  theirs.stop();
});
