/**
 * `Local({ bots })`: bot classes play their seats on the local master, as in
 * boardgame.io 0.50.2. A human seat and a seeded bot seat (the bot takes
 * the game's `seed`) play the same tic-tac-toe game on both engines.
 */
import { createRequire } from 'node:module';
import * as turnchart from 'turnchart/boardgameio';
import { ticTacToe } from '../games/tic-tac-toe';
import { turnchartLib, type Engine } from '../support';
import { botLibOf, botTicTacToe, outcome } from './bot-games';

const require_ = createRequire(__filename);
const bgioClient = require_('boardgame.io/client');
const bgioMultiplayer = require_('boardgame.io/multiplayer');

// boardgame.io's master prints each refused action; a human clicking before its sync is one.
beforeAll(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterAll(() => jest.restoreAllMocks());

/**
 * Resolves with the client's state once `ready(state)` holds, told by the client's own
 * subscription (bots pause before each move; however long that takes on a loaded machine).
 */
function until(client: any, ready: (state: any) => boolean): Promise<any> {
  return new Promise((resolve) => {
    let done = false;
    const unsubscribe = client.subscribe((state: any) => {
      if (done || !state || !ready(state)) return;
      done = true;
      resolve(state);
      // Called back during subscribe() itself when it already holds: unsubscribe once subscribe() returned.
      queueMicrotask(() => unsubscribe!());
    });
  });
}

/** The human's preference: the centre, the corners, then the edges. */
const PREFERENCE = [4, 0, 8, 2, 6, 1, 3, 5, 7];

/** Seat 0 is human (first free cell by preference), seat 1 a bot; the end state once the game is over. */
async function humanAgainstBot(engine: Engine, botClass: 'RandomBot' | 'MCTSBot', matchID: string) {
  const game = botTicTacToe(engine);
  const Client = engine === 'bgio' ? bgioClient.Client : turnchart.Client;
  const Local = engine === 'bgio' ? bgioMultiplayer.Local : turnchart.Local;
  const multiplayer = Local({ bots: { '1': botLibOf(engine)[botClass] } });
  const human = Client({ game, multiplayer, playerID: '0', matchID, numPlayers: 2, debug: false });
  human.start();
  let clicks = 0;
  for (;;) {
    const state = await until(human, (s) => s.ctx.gameover !== undefined || s.ctx.currentPlayer === '0');
    if (state.ctx.gameover !== undefined) break;
    human.moves.clickCell(PREFERENCE.find((cell) => state.G.cells[cell] === null));
    clicks++;
    // The client's own copy changes G at once; the master's update ends the turn.
    await until(human, (s) => s.ctx.gameover !== undefined || s.ctx.turn > state.ctx.turn);
  }
  const end = outcome(human.getState());
  human.stop();
  return { clicks, ...end, botCells: end.G.cells.filter((cell: unknown) => cell === '1').length };
}

test.each(['RandomBot', 'MCTSBot'] as const)(
  "a %s seat answers a human seat's moves as boardgame.io's Local does",
  async (botClass) => {
    const [bgio, ours] = await Promise.all([
      humanAgainstBot('bgio', botClass, `human-${botClass}`),
      humanAgainstBot('turnchart', botClass, `human-${botClass}`),
    ]);
    expect(ours.ctx.gameover).toBeDefined();
    expect(ours.botCells).toBeGreaterThanOrEqual(2);
    expect(ours).toEqual(bgio);
  },
);

test('two bot seats play a whole match by themselves; a spectator sees it end', async () => {
  const game = botTicTacToe('turnchart');
  const multiplayer = turnchart.Local({ bots: { '0': turnchart.RandomBot, '1': turnchart.RandomBot } });
  const spectator = turnchart.Client({ game, multiplayer, matchID: 'bots-only', numPlayers: 2, debug: false });
  spectator.start();
  const end = await until(spectator, (state) => state.ctx.gameover !== undefined);
  expect(end.G.cells.filter((cell: unknown) => cell !== null).length).toBeGreaterThanOrEqual(5);
  expect(end.log.filter((entry: any) => entry.action.type === 'MAKE_MOVE').length).toBe(end.ctx.turn);
  spectator.stop();
});

describe('bad bots are refused when the client is made', () => {
  const make = (game: any, bots: any) =>
    turnchart.Client({ game, multiplayer: turnchart.Local({ bots }), playerID: '0', numPlayers: 2, debug: false });

  test('a game without ai.enumerate', () => {
    expect(() => make(ticTacToe(turnchartLib), { '1': turnchart.RandomBot })).toThrow(turnchart.BotError);
    expect(() => make(ticTacToe(turnchartLib), { '1': turnchart.RandomBot })).toThrow(/ai\.enumerate/);
  });

  test('a seat the match does not have, or a bot that is not a class', () => {
    expect(() => make(botTicTacToe('turnchart'), { '2': turnchart.RandomBot })).toThrow(/no seat 2/);
    expect(() => make(botTicTacToe('turnchart'), { '1': 'MCTSBot' })).toThrow(/bot class/);
  });
});

describe('the ai functions refuse bad input clearly', () => {
  test('a bot without enumerate', () => {
    expect(() => new turnchart.RandomBot({ enumerate: undefined as any })).toThrow(turnchart.BotError);
  });

  test('Simulate with no bot for the seat to play', async () => {
    const game = botTicTacToe('turnchart');
    const state = turnchart.InitializeGame({ game, numPlayers: 2 });
    const bots = { '1': new turnchart.RandomBot({ enumerate: game.ai.enumerate, seed: 's' }) };
    await expect(turnchart.Simulate({ game, bots, state })).rejects.toThrow(/no bot plays seat 0/);
  });

  test('an enumerate entry that is not an action', () => {
    const bot = new turnchart.RandomBot({ enumerate: () => [{ click: 3 } as any] });
    const game = botTicTacToe('turnchart');
    expect(() => bot.play(turnchart.InitializeGame({ game }), '0')).toThrow(/neither `move`/);
  });
});
