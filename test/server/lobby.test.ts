/**
 * boardgame.io's LobbyClient, unchanged, against turnchart's server and
 * against boardgame.io 0.50.2's own Server (its lobby on `apiPort`, bgio-quirks:
 * its main port answers 404): the same calls give the same answers and the
 * same errors, up to match IDs, credentials and timestamps.
 */
import { createServer } from 'node:http';
import * as turnchart from 'turnchart';
import { ticTacToe } from '../boardgameio/games/tic-tac-toe';
import {
  bgioClient,
  bgioCore,
  removeDir,
  silenceConsole,
  startBoardgameioServer,
  startServer,
  type Running,
} from './support';

silenceConsole();

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

let ours: Running;
let theirs: Awaited<ReturnType<typeof startBoardgameioServer>>;

beforeAll(async () => {
  ours = await startServer({ games: [ticTacToe(turnchart as any)] });
  theirs = await startBoardgameioServer([ticTacToe(bgioCore)], { apiPort: await freePort() });
});

afterAll(async () => {
  await ours.stop();
  removeDir(ours.dir);
  theirs.stop();
});

/** An answer with what legitimately differs replaced by its kind. */
function normalized(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (key, v) => {
    if (['matchID', 'nextMatchID', 'playerCredentials'].includes(key)) return typeof v;
    if (['createdAt', 'updatedAt'].includes(key)) return typeof v;
    return v;
  });
}

async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return { ok: normalized(await call()) };
  } catch (error: any) {
    return { error: error.message };
  }
}

async function script(url: string): Promise<unknown[]> {
  const lobby = new bgioClient.LobbyClient({ server: url });
  const out: unknown[] = [];
  const step = async (call: () => Promise<unknown>) => out.push(await outcome(call));
  await step(() => lobby.listGames());
  const { matchID } = await lobby.createMatch('tic-tac-toe', { numPlayers: 2, setupData: { board: 'classic' } });
  const { matchID: hidden } = await lobby.createMatch('tic-tac-toe', { numPlayers: 2, unlisted: true });
  await step(() => lobby.createMatch('tic-tac-toe', { numPlayers: 2 }));
  await step(() => lobby.createMatch('nope', { numPlayers: 2 }));
  await step(() => lobby.getMatch('tic-tac-toe', matchID));
  await step(async () => (await lobby.listMatches('tic-tac-toe')).matches.some((m: any) => m.matchID === hidden));
  await step(async () =>
    (await lobby.listMatches('tic-tac-toe', { isGameover: false })).matches.some((m: any) => m.matchID === matchID),
  );
  await step(async () =>
    (await lobby.listMatches('tic-tac-toe', { isGameover: true })).matches.some((m: any) => m.matchID === matchID),
  );
  const one = await lobby.joinMatch('tic-tac-toe', matchID, {
    playerID: '1',
    playerName: 'Bo',
    data: { color: 'red' },
  });
  out.push(normalized(one));
  await step(() => lobby.joinMatch('tic-tac-toe', matchID, { playerID: '1', playerName: 'Cy' }));
  await step(() => lobby.joinMatch('tic-tac-toe', matchID, { playerID: '7', playerName: 'Cy' }));
  const zero = await lobby.joinMatch('tic-tac-toe', matchID, { playerName: 'Al' });
  out.push(normalized(zero));
  await step(() => lobby.joinMatch('tic-tac-toe', matchID, { playerName: 'Dee' }));
  await step(() => lobby.joinMatch('tic-tac-toe', 'no-such-match', { playerName: 'Dee' }));
  await step(() =>
    lobby.updatePlayer('tic-tac-toe', matchID, {
      playerID: '0',
      credentials: zero.playerCredentials,
      newName: 'Alma',
      data: { color: 'blue' },
    }),
  );
  await step(() =>
    lobby.updatePlayer('tic-tac-toe', matchID, { playerID: '0', credentials: one.playerCredentials, newName: 'Eve' }),
  );
  await step(() => lobby.getMatch('tic-tac-toe', matchID));
  const again = await outcome(() =>
    lobby.playAgain('tic-tac-toe', matchID, { playerID: '0', credentials: zero.playerCredentials }),
  );
  out.push(again);
  const first = await lobby.playAgain('tic-tac-toe', matchID, { playerID: '1', credentials: one.playerCredentials });
  const second = await lobby.playAgain('tic-tac-toe', matchID, { playerID: '0', credentials: zero.playerCredentials });
  out.push(first.nextMatchID === second.nextMatchID);
  await step(() => lobby.getMatch('tic-tac-toe', first.nextMatchID));
  await step(() => lobby.playAgain('tic-tac-toe', matchID, { playerID: '0', credentials: 'wrong' }));
  await step(() => lobby.leaveMatch('tic-tac-toe', matchID, { playerID: '1', credentials: zero.playerCredentials }));
  await step(() => lobby.leaveMatch('tic-tac-toe', matchID, { playerID: '1', credentials: one.playerCredentials }));
  await step(() => lobby.getMatch('tic-tac-toe', matchID));
  await step(() => lobby.leaveMatch('tic-tac-toe', matchID, { playerID: '0', credentials: zero.playerCredentials }));
  await step(() => lobby.getMatch('tic-tac-toe', matchID));
  return out;
}

test("LobbyClient gets boardgame.io's answers from turnchart's server", async () => {
  const expected = await script(theirs.url);
  const actual = await script(ours.url);
  expect(actual).toEqual(expected);
  // The script reached the error paths it means to compare.
  expect(JSON.stringify(expected)).toContain('409');
  expect(JSON.stringify(expected)).toContain('404');
  expect(JSON.stringify(expected)).toContain('403');
});
