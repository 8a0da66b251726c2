/**
 * The client API around the moves, each behaviour run on boardgame.io's own
 * client and on turnchart's and compared: updatePlayerID, reset, subscribe,
 * the lines printed for refused actions; then what only turnchart's client
 * has (its chart actor) or refuses (multiplayer). Undo and redo are in
 * client-undo.test.ts.
 */
import { Client, GameConfigError } from 'turnchart/boardgameio';
import { counter, counterGame } from './games/counter';
import { discardDuel } from './games/discard-duel';
import { ticTacToe } from './games/tic-tac-toe';
import type { BoardgameLib } from './games/lib';
import { captureConsole, ENGINES, expectSame, makeClient, playBoth, turnchartLib, view, type Act } from './support';

test('updatePlayerID switches who acts, what isActive says and what the player view shows, and tells subscribers', () => {
  const script: Act[] = [
    { as: '1', move: 'clickCell', args: [0] },
    { as: '0', move: 'clickCell', args: [0] },
    { as: null, move: 'clickCell', args: [4] },
    { as: '1', move: 'clickCell', args: [8] },
  ];
  const traces = playBoth(ticTacToe, script, { playerID: '1' });
  expectSame(traces, script);
  expect(traces.turnchart.states.map((s) => s.isActive)).toEqual([false, false, false, true, false]);

  for (const engine of ENGINES) {
    const client = makeClient(engine, counterGame(), { playerID: '0' });
    const seen: unknown[] = [];
    client.subscribe((state: any) => seen.push(state.G.mine));
    client.moves.add(3);
    client.updatePlayerID('1');
    expect({ engine, seen, playerID: client.playerID }).toEqual({ engine, seen: [0, 3, 0], playerID: '1' });
  }
});

test('reset goes back to the initial state and empties the log', () => {
  const script: Act[] = [
    { move: 'clickCell', args: [0] },
    { move: 'clickCell', args: [1] },
    { reset: true },
    { move: 'clickCell', args: [2] },
  ];
  const traces = playBoth(ticTacToe, script);
  expectSame(traces, script);
  expect(traces.turnchart.states[3]).toEqual({ ...traces.turnchart.states[0], log: [] });
  expect(traces.turnchart.states[4].log).toHaveLength(2);
});

test('subscribers get the state after every action, and refused actions twice: with transients.error, then without', () => {
  const calls: Record<string, unknown[]> = {};
  for (const engine of ENGINES) {
    const client = makeClient(engine, ticTacToe);
    const seen: unknown[] = [];
    const unsubscribe = client.subscribe((state: any) =>
      seen.push([state._stateID, state.transients?.error?.type ?? null]),
    );
    captureConsole(() => {
      client.moves.clickCell(0);
      client.moves.clickCell(0);
      client.undo();
      client.events.endTurn();
    });
    unsubscribe();
    client.moves.clickCell(5);
    calls[engine] = seen;
  }
  expect(calls.turnchart).toEqual(calls.bgio);
  expect(calls.turnchart).toEqual([
    [0, null],
    [1, null],
    [1, 'action/invalid_move'],
    [1, null],
    [1, 'action/action_invalid'],
    [1, null],
    [2, null],
  ]);
});

test('a function subscribed twice is told twice, and one that unsubscribes another during a notification does not stop it then', () => {
  const calls: Record<string, unknown[]> = {};
  for (const engine of ENGINES) {
    const client = makeClient(engine, counterGame(), { playerID: '0' });
    const seen: unknown[] = [];
    const twice = (state: any) => seen.push(['twice', state._stateID]);
    const offTwice = client.subscribe(twice);
    client.subscribe(twice);
    let offLate: () => void = () => undefined;
    client.subscribe((state: any) => {
      seen.push(['first', state._stateID]);
      if (state._stateID === 1) offLate();
    });
    offLate = client.subscribe((state: any) => seen.push(['late', state._stateID]));
    client.moves.add(1);
    offTwice();
    offTwice();
    client.moves.add(1);
    calls[engine] = seen;
  }
  expect(calls.turnchart).toEqual(calls.bgio);
  expect(calls.turnchart.filter(([, id]: any) => id === 2)).toEqual([
    ['twice', 2],
    ['first', 2],
  ]);
});

