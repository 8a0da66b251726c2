/**
 * The reducer-level API for server code: InitializeGame and CreateGameReducer
 * give boardgame.io's state for boardgame.io's actions. Checked against
 * boardgame.io's own (`boardgame.io/internal`) on a scripted sequence, both
 * as two independent runs and step by step from boardgame.io's stored state
 * (a server restarting on the same database).
 */
import { ActionCreators, ActionErrorType, CreateGameReducer, InitializeGame } from 'turnchart/boardgameio';
import { counter } from './games/counter';
import { discardDuel } from './games/discard-duel';
import { bgioInternal, bgioLib, captureConsole, turnchartLib, undoEntryView } from './support';

const { makeMove, gameEvent, undo, redo, reset, sync, update } = ActionCreators;

const plain = (value: unknown): any => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/**
 * What a server keeps: the state as JSON, each plugin's data only (boardgame.io
 * returns refused states with its plugins' API objects attached).
 */
function stored(state: any): any {
  if (state === null) return null;
  const plugins = Object.fromEntries(
    Object.entries(state.plugins).map(([name, plugin]: [string, any]) => [name, { data: plugin.data }]),
  );
  return plain({ ...state, plugins });
}

/** For comparison: the error type instead of its payload; without what boardgame.io mutates in place in earlier states (undoEntryView). */
function compared(state: any): any {
  if (state === null) return null;
  const { transients, plugins, _undo, _redo, ...rest } = stored(state);
  return plain({
    ...rest,
    random: plugins.random,
    _undo: _undo.map(undoEntryView),
    _redo: _redo.map(undoEntryView),
    error: transients?.error?.type,
  });
}

function engines(makeGame: (lib: any) => any, numPlayers: number, setupData?: unknown) {
  const bgioGame = makeGame(bgioLib);
  const ourGame = makeGame(turnchartLib);
  return {
    bgio: {
      init: bgioInternal.InitializeGame({ game: bgioGame, numPlayers, setupData }),
      reducer: bgioInternal.CreateGameReducer({ game: bgioGame }),
    },
    ours: {
      init: InitializeGame({ game: ourGame, numPlayers, setupData }),
      reducer: CreateGameReducer({ game: ourGame }),
    },
  };
}

/** A draw phase, the play phase with a discard stage, refusals, undo/redo, and the state actions. */
function duelScript(initial: () => any): any[] {
  return [
    makeMove('drawCard', [], '0'),
    makeMove('drawCard', undefined, '1'),
    undo('1'),
    undo('0'),
    redo('0'),
    makeMove('drawCard', [], '0'),
    gameEvent('endTurn', [], '1'),
    makeMove('drawCard', [], '1'),
    makeMove('drawCard', [], '1'),
    makeMove('playCard', [7], '0'),
    makeMove('playCard', [0], '0'),
    makeMove('discard', [0], '0'),
    gameEvent('endStage', [], '1'),
    makeMove('discard', [1], '1'),
    makeMove('rollDie', [], '0'),
    makeMove('playCard', [0], '0'),
    gameEvent('setPhase', ['draw'], '1'),
    gameEvent('setPhase', ['draw'], '0'),
    reset(initial()),
    makeMove('drawCard', [], '0'),
  ];
}

test("InitializeGame gives boardgame.io's initial state, with setupData", () => {
  const { bgio, ours } = engines((lib) => counter(lib), 3, { start: 5 });
  expect(compared(ours.init)).toEqual(compared(bgio.init));
  expect(ours.init.G.total).toBe(5);
  expect(ours.init.plugins.random.data).toEqual({ seed: 'counter' });
  const duel = engines((lib) => discardDuel(lib), 2);
  expect(compared(duel.ours.init)).toEqual(compared(duel.bgio.init));
  expect(duel.ours.init.plugins.random.data.prngstate).toBeDefined();
});

