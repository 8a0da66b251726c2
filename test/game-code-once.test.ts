/**
 * createGame runs a game's code once per action: the outcome it computes to
 * report a rejection is the one the machine takes.
 */
import { createActor } from 'xstate';
import { createGame, createGameMachine, type Game } from 'turnchart';

test('a move, its hooks and the endIf triggers run once per accepted action', () => {
  const calls: string[] = [];
  const game: Game = {
    moves: {
      play: ({ G }) => {
        calls.push('move');
        G.n = (G.n ?? 0) + 1;
      },
    },
    turn: {
      onMove: () => void calls.push('onMove'),
      onEnd: () => void calls.push('turn.onEnd'),
      onBegin: () => void calls.push('turn.onBegin'),
    },
    endIf: () => {
      calls.push('endIf');
      return undefined;
    },
  };
  const match = createGame(game, { numPlayers: 2 });
  calls.length = 0;
  expect(match.move('play', [], '0')).toEqual({ ok: true });
  expect(calls).toEqual(['move', 'onMove', 'endIf']);
  calls.length = 0;
  expect(match.event('endTurn', undefined, '0')).toEqual({ ok: true });
  expect(calls).toEqual(['turn.onEnd', 'endIf', 'endIf', 'turn.onBegin', 'endIf']);
  expect(match.getState().G).toEqual({ n: 1 });
});

describe('a chart actor evaluates each request once', () => {
  const counted = () => {
    const calls: string[] = [];
    const game: Game = {
      moves: {
        play: ({ G, events }) => {
          calls.push('move');
          G.n = (G.n ?? 0) + 1;
          events.setActivePlayers({ others: 'wait', maxMoves: 1 });
        },
      },
      turn: { stages: { wait: { moves: { skip: () => void calls.push('skip') } } } },
    };
    return { calls, game };
  };

  test.each([
    ['the direct path', false],
    ['xstate, when inspected', true],
  ])('%s', (_name, inspected) => {
    const { calls, game } = counted();
    const actor = createActor(createGameMachine(game, { numPlayers: 3 }), {
      input: { seed: 'once' },
      ...(inspected ? { inspect: () => undefined } : {}),
    }).start();
    actor.send({ type: 'move.play', playerID: '0', args: [] });
    actor.send({ type: 'move.skip', playerID: '2', args: [] });
    expect(calls).toEqual(['move', 'skip']);
    expect(actor.getSnapshot().context.ctx.activePlayers).toEqual({ 1: 'wait' });
  });

  test('sending the same event object to two matches runs it for each', () => {
    const { calls, game } = counted();
    const machine = createGameMachine(game, { numPlayers: 2 });
    const event = { type: 'move.play', playerID: '0', args: [] };
    const a = createActor(machine, { input: { seed: 'a' } }).start();
    const b = createActor(machine, { input: { seed: 'b' } }).start();
    a.send(event);
    b.send(event);
    expect(calls).toEqual(['move', 'move']);
    expect(a.getSnapshot().context.G).toEqual({ n: 1 });
    expect(b.getSnapshot().context.G).toEqual({ n: 1 });
  });
});

describe('the endIf checks after an operation that changed nothing', () => {
  const counted = (turn: Game['turn'], endIfRolls = false) => {
    const calls: string[] = [];
    const game: Game = {
      moves: { play: () => void calls.push('move') },
      turn,
      endIf: ({ random }) => {
        calls.push('endIf');
        if (endIfRolls) random.Number();
        return undefined;
      },
      phases: { main: { start: true, endIf: () => void calls.push('phase.endIf') } },
    };
    return { calls, match: createGame(game, { numPlayers: 2 }) };
  };

  test('a turn ended by its move limit asks neither endIf again on the G and ctx they just answered', () => {
    const { calls, match } = counted({ maxMoves: 1 });
    calls.length = 0;
    expect(match.move('play', [], '0')).toEqual({ ok: true });
    // After the move; not after the turn's end, which changed neither G nor ctx; after the next player and turn.
    expect(calls).toEqual(['move', 'endIf', 'phase.endIf', 'endIf', 'phase.endIf', 'endIf', 'phase.endIf']);
    expect(match.getState().ctx.currentPlayer).toBe('1');
  });

  test('a hook run in between, or a number drawn by the checks, has them asked again', () => {
    const hooked = counted({ maxMoves: 1, onEnd: () => undefined });
    hooked.calls.length = 0;
    hooked.match.move('play', [], '0');
    expect(hooked.calls.filter((call) => call === 'endIf')).toHaveLength(4);
    const rolling = counted({ maxMoves: 1 }, true);
    rolling.calls.length = 0;
    rolling.match.move('play', [], '0');
    expect(rolling.calls.filter((call) => call === 'endIf')).toHaveLength(4);
  });
});
