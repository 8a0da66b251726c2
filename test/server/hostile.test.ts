/**
 * What clients send cannot hurt a match or the server: malformed and
 * hostile socket messages and lobby requests get an error reply and change
 * nothing, a seat acts only with its own credentials and only for itself,
 * two actions racing on one state are serialized by its stateID, and the
 * server keeps serving afterwards.
 */
import * as turnchart from 'turnchart';
import { ticTacToe } from '../boardgameio/games/tic-tac-toe';
import { rawClients, refusal, synced, move } from './raw-socket';
import { bgioClient, ioClient, removeDir, silenceConsole, startServer, waitFor, type Running } from './support';

silenceConsole();

const race = {
  name: 'race',
  setup: () => ({ n: 0, by: [] as string[] }),
  turn: { activePlayers: turnchart.ActivePlayers.ALL },
  moves: {
    bump: ({ G, playerID }: any) => {
      G.n++;
      G.by.push(playerID);
    },
  },
};

let running: Running;
beforeAll(async () => {
  running = await startServer({ games: [ticTacToe(turnchart as any), race] });
});
afterAll(async () => {
  await running.stop();
  removeDir(running.dir);
});
const { socketTo, joined } = rawClients(() => running.url);

test('malformed socket messages get an error reply and change nothing', async () => {
  const { matchID, credentials } = await joined('tic-tac-toe');
  const socket = await socketTo('tic-tac-toe');
  const before = await synced(socket, matchID, '0', credentials[0]);
  const deep: any[] = [];
  let cursor = deep;
  for (let i = 0; i < 100; i++) cursor.push((cursor = []));
  const hostile: [string, unknown[]][] = [
    ['update', []],
    ['update', [null, 0, matchID, '0']],
    ['update', ['MAKE_MOVE', 0, matchID, '0']],
    ['update', [{ type: 'MAKE_MOVE' }, 0, matchID, '0']],
    ['update', [move('clickCell', [0], '0', credentials[0]), 'zero', matchID, '0']],
    ['update', [move('clickCell', [0], '0', credentials[0]), 0, { $gt: '' }, '0']],
    ['update', [move('clickCell', [0], '0', credentials[0]), 0, 'x'.repeat(10_000), '0']],
    ['update', [{ type: 'RESET', payload: { type: 'x' }, state: { G: {} } }, 0, matchID, '0']],
    ['update', [move('clickCell', deep, '0', credentials[0]), 0, matchID, '0']],
    ['update', [move('clickCell', [Buffer.from('binary')], '0', credentials[0]), 0, matchID, '0']],
    [
      'update',
      [
        {
          type: 'MAKE_MOVE',
          payload: JSON.parse('{"type":"clickCell","args":[{"__proto__":{"polluted":true}}],"playerID":"0"}'),
        },
        0,
        matchID,
        '0',
      ],
    ],
    ['update', [move('toString', [], '0', credentials[0]), 0, matchID, '0']],
    ['update', [move('__proto__', [], '0', credentials[0]), 0, matchID, '0']],
    ['sync', [42]],
    ['sync', [matchID, { id: 0 }]],
    ['sync', ['fresh-match', null, undefined, 1e9]],
    ['chat', [matchID, 'hello', credentials[0]]],
  ];
  for (const [event, args] of hostile) {
    const reply = await refusal(socket, event, ...args);
    expect(reply.request).toBe(event);
    expect(typeof reply.error).toBe('string');
  }
  socket.emit('no-such-event', { a: 1 });
  expect(({} as any).polluted).toBeUndefined();
  expect(await synced(socket, matchID, '0', credentials[0])).toEqual(before);
  // The server still plays: a proper move goes through.
  socket.emit('update', move('clickCell', [4], '0', credentials[0]), 0, matchID, '0');
  const after = await new Promise<any>((resolve) => socket.once('update', (_id: string, state: any) => resolve(state)));
  expect(after.G.cells[4]).toBe('0');
  socket.close();
});

