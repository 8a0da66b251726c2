/**
 * turnchart's own Client with `multiplayer: SocketIO({ server })` on
 * turnchart's server: the state is null until the first sync; two seats
 * (joined through the lobby, with credentials) play tic-tac-toe to its end,
 * each move shown at once on the mover's client and then taken from the
 * server; both seats see what the server stores; a move out of turn changes
 * nothing anywhere; a move only the server can refuse (it reads what the
 * player view hides) is taken back; chat reaches every seat. And boardgame.io
 * 0.50.2's own Client and turnchart's play one match together.
 */
import * as turnchart from 'turnchart';
import { Client, SocketIO, type ClientOptions } from 'turnchart/boardgameio';
import { MemoryStore } from 'turnchart/server';
import { ticTacToe } from '../boardgameio/games/tic-tac-toe';
import { bgioCore, connectClient, removeDir, silenceConsole, startServer, waitFor, type Running } from './support';

silenceConsole();

/** The code of the vault is in G, which the player view hides: only the server can refuse a wrong guess. */
const vault = (INVALID_MOVE: unknown) => ({
  name: 'vault',
  setup: () => ({ code: 7, opened: false, guesses: 0 }),
  playerView: ({ G }: any) => ({ opened: G.opened, guesses: G.guesses }),
  moves: {
    open: ({ G }: any, code: number) => {
      if (G.code !== undefined && code !== G.code) return INVALID_MOVE;
      G.opened = true;
      G.guesses += 1;
    },
  },
});

const store = new MemoryStore();
let running: Running;
beforeAll(async () => {
  const patched = { ...ticTacToe(turnchart as any), name: 'patched', deltaState: true };
  running = await startServer({
    games: [ticTacToe(turnchart as any), vault(turnchart.INVALID_MOVE), patched],
    db: store,
  });
});
afterAll(async () => {
  await running.stop();
  removeDir(running.dir);
});

const clients: { stop(): void }[] = [];
afterEach(() => clients.splice(0).forEach((client) => client.stop()));

function ours(game: any, opts: Omit<ClientOptions, 'game'>) {
  const client = Client({
    game,
    multiplayer: SocketIO({ server: running.url, socketOpts: { transports: ['websocket'], reconnection: false } }),
    ...opts,
  });
  clients.push(client);
  return client;
}

function theirs(game: any, opts: { matchID: string; playerID?: string; credentials?: string }) {
  const client = connectClient(game, running.url, opts);
  clients.push(client);
  return client;
}

