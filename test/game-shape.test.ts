/**
 * The shape of a game (src/machines/engine/game-shape.ts): games of one
 * shape build the same chart and pass the same config checks (a game object
 * of a known shape skips them), each still runs its own code, a game whose
 * chart differs has another shape, and the shape covers everything the chart
 * reads of a game (its functions only by presence).
 */
import fc from 'fast-check';
import { runInNewContext } from 'node:vm';
import { createGame, createGameMachine, INVALID_MOVE, TurnOrder, type Game } from 'turnchart';
import { Client } from 'turnchart/boardgameio';
import { gameShape, knownShapeCount, sameShape } from '../src/machines/engine/game-shape';
import { EXAMPLES } from '../examples/charts';
import { buildGame } from './support/build-random-game';
import { gameDescArb, withExtensions } from './support/random-game';

type Counter = { n: number };

/** A game made per match, as a server might: its move, hook and endIf close over `step`. */
function counterGame(step: number, endAt: number): Game<Counter> {
  return {
    setup: () => ({ n: 0 }),
    moves: { add: ({ G }) => (step < 0 ? INVALID_MOVE : void (G.n += step)) },
    turn: { onBegin: ({ G }) => void (G.n += 1000 * step) },
    endIf: ({ G }) => (G.n % 1000 >= endAt ? { winner: '0' } : undefined),
  };
}

/** A copy of a game with every function replaced by another one (the round-robin `next` kept), and a Map that gives it no shape: built on its own. */
function otherFunctions(value: unknown, key = ''): unknown {
  if (typeof value === 'function') return key === 'next' && value === TurnOrder.DEFAULT.next ? value : () => undefined;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => otherFunctions(v));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, otherFunctions(v, k)]));
}

/** Whether two values have one shape (each tried against the other's). */
function alike(a: object, b: object): boolean {
  const [shapeA, shapeB] = [gameShape(a), gameShape(b)];
  expect(shapeA).toBeDefined();
  expect(shapeB).toBeDefined();
  const forward = sameShape(shapeA!, b);
  expect(sameShape(shapeB!, a)).toBe(forward);
  return forward;
}

function builtAlone(game: Game, numPlayers: number) {
  const alone = { ...(otherFunctions(game) as Game), unkeyed: new Map() } as Game;
  expect(gameShape(alone)).toBeUndefined();
  return createGameMachine(alone, { numPlayers });
}

const definition = (machine: { definition: unknown }) => JSON.stringify(machine.definition);

test('games of one shape have one chart, each running its own moves, hooks and endIf', () => {
  const a = createGame(counterGame(1, 2), { numPlayers: 2 });
  const b = createGame(counterGame(5, 100), { numPlayers: 2 });
  expect(b.machine).not.toBe(a.machine);
  expect(definition(b.machine)).toBe(definition(a.machine));
  expect(a.getState().G.n).toBe(1000);
  expect(b.getState().G.n).toBe(5000);
  expect(a.move('add', [], '0')).toEqual({ ok: true });
  expect(b.move('add', [], '0')).toEqual({ ok: true });
  expect(a.getState().G.n).toBe(1001);
  expect(b.getState().G.n).toBe(5005);
  expect(a.event('endTurn', undefined, '0')).toEqual({ ok: true });
  expect(a.move('add', [], '1')).toEqual({ ok: true });
  // a's endIf (n % 1000 >= 2) ends its game; b's does not.
  expect(a.getState().ctx.gameover).toEqual({ winner: '0' });
  expect(a.getStateValue()).toBe('gameover');
  expect(b.getState().ctx.gameover).toBeUndefined();
});

test('a match persisted from one game object restores into another of its shape, which runs its own code', () => {
  const a = createGame(counterGame(1, 100), { numPlayers: 2 });
  a.move('add', [], '0');
  const restored = createGame(counterGame(3, 100), { numPlayers: 2, snapshot: a.getPersistedSnapshot() });
  expect(definition(restored.machine)).toBe(definition(a.machine));
  expect(restored.actor.getSnapshot().machine).toBe(restored.machine);
  expect(restored.getState()).toEqual(a.getState());
  expect(restored.move('add', [], '0')).toEqual({ ok: true });
  expect(restored.getState().G.n).toBe(1004);
});

test("xstate's own selection (snapshot.can) uses each game's moves", () => {
  const refusing = createGame(counterGame(-1, 100), { numPlayers: 2 });
  const accepting = createGame(counterGame(1, 100), { numPlayers: 2 });
  const add = { type: 'move.add', playerID: '0', args: [] };
  expect(refusing.actor.getSnapshot().can(add)).toBe(false);
  expect(accepting.actor.getSnapshot().can(add)).toBe(true);
  expect(refusing.move('add', [], '0')).toMatchObject({ ok: false, error: { code: 'INVALID_MOVE' } });
});

test('a game whose chart differs has another shape', () => {
  const base = counterGame(1, 100);
  const custom = {
    first: TurnOrder.DEFAULT.first,
    next: ({ ctx }: { ctx: { playOrderPos: number } }) => ctx.playOrderPos,
  };
  const variants: Game<Counter>[] = [
    { ...base, turn: { ...base.turn, maxMoves: 1 } },
    { ...base, turn: { ...base.turn, order: TurnOrder.ONCE } },
    // The same keys as the round-robin preset, but a `next` that may run out: endTurn can end the phase.
    { ...base, turn: { ...base.turn, order: custom } },
    { ...base, turn: { ...base.turn, stages: { wait: {} } } },
    { ...base, endIf: undefined },
    { ...base, moves: { add: base.moves!.add, other: base.moves!.add } },
  ];
  const chart = definition(createGameMachine(base, { numPlayers: 2 }));
  for (const variant of variants) {
    const machine = createGameMachine(variant, { numPlayers: 2 });
    expect(alike(variant, base)).toBe(false);
    expect(definition(machine)).not.toBe(chart);
    expect(definition(machine)).toBe(definition(builtAlone(variant, 2)));
  }
  // Another seat count is another chart.
  expect(definition(createGameMachine({ ...base }, { numPlayers: 3 }))).not.toBe(chart);
  expect(definition(createGameMachine({ ...base }, { numPlayers: 2 }))).toBe(chart);
});