test('a seat acts only with its own credentials, and only for itself', async () => {
  const { matchID, credentials } = await joined('tic-tac-toe');
  const socket = await socketTo('tic-tac-toe');
  const before = await synced(socket, matchID, null);
  expect((await refusal(socket, 'update', move('clickCell', [0], '0', 'guess'), 0, matchID, '0')).error).toBe(
    'unauthorized action',
  );
  expect((await refusal(socket, 'update', move('clickCell', [0], '0'), 0, matchID, '0')).error).toBe(
    'unauthorized action',
  );
  expect((await refusal(socket, 'update', move('clickCell', [0], '0', credentials[1]), 0, matchID, '0')).error).toBe(
    'unauthorized action',
  );
  // Authenticated as seat 1, acting as seat 0 (boardgame.io's master runs the payload's playerID).
  expect((await refusal(socket, 'update', move('clickCell', [0], '0', credentials[1]), 0, matchID, '1')).error).toBe(
    'unauthorized action',
  );
  expect((await refusal(socket, 'update', move('clickCell', [0], '1', credentials[1]), 0, matchID, '1')).error).toBe(
    'player not active',
  );
  expect((await refusal(socket, 'update', move('clickCell', [0], null as any), 0, matchID, null)).error).toBe(
    'unauthorized action',
  );
  expect((await refusal(socket, 'sync', matchID, '1', 'guess')).error).toBe('unauthorized');
  const stranger = await socketTo('tic-tac-toe');
  expect(
    (await refusal(stranger, 'chat', matchID, { id: 'c', sender: '0', payload: 'hi' }, credentials[0])).error,
  ).toBe('not synced');
  stranger.close();
  expect(await synced(socket, matchID, null)).toEqual(before);
  expect((await refusal(socket, 'chat', matchID, { id: 'c', sender: '0', payload: 'hi' }, 'guess')).error).toBe(
    'unauthorized',
  );
  socket.close();
});

test('two actions racing on one state: the first wins, the second is stale', async () => {
  const { matchID, credentials } = await joined('race');
  const [zero, one] = await Promise.all([socketTo('race'), socketTo('race')]);
  await synced(zero, matchID, '0', credentials[0]);
  await synced(one, matchID, '1', credentials[1]);
  const errors: string[] = [];
  for (const socket of [zero, one]) socket.on('turnchart.error', (reply: any) => errors.push(reply.error));
  const updates: any[] = [];
  zero.on('update', (_id: string, state: any) => updates.push(state));
  zero.emit('update', move('bump', [], '0', credentials[0]), 0, matchID, '0');
  one.emit('update', move('bump', [], '1', credentials[1]), 0, matchID, '1');
  await waitFor(() => updates.length === 1 && errors.length === 1, 'one update and one refusal');
  expect(errors).toEqual(['invalid stateID']);
  expect(updates[0].G.n).toBe(1);
  expect(updates[0]._stateID).toBe(1);
  zero.close();
  one.close();
});

test('hostile lobby requests get an error status and change nothing', async () => {
  const { matchID, credentials } = await joined('tic-tac-toe');
  const post = (path: string, body: string, type = 'application/json') =>
    fetch(`${running.url}${path}`, { method: 'POST', headers: { 'content-type': type }, body });
  const status = async (response: Promise<Response>) => (await response).status;
  expect(await status(post('/games/tic-tac-toe/create', '{not json'))).toBe(400);
  expect(await status(post('/games/tic-tac-toe/create', '[1,2]'))).toBe(400);
  expect(await status(post('/games/tic-tac-toe/create', '{"numPlayers":"many"}'))).toBe(400);
  expect(await status(post('/games/tic-tac-toe/create', '{"numPlayers":100000}'))).toBe(400);
  expect(await status(post('/games/nope/create', '{}'))).toBe(404);
  expect(await status(post('/games/tic-tac-toe/create', JSON.stringify({ setupData: 'x'.repeat(200_000) })))).toBe(413);
  expect(await status(post(`/games/tic-tac-toe/${matchID}/join`, '{"playerID":"__proto__","playerName":"evil"}'))).toBe(
    404,
  );
  expect(
    await status(
      post(
        `/games/tic-tac-toe/${matchID}/join`,
        'playerID=constructor&playerName=evil',
        'application/x-www-form-urlencoded',
      ),
    ),
  ).toBe(404);
  expect(await status(post(`/games/tic-tac-toe/${matchID}/join`, '{"playerName":"late"}'))).toBe(409);
  expect(await status(post(`/games/tic-tac-toe/${matchID}/join`, '{"playerName":{"a":1}}'))).toBe(403);
  expect(
    await status(
      post(`/games/tic-tac-toe/${matchID}/leave`, JSON.stringify({ playerID: '0', credentials: credentials[1] })),
    ),
  ).toBe(403);
  expect(
    await status(
      post(
        `/games/tic-tac-toe/${matchID}/update`,
        JSON.stringify({ playerID: '0', credentials: 'x', newName: 'evil' }),
      ),
    ),
  ).toBe(403);
  expect(await status(post(`/games/tic-tac-toe/${matchID}/playAgain`, JSON.stringify({ playerID: '1' })))).toBe(403);
  expect(
    await status(
      post(
        `/games/tic-tac-toe/${matchID}/update`,
        JSON.stringify({ playerID: '0', credentials: credentials[0], newName: 7 }),
      ),
    ),
  ).toBe(403);
  expect(await status(fetch(`${running.url}/games/tic-tac-toe/${matchID}/join`))).toBe(405);
  expect(await status(fetch(`${running.url}/games/tic-tac-toe/%E0%A4%A`))).toBe(400);
  expect(await status(fetch(`${running.url}/nothing-here`))).toBe(404);
  expect(await status(fetch(`${running.url}/games`, { method: 'DELETE' }))).toBe(405);
  expect(({} as any).name).toBeUndefined();

  const lobby = new bgioClient.LobbyClient({ server: running.url });
  const match = await lobby.getMatch('tic-tac-toe', matchID);
  expect(match.players.map((seat: any) => seat.name)).toEqual(['a', 'b']);
  // The real owner may still rename and leave.
  await lobby.updatePlayer('tic-tac-toe', matchID, { playerID: '0', credentials: credentials[0], newName: 'A' });
  expect((await lobby.getMatch('tic-tac-toe', matchID)).players[0].name).toBe('A');
});

