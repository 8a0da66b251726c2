/**
 * boardgame.io's `random` and `events` are plain objects of functions: game
 * code may destructure them (`const { D6 } = random`). The engine's must work
 * the same way, and roll the same dice as boardgame.io.
 */
import { createRequire } from 'node:module';
import { createGame, type Game } from 'turnchart';

const bgio = createRequire(__filename)('boardgame.io/internal');

const game: Game = {
  setup: ({ random }) => {
    const { D6, Shuffle } = random;
    return { rolls: [D6()], deck: Shuffle([1, 2, 3, 4, 5]) };
  },
  moves: {
    roll: ({ G, random, events }) => {
      const { D6, D20, Die, Number: uniform } = random;
      const { setActivePlayers } = events;
      G.rolls.push(D6(), D20(), Die(3), ...D6(2));
      G.uniform = uniform() < 1;
      setActivePlayers({ others: 'wait', maxMoves: 1 });
    },
    finish: ({ events }) => {
      const { endTurn } = events;
      endTurn();
    },
  },
  turn: {
    stages: {
      wait: {
        moves: {
          ok: ({ events }) => {
            const { endStage } = events;
            endStage();
          },
        },
      },
    },
  },
};

test('destructured random and events functions work as on boardgame.io', () => {
  const match = createGame(game, { numPlayers: 2, seed: 'destructure' });
  expect(match.move('roll', [], '0')).toEqual({ ok: true });
  expect(match.getState().ctx.activePlayers).toEqual({ 1: 'wait' });
  expect(match.move('ok', [], '1')).toEqual({ ok: true });
  expect(match.getState().ctx.activePlayers).toBeNull();
  expect(match.move('finish', [], '0')).toEqual({ ok: true });
  expect(match.getState().ctx.currentPlayer).toBe('1');

  const g = { ...game, seed: 'destructure' };
  const reducer = bgio.CreateGameReducer({ game: g });
  let state = bgio.InitializeGame({ game: g, numPlayers: 2 });
  state = reducer(state, { type: 'MAKE_MOVE', payload: { type: 'roll', args: [], playerID: '0' } });
  state = reducer(state, { type: 'MAKE_MOVE', payload: { type: 'ok', args: [], playerID: '1' } });
  state = reducer(state, { type: 'MAKE_MOVE', payload: { type: 'finish', args: [], playerID: '0' } });
  expect(match.getState().G).toEqual(state.G);
  expect(match.getState().G.rolls).toHaveLength(6);
});

test('random and events kept past their action and called between actions change nothing, as on boardgame.io', () => {
  let kept: { random: any; events: any } | undefined;
  const keeper: Game = {
    moves: {
      keep: ({ random, events }) => void (kept = { random, events }),
      roll: ({ G, random }) => void (G.roll = random.D20()),
    },
  };
  const strayCalls = () => {
    kept!.random.D20();
    kept!.random.Shuffle([1, 2, 3]);
    kept!.events.endTurn();
    kept!.events.endGame({ winner: '0' });
  };

  const match = createGame(keeper, { numPlayers: 2, seed: 'kept' });
  expect(match.move('keep', [], '0')).toEqual({ ok: true });
  const before = match.getState();
  strayCalls();
  expect(match.getState()).toEqual(before);
  expect(match.move('roll', [], '0')).toEqual({ ok: true });

  const g = { ...keeper, seed: 'kept' };
  const reducer = bgio.CreateGameReducer({ game: g });
  let state = bgio.InitializeGame({ game: g, numPlayers: 2 });
  state = reducer(state, { type: 'MAKE_MOVE', payload: { type: 'keep', args: [], playerID: '0' } });
  strayCalls();
  state = reducer(state, { type: 'MAKE_MOVE', payload: { type: 'roll', args: [], playerID: '0' } });
  expect(state.ctx.gameover).toBeUndefined();
  expect(match.getState().ctx.gameover).toBeUndefined();
  expect(match.getState().ctx.turn).toBe(state.ctx.turn);
  expect(match.getState().G).toEqual(state.G);
});
