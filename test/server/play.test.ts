/**
 * boardgame.io 0.50.2's own clients play full matches on turnchart's
 * server: seats join through boardgame.io's LobbyClient and play through its
 * socket.io multiplayer Client; every client ends in the same state, the
 * lobby reports the result, spectators and seats see only what the game's
 * playerView shows them, and a client that reconnects resyncs.
 */
import * as turnchart from 'turnchart';
import { discardDuel } from '../boardgameio/games/discard-duel';
import { ticTacToe } from '../boardgameio/games/tic-tac-toe';
import { secretHands } from './games/secret-hands';
import {
  bgioClient,
  bgioCore,
  connectClient,
  removeDir,
  silenceConsole,
  startServer,
  waitFor,
  type Running,
} from './support';

silenceConsole();

let running: Running;
beforeAll(async () => {
  running = await startServer({
    games: [
      discardDuel(turnchart as any),
      ticTacToe(turnchart as any),
      secretHands(),
      { ...secretHands(true), name: 'secret-patches' },
    ],
  });
});
afterAll(async () => {
  await running.stop();
  removeDir(running.dir);
});

const stateID = (client: any) => client.getState()?._stateID ?? -1;

/** Wait until every client has seen a state after `before`. */
const settled = (clients: any[], before: number) =>
  waitFor(() => clients.every((client) => stateID(client) > before), `the clients to pass stateID ${before}`);

async function joinSeats(lobby: any, gameName: string, numPlayers: number) {
  const { matchID } = await lobby.createMatch(gameName, { numPlayers });
  const seats: { playerID: string; credentials: string }[] = [];
  for (let seat = 0; seat < numPlayers; seat++) {
    const { playerID, playerCredentials } = await lobby.joinMatch(gameName, matchID, { playerName: `player ${seat}` });
    seats.push({ playerID, credentials: playerCredentials });
  }
  return { matchID, seats };
}

/** One legal action of discard-duel for the state the clients share. */
function duelStep(clients: any[]): () => void {
  const { G, ctx } = clients[0].getState();
  if (ctx.activePlayers) {
    const [player] = Object.keys(ctx.activePlayers);
    return () => clients[Number(player)].moves.discard(0);
  }
  const current = clients[Number(ctx.currentPlayer)];
  if (ctx.phase === 'draw') return () => current.moves.drawCard();
  if (G.hands[ctx.currentPlayer].length > 0) return () => current.moves.playCard(0);
  return () => current.events.endTurn();
}

test('four seats join through the LobbyClient and play discard-duel to its end', async () => {
  const lobby = new bgioClient.LobbyClient({ server: running.url });
  expect((await lobby.listGames()).sort()).toEqual(['discard-duel', 'secret-hands', 'secret-patches', 'tic-tac-toe']);
  const { matchID, seats } = await joinSeats(lobby, 'discard-duel', 4);
  const clients = seats.map(({ playerID, credentials }) =>
    connectClient(discardDuel(bgioCore), running.url, { matchID, playerID, credentials }),
  );
  await waitFor(
    () => clients.every((client) => client.getState() && client.matchData?.every((seat: any) => seat.isConnected)),
    'sync and matchData',
  );

  let actions = 0;
  while (clients[0].getState().ctx.gameover === undefined && actions < 500) {
    const before = stateID(clients[0]);
    duelStep(clients)();
    await settled(clients, before);
    actions++;
  }
  const final = clients[0].getState();
  expect(final.ctx.gameover).toBeDefined();
  expect(actions).toBeGreaterThan(20);
  for (const client of clients)
    expect({ G: client.getState().G, ctx: client.getState().ctx }).toEqual({ G: final.G, ctx: final.ctx });

  const match = await lobby.getMatch('discard-duel', matchID);
  expect(match.gameover).toEqual(final.ctx.gameover);
  expect(match.players.map((seat: any) => seat.name)).toEqual(['player 0', 'player 1', 'player 2', 'player 3']);
  expect(JSON.stringify(match)).not.toContain(seats[0].credentials);
  const over = await lobby.listMatches('discard-duel', { isGameover: true });
  expect(over.matches.map((m: any) => m.matchID)).toContain(matchID);
  for (const client of clients) client.stop();
});