test('a start whose hooks call events logs them in the initial deltalog, as boardgame.io does', () => {
  const skipFirst = (lib: any) => ({
    ...counter(lib),
    turn: { onBegin: ({ ctx, events }: any) => ctx.turn === 1 && events.endTurn() },
  });
  const { bgio, ours } = engines(skipFirst, 2);
  expect(compared(ours.init)).toEqual(compared(bgio.init));
  expect(ours.init.deltalog).toEqual([
    expect.objectContaining({ _stateID: 0, turn: 1, action: expect.objectContaining({ type: 'GAME_EVENT' }) }),
  ]);
  expect(ours.init.ctx.currentPlayer).toBe('1');
});

test('CreateGameReducer: the same states, logs, undo stacks and errors as boardgame.io on a scripted match', () => {
  const { bgio, ours } = engines((lib) => discardDuel(lib), 2);
  const script = duelScript(() => ours.init);
  const bgioScript = duelScript(() => bgio.init);
  let [b, t]: any[] = [bgio.init, ours.init];
  const errors: string[] = [];
  const stages: unknown[] = [];
  script.forEach((action, i) => {
    const bgioLines = captureConsole(() => (b = bgio.reducer(b, bgioScript[i])));
    const ourLines = captureConsole(() => (t = ours.reducer(t, action)));
    expect({ step: i, action: action.type, state: compared(t), lines: ourLines }).toEqual({
      step: i,
      action: action.type,
      state: compared(b),
      lines: bgioLines,
    });
    if (t!.transients) errors.push(t!.transients.error!.type);
    stages.push(...Object.values(t!.ctx.activePlayers ?? {}));
  });
  expect(stages).toContain('discard');
  expect(errors).toEqual([
    ActionErrorType.InactivePlayer, // player 1 draws on player 0's turn
    ActionErrorType.ActionInvalid, // player 1 undoes player 0's move
    ActionErrorType.InvalidMove, // no card 7 in hand
    ActionErrorType.UnavailableMove, // discard is a move of the discard stage only
  ]);
  expect(t!.ctx.phase).toBe('draw');
  expect(t!._stateID).toBe(1);
});

test("step by step from boardgame.io's stored state: the reducer continues any boardgame.io match (random state included)", () => {
  const { bgio, ours } = engines((lib) => discardDuel(lib), 2);
  const script = duelScript(() => bgio.init);
  let b = bgio.init;
  for (const [i, action] of script.entries()) {
    const before = stored(b);
    let next: any;
    const bgioLines = captureConsole(() => (b = bgio.reducer(b, action)));
    const ourLines = captureConsole(() => (next = ours.reducer(before, plain(action))));
    expect({ step: i, state: compared(next), lines: ourLines }).toEqual({
      step: i,
      state: compared(b),
      lines: bgioLines,
    });
  }
});

test('SYNC and UPDATE replace the state; STRIP_TRANSIENTS drops the error; a null state stays null', () => {
  const { ours } = engines((lib) => counter(lib), 2);
  const moved = ours.reducer(ours.init, makeMove('add', [2], '0'))!;
  expect(ours.reducer(moved, sync({ state: ours.init }))).toBe(ours.init);
  expect(ours.reducer(ours.init, update(moved, moved.deltalog!))).toBe(moved);
  let withError: any;
  const refused = captureConsole(() => (withError = ours.reducer(moved, makeMove('add', [1], '1'))));
  expect(refused).toEqual(['error ERROR: disallowed move: add']);
  expect(withError.transients!.error!.type).toBe(ActionErrorType.InactivePlayer);
  expect(ours.reducer(withError, { type: 'STRIP_TRANSIENTS' })).toEqual({ ...moved, deltalog: [] });
  expect(ours.reducer(null, makeMove('add', [1], '0'))).toBeNull();
});

test("states keep boardgame.io's key order and a server's own fields in their place; each state's undo history is its own array", () => {
  const { ours } = engines((lib) => counter(lib), 2);
  const moved = ours.reducer(ours.init, makeMove('add', [1], '0'))!;
  expect(Object.keys(moved)).toEqual(['G', 'ctx', 'plugins', '_undo', '_redo', '_stateID', 'deltalog']);
  expect([ours.init._undo.length, moved._undo.length]).toEqual([1, 2]);
  const custom = { note: 'kept', ...moved };
  const again = ours.reducer(custom, makeMove('add', [1], '0'))!;
  expect(Object.keys(again)).toEqual(['note', 'G', 'ctx', 'plugins', '_undo', '_redo', '_stateID', 'deltalog']);
  expect([(again as any).note, again._undo.length, moved._undo.length]).toEqual(['kept', 3, 2]);
});