test('the log is a new array after each action (a refused one too) and the same one until then; earlier logs do not change', () => {
  const client = makeClient('turnchart', counterGame());
  const first = client.getState().log;
  expect(client.getState().log).toBe(first);
  client.moves.add(1);
  const second = client.getState().log;
  expect([first.length, second.length, second === first]).toEqual([0, 1, false]);
  client.updatePlayerID('1');
  captureConsole(() => client.moves.add(1));
  const afterRefusal = client.getState().log;
  expect([afterRefusal === second, afterRefusal]).toEqual([false, second]);
  client.updatePlayerID('0');
  client.moves.add(2);
  client.events.endTurn();
  expect(second).toHaveLength(1);
  expect(client.getState().log.map((entry: any) => entry.action.payload.type)).toEqual(['add', 'add', 'endTurn']);
});

test("client.log is the log getState() shows, as boardgame.io's client has it", () => {
  const logs: Record<string, unknown> = {};
  for (const engine of ENGINES) {
    const client = makeClient(engine, counterGame(), { playerID: '0' });
    expect(client.log).toEqual([]);
    client.moves.add(1);
    client.events.endTurn();
    expect(client.log).toBe(client.getState().log);
    logs[engine] = client.log.map((entry: any) => [entry.action.type, entry.action.payload.type, entry._stateID]);
  }
  expect(logs.turnchart).toEqual(logs.bgio);
  expect(logs.turnchart).toEqual([
    ['MAKE_MOVE', 'add', 0],
    ['GAME_EVENT', 'endTurn', 1],
  ]);
});

test('refused actions leave the state untouched and print what boardgame.io prints', () => {
  const script: Act[] = [
    { as: '1', move: 'clickCell', args: [0] },
    { as: '1', event: 'endTurn' },
    { as: '0', move: 'clickCell', args: [0] },
    { as: '1', move: 'clickCell', args: [0] },
    ...[1, 3, 2, 4].map((id): Act => ({ as: String(1 - (id % 2)), move: 'clickCell', args: [id] })),
  ];
  const traces = playBoth(ticTacToe, script);
  expectSame(traces, script);
  const { states, output } = traces.turnchart;
  expect(output.slice(0, 4)).toEqual([
    ['error ERROR: disallowed move: clickCell'],
    ['error ERROR: disallowed event: endTurn'],
    [],
    ['error ERROR: invalid move: clickCell args: 0'],
  ]);
  const kept = (state: any) => [state.G, state.ctx, state._stateID, state._undo];
  expect(kept(states[1])).toEqual(kept(states[0]));
  expect(kept(states[2])).toEqual(kept(states[0]));
  expect(states[1].deltalog).toEqual([]);
  expect(states[4]._stateID).toBe(states[3]._stateID);
});

test('moves cover every phase and stage move; events are the enabled ones, in boardgame.io order', () => {
  const gameWithoutEndGame = (lib: BoardgameLib) => ({ ...discardDuel(lib), events: { endGame: false, pass: false } });
  const [bgio, ours] = ENGINES.map((engine) => makeClient(engine, gameWithoutEndGame));
  expect(Object.keys(ours.moves).sort()).toEqual(Object.keys(bgio.moves).sort());
  expect(Object.keys(ours.events)).toEqual(Object.keys(bgio.events));
  expect(Object.keys(ours.events)).not.toContain('endGame');
  expect([ours.matchID, ours.playerID, ours.numPlayers]).toEqual([bgio.matchID, bgio.playerID, 2]);
});

test('after updatePlayerID, moves kept from before act for the player they were made for on boardgame.io, for the current one here', () => {
  const marks = () => ({
    seed: 'marks',
    setup: () => ({ by: [] as string[] }),
    turn: { activePlayers: { all: null } },
    moves: { mark: ({ G, playerID }: any) => void G.by.push(playerID) },
  });
  const [bgio, ours] = ENGINES.map((engine) => makeClient(engine, marks, { playerID: '0' }));
  const kept = [bgio, ours].map((client) => {
    const moves = client.moves;
    client.updatePlayerID('1');
    moves.mark();
    client.moves.mark();
    return moves;
  });
  expect(bgio.getState().G.by).toEqual(['0', '1']);
  expect(ours.getState().G.by).toEqual(['1', '1']);
  expect([bgio.moves === kept[0], ours.moves === kept[1]]).toEqual([false, true]);
});

