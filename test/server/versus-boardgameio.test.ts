/**
 * The same match on boardgame.io 0.50.2's own Server and on turnchart's, as
 * boardgame.io's clients see it: four seats and a spectator play seeded
 * discard-duel (phases, a discard stage, dice, redacted moves, undo) with
 * the same actions on both servers, and after every action each client's
 * G, ctx, stateID, log and match data are the same on both.
 */
import * as turnchart from 'turnchart';
import { discardDuel } from '../boardgameio/games/discard-duel';
import {
  bgioCore,
  connectClient,
  removeDir,
  silenceConsole,
  startBoardgameioServer,
  startServer,
  waitFor,
  type Running,
} from './support';

silenceConsole();

let ours: Running;
let theirs: Awaited<ReturnType<typeof startBoardgameioServer>>;

beforeAll(async () => {
  ours = await startServer({ games: [discardDuel(turnchart as any)] });
  theirs = await startBoardgameioServer([discardDuel(bgioCore)]);
});

afterAll(async () => {
  await ours.stop();
  removeDir(ours.dir);
  theirs.stop();
});

const SEATS = 4;

function connectAll(url: string) {
  const seats = Array.from({ length: SEATS }, (_, seat) =>
    connectClient(discardDuel(bgioCore), url, { matchID: 'duel', playerID: String(seat), numPlayers: SEATS }),
  );
  const spectator = connectClient(discardDuel(bgioCore), url, { matchID: 'duel', playerID: null, numPlayers: SEATS });
  return { seats, all: [...seats, spectator] };
}

/** What a client shows (the log, which only grows, every tenth step and at the end). */
const seen = (client: any, withLog: boolean) => {
  const { G, ctx, _stateID } = client.getState();
  return { G, ctx, _stateID, matchData: client.matchData, ...(withLog ? { log: client.log } : {}) };
};

/** The next action of the script, for the state the clients share (every one is accepted), and its name. */
function next(seats: any[], step: number, previous: string | undefined): [string, () => void] | undefined {
  const { G, ctx } = seats[0].getState();
  if (ctx.gameover !== undefined) return undefined;
  if (ctx.activePlayers) return ['discard', () => seats[Number(Object.keys(ctx.activePlayers)[0])].moves.discard(0)];
  const current = seats[Number(ctx.currentPlayer)];
  if (ctx.phase === 'draw') return ['drawCard', () => current.moves.drawCard()];
  // A die roll, undone at once every other time (the current player's last move: undo is allowed).
  if (previous === 'rollDie' && step % 2 === 0) return ['undo', () => current.undo()];
  if (step % 5 === 3) return ['rollDie', () => current.moves.rollDie()];
  if (G.hands[ctx.currentPlayer].length > 0) return ['playCard', () => current.moves.playCard(0)];
  return ['endTurn', () => current.events.endTurn()];
}

test("boardgame.io's clients see the same match on both servers", async () => {
  const a = connectAll(theirs.url);
  const b = connectAll(ours.url);
  const clients = [...a.all, ...b.all];
  await waitFor(
    () => clients.every((client) => client.getState() && client.matchData?.every((seat: any) => seat.isConnected)),
    'sync',
  );
  let step = 0;
  let previous: string | undefined;
  const done = new Set<string>();
  for (; step < 300; step++) {
    const before = a.seats[0].getState()._stateID;
    const actA = next(a.seats, step, previous);
    const actB = next(b.seats, step, previous);
    expect(actB?.[0]).toBe(actA?.[0]);
    if (!actA || !actB) break;
    previous = actA[0];
    done.add(previous);
    actA[1]();
    actB[1]();
    await waitFor(
      () => clients.every((client) => client.getState()._stateID > before),
      `action ${step} to reach every client`,
    );
    for (let i = 0; i < a.all.length; i++)
      expect(seen(b.all[i], step % 10 === 0)).toEqual(seen(a.all[i], step % 10 === 0));
  }
  for (let i = 0; i < a.all.length; i++) expect(seen(b.all[i], true)).toEqual(seen(a.all[i], true));
  expect(a.seats[0].getState().ctx.gameover).toBeDefined();
  expect(step).toBeGreaterThan(30);
  expect([...done].sort()).toEqual(['discard', 'drawCard', 'endTurn', 'playCard', 'rollDie', 'undo']);
  for (const client of clients) client.stop();
});
