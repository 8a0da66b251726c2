/**
 * `multiplayer: Local()`: every client of one game object shares an
 * in-process master. The same clicks with boardgame.io 0.50.2's Client and
 * Local and with turnchart's give the same states, logs and match data on
 * every client (a spectator's G aside: see below); a seat sees its player
 * view, a spectator the view of no player; chat reaches
 * every client; `updatePlayerID` moves a client to another seat.
 */
import { createRequire } from 'node:module';
import { Client, Local } from 'turnchart/boardgameio';
import { bgioLib, turnchartLib } from './support';

const require_ = createRequire(__filename);
const bgioClient = require_('boardgame.io/client');
const bgioMultiplayer = require_('boardgame.io/multiplayer');

// Both libraries print every refusal, on the client and on the master.
beforeAll(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterAll(() => jest.restoreAllMocks());

/** A counter whose playerView shows each seat only its own count. */
const game = (lib: any) => ({
  name: 'counters',
  setup: () => ({ counts: { '0': 0, '1': 0 } as Record<string, number> }),
  turn: { activePlayers: lib.ActivePlayers.ALL },
  moves: {
    add: ({ G, playerID }: any, n: number) => {
      if (!Number.isInteger(n)) return lib.INVALID_MOVE;
      G.counts[playerID] += n;
    },
    finish: ({ events }: any) => events.endGame({ done: true }),
  },
  playerView: ({ G, playerID }: any) => ({ counts: playerID === null ? G.counts : { [playerID]: G.counts[playerID] } }),
});

/** Resolves once every pending promise callback (the masters' work) has run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function clients(make: (opts: any) => any, multiplayer: any, gameObject: any) {
  const seats = ['0', '1', null].map((playerID) =>
    make({ game: gameObject, multiplayer, playerID, matchID: 'local', numPlayers: 2, debug: false }),
  );
  seats.forEach((client) => client.start());
  return seats;
}

const seen = (client: any) => {
  const { G, ctx, _stateID, isActive, isConnected } = client.getState();
  return {
    G,
    ctx,
    _stateID,
    isActive,
    isConnected,
    log: client.getState().log,
    matchData: client.matchData,
  };
};

test("the same clicks on boardgame.io's Local and turnchart's give every client the same", async () => {
  const theirs = clients(bgioClient.Client, bgioMultiplayer.Local(), game(bgioLib));
  const ours = clients(Client, Local(), game(turnchartLib));
  await settle();
  const script: [number, string, unknown[]][] = [
    [0, 'add', [2]],
    [1, 'add', [5]],
    [1, 'add', ['x']],
    [0, 'add', [3]],
    [1, 'finish', []],
    [0, 'add', [1]],
  ];
  for (const [seat, move, args] of script) {
    theirs[seat].moves[move](...args);
    ours[seat].moves[move](...args);
    // Before the master answers: the mover's own guess, on both.
    expect(ours[seat].getState().G).toEqual(theirs[seat].getState().G);
    await settle();
    for (let i = 0; i < 2; i++) expect(seen(ours[i])).toEqual(seen(theirs[i]));
    // boardgame.io's Local keys its clients by playerID as an object key: a spectator gets the view of a player "null".
    const { G: _G, ...spectator } = seen(ours[2]);
    const { G: _theirs, ...reference } = seen(theirs[2]);
    expect(spectator).toEqual(reference);
  }
  expect(ours[0].getState().ctx.gameover).toEqual({ done: true });
  expect(ours[0].getState().G).toEqual({ counts: { '0': 5 } });
  expect(ours[2].getState().G).toEqual({ counts: { '0': 5, '1': 5 } });
});

test('chat reaches every client of the match; updatePlayerID moves a client to another seat', async () => {
  const gameObject = game(turnchartLib);
  const [zero, one] = ['0', '1'].map((playerID) =>
    Client({ game: gameObject, multiplayer: Local(), playerID, matchID: 'chat', numPlayers: 2 }),
  );
  expect(zero.getState()).toBeNull();
  zero.start();
  one.start();
  await settle();
  zero.sendChatMessage('hello');
  await settle();
  expect(one.chatMessages).toMatchObject([{ sender: '0', payload: 'hello' }]);
  expect(zero.chatMessages).toEqual(one.chatMessages);
  one.moves.add(4);
  await settle();
  expect(zero.getState()!.G).toEqual({ counts: { '0': 0 } });
  zero.updatePlayerID('1');
  await settle();
  expect(zero.getState()!.G).toEqual({ counts: { '1': 4 } });
  expect(() => Local({ persist: true })).toThrow(/persist/);
});