async function lobbyMatch(gameName: string): Promise<{ matchID: string; credentials: string[] }> {
  const post = async (path: string, body: unknown) =>
    (
      await fetch(`${running.url}/games/${gameName}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json();
  const { matchID } = await post('/create', { numPlayers: 2 });
  const credentials = [];
  for (const playerID of ['0', '1'])
    credentials.push((await post(`/${matchID}/join`, { playerID, playerName: `p${playerID}` })).playerCredentials);
  return { matchID, credentials };
}

/** What the server stores of the match. */
async function stored(matchID: string) {
  const { G, ctx, stateID } = (await store.fetch(matchID))!.state.snapshot.context;
  return { G, ctx, _stateID: stateID };
}

const seen = (client: any) => {
  const { G, ctx, _stateID } = client.getState();
  return { G, ctx, _stateID };
};

test('two seats play tic-tac-toe to its end: each move shows at once, then both seats see what the server stores', async () => {
  const game = ticTacToe(turnchart as any);
  const { matchID, credentials } = await lobbyMatch('tic-tac-toe');
  const seats = ['0', '1'].map((playerID) =>
    ours(game, { matchID, playerID, credentials: credentials[Number(playerID)] }),
  );
  const changes: number[] = [0, 0];
  seats.forEach((seat, i) => seat.subscribe(() => changes[i]++));
  expect(changes).toEqual([0, 0]); // nothing is said before start
  seats.forEach((seat) => seat.start());
  expect(seats.map((seat) => seat.getState())).toEqual([null, null]);
  await waitFor(
    () => seats.every((seat) => seat.getState()?.isConnected && seat.matchData?.every((player) => player.isConnected)),
    'sync',
  );
  expect(seats[0].matchData).toEqual([
    { id: 0, name: 'p0', isConnected: true },
    { id: 1, name: 'p1', isConnected: true },
  ]);
  expect(seats.map((seat) => seat.getState()!.isActive)).toEqual([true, false]);

  // X wins on the left column; O's moves go between.
  for (const [step, cell] of [0, 4, 3, 8, 6].entries()) {
    const mover = seats[step % 2];
    mover.moves.clickCell(cell);
    // At once, on the mover's client only: the move's G, not yet the turn's end (that is the server's).
    expect(mover.getState()).toMatchObject({ _stateID: step + 1, ctx: { turn: step + 1 } });
    expect(mover.getState()!.G.cells[cell]).toBe(String(step % 2));
    await waitFor(
      () => seats.every((seat) => seat.getState()!.ctx.turn === step + 2 || seat.getState()!.ctx.gameover),
      `move ${step}`,
    );
    expect(seen(seats[1])).toEqual(seen(seats[0]));
    expect(seen(seats[0])).toEqual(await stored(matchID));
  }
  expect(seats[0].getState()!.ctx.gameover).toEqual({ winner: '0' });
  expect(seats[1].getState()!.G.cells).toEqual(['0', null, null, '0', '1', null, '0', null, '1']);
  // Each move, and the turn's end that maxMoves makes (logged as an automatic endTurn).
  const logged = seats[0].getState()!.log.map(({ action }) => action.payload.type);
  expect(logged).toEqual([
    'clickCell',
    'endTurn',
    'clickCell',
    'endTurn',
    'clickCell',
    'endTurn',
    'clickCell',
    'endTurn',
    'clickCell',
  ]);
  expect(seats[1].getState()!.log).toEqual(seats[0].getState()!.log);
  expect(changes.every((count) => count > 5)).toBe(true);
});

test('a move out of turn changes nothing anywhere; chat reaches every seat, each message once, with its sender', async () => {
  const game = ticTacToe(turnchart as any);
  const seats = ['0', '1'].map((playerID) => ours(game, { matchID: 'refusals', playerID }));
  seats.forEach((seat) => seat.start());
  await waitFor(() => seats.every((seat) => seat.getState()), 'sync');
  const before = seen(seats[1]);
  seats[1].moves.clickCell(4); // player 0's turn
  expect(seen(seats[1])).toEqual(before);
  seats[0].moves.clickCell(0);
  await waitFor(() => seats.every((seat) => seat.getState()!.ctx.currentPlayer === '1'), 'the move');
  expect(seats[1].getState()!.G.cells).toEqual(['0', null, null, null, null, null, null, null, null]);
  expect(await stored('refusals')).toEqual(seen(seats[0]));

  seats[0].sendChatMessage({ text: 'good luck' });
  seats[1].sendChatMessage('thanks');
  await waitFor(() => seats.every((seat) => seat.chatMessages.length === 2), 'the chat');
  for (const seat of seats) {
    expect(
      seat.chatMessages
        .map(({ sender, payload }) => ({ sender, payload }))
        .sort((a, b) => a.sender!.localeCompare(b.sender!)),
    ).toEqual([
      { sender: '0', payload: { text: 'good luck' } },
      { sender: '1', payload: 'thanks' },
    ]);
    expect(seat.chatMessages.every(({ id }) => typeof id === 'string' && id.length === 7)).toBe(true);
  }
});

test("a move only the server can refuse is taken back: the client syncs the server's state", async () => {
  const game = vault(turnchart.INVALID_MOVE);
  const client = ours(game, { matchID: 'vault', playerID: '0' });
  client.start();
  await waitFor(() => client.getState(), 'sync');
  expect(client.getState()!.G).toEqual({ opened: false, guesses: 0 });
  client.moves.open(3);
  // The client cannot see the code: its guess opens the vault, until the server says no.
  expect(client.getState()!.G).toEqual({ opened: true, guesses: 1 });
  await waitFor(() => client.getState()!.G.opened === false, 'the sync after the refusal');
  expect(client.getState()!._stateID).toBe(0);
  client.moves.open(7);
  // The server's update brings the move's log entry (a guess has none).
  await waitFor(() => client.getState()!.log.length === 1, 'the accepted move');
  expect(await stored('vault')).toMatchObject({ G: { code: 7, opened: true, guesses: 1 }, _stateID: 1 });
});

test("boardgame.io's own Client and turnchart's play one match together and see the same", async () => {
  const bgioSeat = theirs(ticTacToe(bgioCore), { matchID: 'mixed', playerID: '0' });
  const ourSeat = ours(ticTacToe(turnchart as any), { matchID: 'mixed', playerID: '1' });
  const ourSpectator = ours(ticTacToe(turnchart as any), { matchID: 'mixed', playerID: null });
  ourSeat.start();
  ourSpectator.start();
  const all = [bgioSeat, ourSeat, ourSpectator];
  await waitFor(
    () => all.every((client) => client.getState() && client.matchData?.every((seat: any) => seat.isConnected)),
    'sync',
  );
  // What each client says of its player, by boardgame.io's rules (a spectator is never active).
  expect(all.map((client) => [client.getState().isActive, client.getState().isConnected])).toEqual([
    [true, true],
    [false, true],
    [false, true],
  ]);
  for (const [step, cell] of [4, 0, 2, 6, 3, 5, 1, 7, 8].entries()) {
    (step % 2 === 0 ? bgioSeat : ourSeat).moves.clickCell(cell);
    await waitFor(
      () =>
        all.every(
          (client) =>
            client.getState()._stateID === step + 1 &&
            (client.getState().ctx.turn === step + 2 || client.getState().ctx.gameover),
        ),
      `move ${step}`,
    );
    for (const client of [ourSeat, ourSpectator]) expect(seen(client)).toEqual(seen(bgioSeat));
  }
  expect(bgioSeat.getState().ctx.gameover).toEqual({ draw: true });
  expect(ourSeat.getState()!.log).toEqual(bgioSeat.log);
  expect(ourSeat.matchData).toEqual(bgioSeat.matchData);
  bgioSeat.sendChatMessage('gg');
  await waitFor(() => ourSpectator.chatMessages.length === 1 && ourSeat.chatMessages.length === 1, 'the chat');
  expect(ourSeat.chatMessages[0]).toMatchObject({ sender: '0', payload: 'gg' });
});

test('a deltaState game: the other seat applies the patches; the mover, whose guess they do not follow, syncs', async () => {
  const game = { ...ticTacToe(turnchart as any), name: 'patched', deltaState: true };
  const seats = ['0', '1'].map((playerID) => ours(game, { matchID: 'patches', playerID }));
  const heard: string[][] = [[], []];
  seats.forEach((seat, i) => seat.onAction((action) => heard[i].push(action.type)));
  seats.forEach((seat) => seat.start());
  await waitFor(() => seats.every((seat) => seat.getState()), 'sync');
  for (const [step, cell] of [4, 0, 8].entries()) {
    seats[step % 2].moves.clickCell(cell);
    await waitFor(() => seats.every((seat) => seat.getState()!.ctx.turn === step + 2), `move ${step}`);
    expect(seen(seats[0])).toEqual(seen(seats[1]));
    expect(seen(seats[0])).toEqual(await stored('patches'));
  }
  expect(seats[1].getState()!.G.cells).toEqual(['1', null, null, null, '0', null, null, null, '0']);
  expect(seats[0].getState()!.log).toEqual(seats[1].getState()!.log);
  // Each move: the mover's guess, then a sync (the patch follows the state before the guess); the other seat's patch.
  expect(heard[0]).toEqual(['SYNC', 'MAKE_MOVE', 'SYNC', 'PATCH', 'MAKE_MOVE', 'SYNC']);
  expect(heard[1]).toEqual(['SYNC', 'PATCH', 'MAKE_MOVE', 'SYNC', 'PATCH']);
});