test('moves may destructure random and events, as boardgame.io allows', () => {
  const game = () => ({
    seed: 'destructure',
    setup: () => ({ rolled: 0 }),
    moves: {
      roll: ({ G, random, events }: any) => {
        const { D6 } = random;
        const { endTurn } = events;
        G.rolled = D6();
        endTurn();
      },
    },
  });
  const { bgio, ours } = engines(game, 2);
  const action = makeMove('roll', [], '0');
  expect(compared(ours.reducer(ours.init, action))).toEqual(compared(bgio.reducer(bgio.init, action)));
});

test("a multiplayer client's reducer (isClient) runs moves alone and leaves dice, events and client: false moves to the server, as boardgame.io's", () => {
  const game = (lib: any) => ({
    ...counter(lib),
    moves: {
      ...counter(lib).moves,
      roll: ({ G, random }: any) => void (G.total += random.D6()),
      addAndEnd: ({ G, events }: any) => {
        G.total += 1;
        events.endTurn();
      },
      serverOnly: { move: ({ G }: any) => void (G.total += 100), client: false },
      refuse: () => lib.INVALID_MOVE,
    },
    turn: { endIf: ({ G }: any) => G.total >= 2 },
  });
  const bgioGame = game(bgioLib);
  const ourGame = game(turnchartLib);
  const theirs = bgioInternal.CreateGameReducer({ game: bgioGame, isClient: true });
  const ours = CreateGameReducer({ game: ourGame, isClient: true });
  const start = InitializeGame({ game: ourGame, numPlayers: 2 });
  const actions = [
    makeMove('add', [1], '0'),
    makeMove('add', [1], '0'),
    makeMove('roll', [], '0'),
    makeMove('addAndEnd', [], '0'),
    makeMove('serverOnly', [], '0'),
    makeMove('refuse', [], '0'),
    makeMove('add', [1], '1'),
    makeMove('nothing', [], '0'),
    gameEvent('endTurn', [], '0'),
  ];
  const result: any[][] = [];
  captureConsole(() => {
    let a: any = start;
    let b: any = start;
    for (const action of actions) {
      a = theirs(a, action);
      b = ours(b, action);
      result.push([compared(b), compared(a)]);
    }
  });
  for (const [mine, reference] of result) expect(mine).toEqual(reference);
  // Two adds ran on the client only: the turn's endIf (total >= 2) is the server's.
  expect(result[1][0]).toMatchObject({ G: { total: 2 }, _stateID: 2, ctx: { turn: 1, currentPlayer: '0' } });
  expect(result.map(([mine]) => mine.error ?? null)).toEqual([
    null,
    null,
    null,
    null,
    null,
    ActionErrorType.InvalidMove,
    ActionErrorType.InactivePlayer,
    ActionErrorType.UnavailableMove,
    null,
  ]);
});

describe('intended differences at the reducer level', () => {
  test('a disabled event is refused (action_disabled); boardgame.io runs it when it reaches the reducer', () => {
    const game = (lib: any) => ({ ...counter(lib), events: { endGame: false } });
    const { bgio, ours } = engines(game, 2);
    const action = gameEvent('endGame', [{ winner: '0' }], '0');
    let ourState: any;
    const lines = captureConsole(() => (ourState = ours.reducer(ours.init, action)));
    expect(ourState.transients.error.type).toBe(ActionErrorType.ActionDisabled);
    expect(lines).toEqual(['error ERROR: the game disables the endGame event']);
    expect(bgio.reducer(bgio.init, action).ctx.gameover).toEqual({ winner: '0' });
  });

  test('a move without playerID acts as the current player (boardgame.io runs it with playerID undefined)', () => {
    const { bgio, ours } = engines((lib) => counter(lib), 2);
    const action = makeMove('add', [1]);
    expect(ours.reducer(ours.init, action)!.G.byPlayer).toEqual({ 0: 1 });
    expect(bgio.reducer(bgio.init, action).G.byPlayer).toEqual({ undefined: 1 });
  });
});
