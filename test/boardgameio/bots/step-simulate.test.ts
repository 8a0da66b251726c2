/**
 * boardgame.io/ai's `Step` and `Simulate` on turnchart: with the same seed a
 * bot makes the same choices on both engines (both draw from Alea), so whole
 * tic-tac-toe games played by `RandomBot` and `MCTSBot` must match
 * boardgame.io 0.50.2's move for move.
 */
import { createRequire } from 'node:module';
import * as turnchart from 'turnchart/boardgameio';
import TinyCiv from '../../../examples/large-flow/game';
import { ENGINES, type Engine } from '../support';
import { botLibOf, botTicTacToe, outcome } from './bot-games';

const require_ = createRequire(__filename);
const bgioClient = require_('boardgame.io/client');

const ClientOf = (engine: Engine) => (engine === 'bgio' ? bgioClient.Client : turnchart.Client);
const initialState = (engine: Engine, game: any, numPlayers = 2) =>
  engine === 'bgio'
    ? require_('boardgame.io/internal').InitializeGame({ game, numPlayers })
    : turnchart.InitializeGame({ game, numPlayers });

type MakeBot = (lib: any, game: any, seed: string) => any;
const randomBot: MakeBot = (lib, game, seed) => new lib.RandomBot({ enumerate: game.ai.enumerate, seed });
const mctsBot: MakeBot = (lib, game, seed) =>
  new lib.MCTSBot({ game, enumerate: game.ai.enumerate, seed, iterations: 60, playoutDepth: 9 });

/** One bot plays both seats through `Step` until the game ends; the actions it dispatched and the end state. */
async function stepGame(engine: Engine, makeBot: MakeBot, seed: string) {
  const game = botTicTacToe(engine);
  const client = ClientOf(engine)({ game, numPlayers: 2 });
  client.start();
  const bot = makeBot(botLibOf(engine), game, seed);
  const played: unknown[] = [];
  for (let i = 0; i < 9 && client.getState().ctx.gameover === undefined; i++) {
    const action = await botLibOf(engine).Step(client, bot);
    played.push([action.payload.type, action.payload.args, action.payload.playerID]);
  }
  return { played, ...outcome(client.getState()) };
}

describe.each([
  ['RandomBot', randomBot],
  ['MCTSBot', mctsBot],
])('%s', (_name, makeBot) => {
  test.each(['a', 'b', 'c'])('plays a whole game through Step as boardgame.io does (seed %s)', async (seed) => {
    const [bgio, ours] = await Promise.all(ENGINES.map((engine) => stepGame(engine, makeBot, seed)));
    expect(ours.ctx.gameover).toBeDefined();
    expect(ours.played.length).toBeGreaterThanOrEqual(5);
    expect(ours).toEqual(bgio);
  });

  test('Simulate reaches the same end state as boardgame.io', async () => {
    const ends = await Promise.all(
      ENGINES.map(async (engine) => {
        const game = botTicTacToe(engine);
        const lib = botLibOf(engine);
        const bots = { '0': makeBot(lib, game, 'zero'), '1': makeBot(lib, game, 'one') };
        const { state } = await lib.Simulate({ game, bots, state: initialState(engine, game) });
        return outcome(state);
      }),
    );
    expect(ends[1].ctx.gameover).toBeDefined();
    expect(ends[1]).toEqual(ends[0]);
  });
});

test('Simulate stops after `depth` actions, as boardgame.io does', async () => {
  const ends = await Promise.all(
    ENGINES.map(async (engine) => {
      const game = botTicTacToe(engine);
      const lib = botLibOf(engine);
      const bot = randomBot(lib, game, 'depth');
      return outcome((await lib.Simulate({ game, bots: bot, state: initialState(engine, game), depth: 3 })).state);
    }),
  );
  expect(ends[1].G.cells.filter((cell: unknown) => cell !== null)).toHaveLength(3);
  expect(ends[1]).toEqual(ends[0]);
});

test("MCTSBot's metadata is its search tree, as boardgame.io's", async () => {
  const trees = await Promise.all(
    ENGINES.map(async (engine) => {
      const game = botTicTacToe(engine);
      const bot = mctsBot(botLibOf(engine), game, 'tree');
      const { metadata } = await bot.play(initialState(engine, game), '0');
      return {
        visits: metadata.visits,
        children: metadata.children.map((child: any) => [child.parentAction.payload.args, child.visits, child.value]),
      };
    }),
  );
  expect(trees[1].visits).toBe(60);
  expect(trees[1]).toEqual(trees[0]);
});

test('an unseeded RandomBot plays legal moves to the end', async () => {
  const game = botTicTacToe('turnchart');
  const client = turnchart.Client({ game, numPlayers: 2 });
  const bot = new turnchart.RandomBot({ enumerate: game.ai.enumerate });
  for (let i = 0; i < 9 && client.getState()!.ctx.gameover === undefined; i++) await turnchart.Step(client, bot);
  expect(client.getState()!.ctx.gameover).toBeDefined();
  // Every Step was accepted: one logged move per filled cell.
  const moves = client.getState()!.log.filter((entry) => entry.action.type === 'MAKE_MOVE');
  expect(moves).toHaveLength(client.getState()!.G.cells.filter((cell: unknown) => cell !== null).length);
});

test("Simulate on a game with phases, stages and candidates the game refuses stops where boardgame.io's does", async () => {
  // Tiny Civ's ai.enumerate lists moves its rules refuse; both engines print each refusal.
  const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const ends = await Promise.all(
    ENGINES.map(async (engine) => {
      const game = { ...TinyCiv, seed: 'civ' } as any;
      const bot = new (botLibOf(engine).RandomBot)({ enumerate: game.ai.enumerate, seed: 'civ-bot' });
      const state = initialState(engine, game, 4);
      const { state: end } = await botLibOf(engine).Simulate({ game, bots: bot, state, depth: 400 });
      return { ...outcome(end), stateID: end._stateID };
    }),
  );
  quiet.mockRestore();
  expect(ends[1].stateID).toBeGreaterThanOrEqual(10);
  expect(ends[1]).toEqual(ends[0]);
});
