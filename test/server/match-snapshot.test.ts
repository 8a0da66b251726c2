/**
 * A match is stored as its game machine's persisted snapshot: the server
 * writes it without walking the machine, so this holds the two equal, as
 * JSON, on every state of full matches (the start, stages, phases, the end),
 * and checks that a stored state (whose newest undo entry refers to the
 * state instead of repeating it) restores through the machine to the same
 * boardgame.io state.
 */
import * as turnchart from 'turnchart';
import { CreateGameReducer, InitializeGame } from 'turnchart/boardgameio';
import { bindGame } from '../../src/adapters/boardgameio/taped-game';
import { machineSnapshotOf, stateOfStored, storedStateOf } from '../../src/adapters/boardgameio/master/match-snapshot';
import { discardDuel } from '../boardgameio/games/discard-duel';
import { ticTacToe } from '../boardgameio/games/tic-tac-toe';

const move = (type: string, args: unknown[], playerID: string) =>
  ({ type: 'MAKE_MOVE', payload: { type, args, playerID } }) as any;
const event = (type: string, playerID: string) =>
  ({ type: 'GAME_EVENT', payload: { type, args: [], playerID } }) as any;

function* duelStates() {
  const game = discardDuel(turnchart as any);
  const reducer = CreateGameReducer({ game });
  let state: any = InitializeGame({ game, numPlayers: 4 });
  yield { game, state };
  for (let i = 0; i < 400 && state.ctx.gameover === undefined; i++) {
    const { G, ctx } = state;
    const action = ctx.activePlayers
      ? move('discard', [0], Object.keys(ctx.activePlayers)[0])
      : ctx.phase === 'draw'
        ? move('drawCard', [], ctx.currentPlayer)
        : G.hands[ctx.currentPlayer].length > 0
          ? move('playCard', [0], ctx.currentPlayer)
          : event('endTurn', ctx.currentPlayer);
    state = reducer(state, action);
    yield { game, state };
  }
}

function* ticTacToeStates() {
  const game = ticTacToe(turnchart as any);
  const reducer = CreateGameReducer({ game });
  let state: any = InitializeGame({ game, numPlayers: 2 });
  yield { game, state };
  for (const [cell, player] of [
    [0, '0'],
    [3, '1'],
    [1, '0'],
    [4, '1'],
    [2, '0'],
  ] as const) {
    state = reducer(state, move('clickCell', [cell], player));
    yield { game, state };
  }
}

test('the stored snapshot is the machine persisted snapshot, and restores to the same state', () => {
  let states = 0;
  let over = 0;
  let shared = 0;
  for (const { game, state } of [...duelStates(), ...ticTacToeStates()]) {
    const bound = bindGame(game);
    const stored = storedStateOf(bound, state);
    expect(JSON.parse(JSON.stringify(stored.snapshot))).toEqual(
      JSON.parse(JSON.stringify(machineSnapshotOf(bound, state))),
    );
    const { deltalog: _deltalog, transients: _transients, ...plain } = state;
    expect(stateOfStored(bound, JSON.parse(JSON.stringify(stored)))).toEqual(JSON.parse(JSON.stringify(plain)));
    shared += stored.undo.filter((entry) => 'current' in entry).length;
    states++;
    if (state.ctx.gameover !== undefined) over++;
  }
  expect(states).toBeGreaterThan(50);
  expect(over).toBe(2);
  // The newest undo entry is the state itself, stored once.
  expect(shared).toBeGreaterThan(states / 2);
});