test('an example game, rebuilt with other functions and no shape, has the same chart', () => {
  for (const { game, numPlayers } of EXAMPLES) {
    const shared = createGameMachine({ ...game }, { numPlayers });
    expect(definition(builtAlone(game, numPlayers))).toBe(definition(shared));
  }
});

test('random games: the chart depends on functions only through the shape', () => {
  fc.assert(
    fc.property(fc.oneof(gameDescArb(), withExtensions(gameDescArb())), (desc) => {
      const game = buildGame(desc, { TurnOrder, INVALID_MOVE }, 'templates');
      const shared = createGameMachine(buildGame(desc, { TurnOrder, INVALID_MOVE }, 'templates'), {
        numPlayers: desc.numPlayers,
      });
      expect(alike(game, buildGame(desc, { TurnOrder, INVALID_MOVE }, 'templates'))).toBe(true);
      expect(definition(builtAlone(game, desc.numPlayers))).toBe(definition(shared));
    }),
    { numRuns: 60, seed: 20261201 },
  );
});

test('boardgame.io Clients of fresh, identical game objects run their own moves', () => {
  const make = (step: number) => ({
    setup: () => ({ n: 0 }),
    moves: { add: ({ G }: { G: Counter }) => void (G.n += step) },
  });
  const one = Client({ game: make(1), numPlayers: 2 });
  const two = Client({ game: make(7), numPlayers: 2 });
  one.start();
  two.start();
  one.moves.add();
  two.moves.add();
  expect(one.getState()!.G.n).toBe(1);
  expect(two.getState()!.G.n).toBe(7);
  one.stop();
  two.stop();
});

test('the shape: plain data and functions only, every value kept apart', () => {
  const cyclic: Record<string, unknown> = { moves: {} };
  cyclic.self = cyclic;
  expect(gameShape(cyclic)).toBeUndefined();
  expect(gameShape({ moves: {}, data: new Date(0) })).toBeUndefined();
  expect(gameShape({ moves: {}, id: Symbol('x') })).toBeUndefined();
  // The game reads inherited keys, which the shape would not see.
  expect(gameShape(Object.create({ moves: {} }))).toBeUndefined();
  expect(gameShape(new (class Config {})())).toBeUndefined();
  const throwing = Object.defineProperty({ moves: {} }, 'board', {
    enumerable: true,
    get() {
      throw new Error('not now');
    },
  });
  expect(gameShape(throwing)).toBeUndefined();
  expect(sameShape(gameShape({ moves: {}, board: 1 })!, throwing)).toBe(false);
  // A cycle never matches a shape, however deep the walk goes.
  const deep = { moves: {}, self: { self: { self: {} } } };
  expect(sameShape(gameShape(deep)!, cyclic)).toBe(false);
  // A plain object of another realm is plain.
  expect(alike(runInNewContext('({ moves: { a: () => 1 }, list: [1] })'), { moves: { a: () => 2 }, list: [1] })).toBe(
    true,
  );
  const values = [
    { a: null },
    { a: NaN },
    { a: Infinity },
    { a: 0 },
    { a: -0 },
    { a: '0' },
    { a: undefined },
    {},
    { a: [] },
    { a: {} },
    { a: () => 1 },
    { a: TurnOrder.DEFAULT.next },
    { a: true },
    { a: [undefined] },
    { a: { marker: 'function' } },
  ];
  for (const [i, a] of values.entries()) {
    for (const [j, b] of values.entries()) expect([i, j, alike(a, b)]).toEqual([i, j, i === j]);
  }
  expect(alike({ a: () => 1 }, { a: () => 2 })).toBe(true);
  expect(alike({ a: [1, { b: NaN }] }, { a: [1, { b: NaN }] })).toBe(true);
  // Key order is part of the shape (phases are charted in their order).
  expect(alike({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
});

test('the cache of shapes is bounded', () => {
  for (let i = 0; i < 80; i++) createGameMachine({ moves: { [`m${i}`]: ({ G }) => G } }, { numPlayers: 1 });
  expect(knownShapeCount()).toBeLessThanOrEqual(64);
});

test('a shape is trusted only once a game of it passed the checks', () => {
  const bad = (): Game => ({ moves: { a: ({ G }) => G }, turn: { minMoves: -1 } });
  expect(() => createGame(bad(), { numPlayers: 2 })).toThrow('turn.minMoves');
  expect(() => createGame(bad(), { numPlayers: 2 })).toThrow('turn.minMoves');
  const latent = (): Game => ({ phases: { a: { start: true, next: 'nowhere' } } });
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  expect(() => createGame(latent(), { numPlayers: 2, strict: false })).not.toThrow();
  expect(warn).toHaveBeenCalledTimes(1);
  warn.mockRestore();
  expect(() => createGame(latent(), { numPlayers: 2 })).toThrow('phases.a.next');
});