test('a client that reconnects with its credentials resyncs to the current state and log', async () => {
  const lobby = new bgioClient.LobbyClient({ server: running.url });
  const { matchID, seats } = await joinSeats(lobby, 'tic-tac-toe', 2);
  const connect = (seat: number) => connectClient(ticTacToe(bgioCore), running.url, { matchID, ...seats[seat] });
  const a = connect(0);
  let b = connect(1);
  await waitFor(() => a.getState() && b.getState(), 'sync');
  a.moves.clickCell(4);
  await settled([b], 0);
  b.stop();
  await waitFor(() => a.matchData?.[1]?.isConnected === false, 'player 1 shown as gone');
  b = connect(1);
  await waitFor(() => b.getState()?._stateID === 1 && a.matchData?.[1]?.isConnected === true, 'player 1 back');
  expect(b.getState().G.cells[4]).toBe('0');
  expect(b.log.map((entry: any) => entry.action.payload.type)).toEqual(['clickCell', 'endTurn']);
  b.moves.clickCell(0);
  await settled([a], 1);
  expect(a.getState().G.cells[0]).toBe('1');
  a.stop();
  b.stop();
});

test('chat messages reach every client of the match, and only them', async () => {
  const lobby = new bgioClient.LobbyClient({ server: running.url });
  const { matchID, seats } = await joinSeats(lobby, 'tic-tac-toe', 2);
  const other = await joinSeats(lobby, 'tic-tac-toe', 2);
  const a = connectClient(ticTacToe(bgioCore), running.url, { matchID, ...seats[0] });
  const b = connectClient(ticTacToe(bgioCore), running.url, { matchID, ...seats[1] });
  const elsewhere = connectClient(ticTacToe(bgioCore), running.url, { matchID: other.matchID, ...other.seats[0] });
  await waitFor(() => a.getState() && b.getState() && elsewhere.getState(), 'sync');
  a.sendChatMessage({ text: 'good luck' });
  await waitFor(() => b.chatMessages.length === 1, 'the chat message');
  expect(b.chatMessages[0]).toMatchObject({ sender: '0', payload: { text: 'good luck' } });
  await waitFor(() => a.chatMessages.length === 1, 'the sender to get it back');
  expect(elsewhere.chatMessages).toEqual([]);
  for (const client of [a, b, elsewhere]) client.stop();
});

for (const gameName of ['secret-hands', 'secret-patches']) {
  test(`${gameName}: each seat and a spectator see only what playerView shows them`, async () => {
    const lobby = new bgioClient.LobbyClient({ server: running.url });
    const { matchID, seats } = await joinSeats(lobby, gameName, 3);
    const game = gameName === 'secret-hands' ? secretHands() : { ...secretHands(true), name: 'secret-patches' };
    const clients = seats.map((seat) => connectClient({ ...game }, running.url, { matchID, ...seat }));
    const spectator = connectClient({ ...game }, running.url, { matchID, playerID: null });
    const all = [...clients, spectator];
    const received = { patch: 0, update: 0, sync: 0 };
    for (const type of ['patch', 'update', 'sync'] as const)
      spectator.transport.socket.on(type, () => received[type]++);
    await waitFor(() => all.every((client) => client.getState()), 'sync');
    for (let turn = 0; turn < 9; turn++) {
      const before = stateID(spectator);
      const current = clients[Number(spectator.getState().ctx.currentPlayer)];
      current.moves.play();
      await settled(all, before);
      for (const [seat, client] of clients.entries()) {
        const { hands, deck } = client.getState().G;
        expect(typeof deck).toBe('number');
        for (const [id, hand] of Object.entries(hands)) expect(Array.isArray(hand)).toBe(id === String(seat));
        // A seat's own client may hold its own optimistic random state (boardgame.io's client does); never the server's.
        expect(client.getState().plugins.random?.data?.prngstate).toBeUndefined();
      }
      expect(spectator.getState().plugins.random?.data).toBeUndefined();
      expect(Object.values(spectator.getState().G.hands).every((hand) => typeof hand === 'number')).toBe(true);
    }
    expect(spectator.getState().ctx.gameover).toEqual({ done: true });
    expect(spectator.getState().G.table).toHaveLength(9);
    // deltaState games get patches (none failed: a failed patch makes the client ask for a sync).
    expect(received).toEqual(
      gameName === 'secret-patches' ? { patch: 9, update: 0, sync: 1 } : { patch: 0, update: 9, sync: 1 },
    );
    // The sync's initial state is filtered too: the dealt hands are secrets from the start.
    expect(Object.values(spectator.getInitialState().G.hands).every((hand) => typeof hand === 'number')).toBe(true);
    for (const client of all) client.stop();
  });
}