describe('the chart actor behind the client', () => {
  test('accepted actions reach it by replay: game code runs once per action, the actor is kept', () => {
    let runs = 0;
    const game = counter(turnchartLib, { everyone: true });
    const counted = {
      ...game,
      moves: { ...game.moves, add: (context: any, n: number) => (runs++, game.moves.add(context, n)) },
    };
    const client = Client({ game: counted, numPlayers: 2 });
    const actor = client.chart();
    client.moves.add(1);
    client.updatePlayerID('1');
    client.moves.add(2);
    expect(runs).toBe(2);
    expect(client.chart()).toBe(actor);
    expect(actor.getSnapshot().context.G).toEqual({ total: 3, byPlayer: { 0: 1, 1: 2 } });
    client.undo();
    expect(client.chart()).not.toBe(actor);
    expect(client.chart().getSnapshot().context.G).toEqual({ total: 1, byPlayer: { 0: 1 } });
  });

  test('an inspector sees the named transitions of accepted actions', () => {
    const types: string[] = [];
    const client = Client({
      game: discardDuel(turnchartLib),
      numPlayers: 2,
      inspect: (event: any) => event.type === '@xstate.microstep' && types.push(event.event.type),
    });
    client.moves.drawCard();
    client.moves.drawCard();
    // The second draw reaches maxMoves: the turn ends automatically, entered again with player 1 seated.
    expect(types.slice(types.lastIndexOf('move.drawCard'))).toEqual(['move.drawCard', 'endTurn']);
    expect(client.chart().getSnapshot().value).toEqual({
      phases: { draw: { turn: { player0: 'idle', player1: 'active' } } },
    });
  });

  test('stop stops the actor; the client keeps working, as boardgame.io local clients do, and start brings the chart back', () => {
    const client = Client({ game: ticTacToe(turnchartLib), numPlayers: 2 });
    client.start();
    client.stop();
    client.moves.clickCell(4);
    expect(client.getState()!.G.cells[4]).toBe('0');
    client.start();
    expect(client.chart().getSnapshot().context.G.cells[4]).toBe('0');
    expect(client.chart().getSnapshot().status).toBe('active');
  });
});

test('a multiplayer option that is not a transport factory is refused with a clear error; so is a redux enhancer', () => {
  expect(() => Client({ game: ticTacToe(turnchartLib), multiplayer: { server: 'localhost:8000' } as any })).toThrow(
    /multiplayer.*transport factory.*SocketIO/,
  );
  expect(() => Client({ game: ticTacToe(turnchartLib), enhancer: (x: unknown) => x })).toThrow(/enhancer/);
});

test('getState shows the player view and hides the PRNG state from players, as boardgame.io does', () => {
  for (const engine of ENGINES) {
    const client = makeClient(engine, counterGame(), { playerID: '1' });
    client.updatePlayerID('0');
    client.moves.add(2);
    const state = view(client.getState());
    expect({ engine, mine: state.G.mine, random: state.random }).toEqual({ engine, mine: 2, random: undefined });
    expect(client.getState().plugins.random).toEqual({ data: undefined });
  }
});

describe('intended differences of the client', () => {
  test('a move that throws: boardgame.io lets the exception out of the call; turnchart refuses the move, prints why, and changes nothing', () => {
    const throwing = (lib: BoardgameLib) => ({
      ...counter(lib),
      moves: {
        ...counter(lib).moves,
        crash: () => {
          throw new Error('boom');
        },
      },
    });
    const bgio = makeClient('bgio', throwing);
    expect(() => captureConsole(() => bgio.moves.crash())).toThrow('boom');
    const ours = makeClient('turnchart', throwing);
    const before = ours.getState();
    const lines = captureConsole(() => ours.moves.crash());
    expect(lines).toEqual(['error ERROR: crash: moves.crash threw: boom']);
    expect([ours.getState().G, ours.getState().ctx, ours.getState()._stateID]).toEqual([
      before.G,
      before.ctx,
      before._stateID,
    ]);
  });

  test('config mistakes are GameConfigErrors at construction (one play may never reach, with strict: true); custom plugins are refused', () => {
    expect(() => Client({ game: { phases: { A: { start: true }, B: { start: true } } } })).toThrow(GameConfigError);
    expect(() => Client({ game: { phases: { A: { next: 'missing' } } }, strict: true })).toThrow(GameConfigError);
    expect(() => Client({ game: { moves: { m: () => undefined }, plugins: [{ name: 'player' }] } })).toThrow(
      /plugins.*not supported/,
    );
  });
});