test('a flood of messages on one match is refused beyond a bound, and the match goes on', async () => {
  const { matchID, credentials } = await joined('race');
  const socket = await socketTo('race');
  await synced(socket, matchID, '0', credentials[0]);
  const replies: string[] = [];
  socket.on('turnchart.error', (reply: any) => replies.push(reply.error));
  let updates = 0;
  socket.on('update', () => updates++);
  for (let i = 0; i < 2000; i++) socket.emit('update', move('bump', [], '0', credentials[0]), 0, matchID, '0');
  await waitFor(() => replies.length + updates >= 2000, 'every message answered');
  expect(replies).toContain('busy');
  expect(replies).toContain('invalid stateID');
  const state = await synced(socket, matchID, '0', credentials[0]);
  expect(state.G.n).toBe(1);
  expect(updates).toBe(1);
  socket.close();
});

test('with matchesOnSync: false, only the lobby creates matches', async () => {
  const strict = await startServer({ games: [race], matchesOnSync: false });
  try {
    const socket = ioClient.io(`${strict.url}/race`, { transports: ['websocket'], reconnection: false });
    const reply = await refusal(socket, 'sync', 'made-up', '0', undefined, 2);
    expect(reply.error).toBe('game not found');
    socket.close();
  } finally {
    await strict.stop();
    removeDir(strict.dir);
  }
});

test('a client asking for an acknowledgement gets the outcome through it', async () => {
  const { matchID, credentials } = await joined('race');
  const socket = await socketTo('race');
  await synced(socket, matchID, '0', credentials[0]);
  const ack = (...args: unknown[]) => new Promise<any>((resolve) => socket.emit(...args, resolve));
  expect(await ack('update', move('bump', [], '0', credentials[0]), 0, matchID, '0')).toEqual({ ok: true });
  expect(await ack('update', move('bump', [], '0', credentials[0]), 0, matchID, '0')).toMatchObject({
    ok: false,
    error: 'invalid stateID',
  });
  expect(await ack('update', 'nonsense')).toMatchObject({ ok: false, error: 'malformed message' });
  socket.close();
});

test('API_SECRET guards the lobby, as in boardgame.io', async () => {
  process.env.API_SECRET = 'sesame';
  try {
    expect((await fetch(`${running.url}/games`)).status).toBe(403);
    expect((await fetch(`${running.url}/games`, { headers: { 'api-secret': 'sesame' } })).status).toBe(200);
  } finally {
    delete process.env.API_SECRET;
  }
});

test('pages from origins that are not allowed cannot connect', async () => {
  await expect(socketTo('tic-tac-toe', { origin: 'https://evil.example' })).rejects.toThrow();
  const response = await fetch(`${running.url}/games`, { headers: { origin: 'https://evil.example' } });
  expect(response.headers.get('access-control-allow-origin')).toBeNull();
});
