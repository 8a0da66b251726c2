/**
 * `numPlayers` as a decimal string (`Client({ numPlayers: "3" })`, as
 * published games build nested clients): boardgame.io 0.50.2 keeps it in
 * ctx as given, and game code that reads it sees a string. Both clients play
 * the same script and are compared after every step (with turnchart's chart
 * actor checked against its state).
 */
import { Client } from 'turnchart/boardgameio';
import { expectSame, playBoth, type Act } from './support';

// A game that reads ctx.numPlayers the way published ones do: as an array length, in arithmetic, as a count.
const seatReader = () => ({
  seed: 'seats',
  setup: ({ ctx }: any) => ({
    given: ctx.numPlayers,
    slots: new Array(ctx.numPlayers).length,
    left: 12 - ctx.numPlayers,
    last: `${ctx.numPlayers - 1}`,
    moved: [] as string[],
  }),
  turn: { activePlayers: { others: 'answer', minMoves: 1, maxMoves: 1 }, stages: { answer: { moves: {} } } },
  moves: {
    answer: ({ G, playerID, ctx }: any) => {
      G.moved.push(playerID);
      G.full = G.moved.length >= ctx.numPlayers - 1;
    },
  },
});
const answering = () => {
  const game = seatReader();
  game.turn.stages.answer.moves = { answer: game.moves.answer };
  return game;
};

test('a string numPlayers stays a string in ctx, and the game plays as on boardgame.io 0.50.2', () => {
  const script: Act[] = [
    { as: '1', move: 'answer' },
    { as: '2', move: 'answer' },
    { as: '0', event: 'endTurn' },
    { as: '0', move: 'answer' },
  ];
  const traces = playBoth(answering, script, { numPlayers: '3' });
  expectSame(traces, script);
  const [start] = traces.turnchart.states;
  expect(start.ctx.numPlayers).toBe('3');
  expect(start.G).toEqual({ given: '3', slots: 1, left: 9, last: '2', moved: [] });
  expect(start.ctx.playOrder).toEqual(['0', '1', '2']);
  expect(traces.turnchart.states.at(-1).ctx.currentPlayer).toBe('1');
});

test('the client counts the seats with the number; a number stays a number', () => {
  const client = Client({ game: seatReader(), numPlayers: '3' as unknown as number });
  expect(client.numPlayers).toBe(3);
  const numeric = Client({ game: seatReader(), numPlayers: 3 });
  expect(numeric.getState()!.ctx.numPlayers).toBe(3);
});
