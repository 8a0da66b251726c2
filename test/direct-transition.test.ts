/**
 * The direct starts and transitions (src/machines/direct-start.ts,
 * direct-transition.ts) must be indistinguishable from xstate's own
 * interpreter: random games and actions run on two actors of the same
 * machine, one with the direct path and one with xstate's
 * `StateMachine.prototype` methods (both report refusals); after the start and every action the
 * whole snapshots (every field: value, context, configuration in order,
 * status, tags, history, methods, persisted form) and the whole inspection
 * events (every field of microsteps with their transitions, and of actions)
 * must be equal.
 */
import fc from 'fast-check';
import { createActor, type AnyActorScope, type AnyMachineSnapshot, type InspectionEvent } from 'xstate';
import { ActivePlayers, createGameMachine, INVALID_MOVE, TurnOrder, type Ctx, type Game } from 'turnchart';
import { transitionDirectly, xstateTransition } from '../src/machines/runtime/direct-transition';
import { buildGame } from './support/build-random-game';
import { actionsArb, gameDescArb, resolvePlayer, withExtensions } from './support/random-game';
import type { ActionDesc, GameDesc, TurnDesc } from './support/random-game-desc';
import { quiet } from './support/quiet';
import { expectEqual } from './support/expect-equal';

const RUNS = Number(process.env.DIRECT_RUNS ?? 150);

/**
 * Every field of a value as plain data to compare: state nodes and
 * transitions by id, functions and the machine by identity (a label), the
 * actor references (the two actors differ) by their kind only. A field
 * added on either side shows up as a difference.
 */
function plain(value: unknown, key = ''): unknown {
  if (typeof value === 'function') return `function ${value.name || key}`;
  if (key === 'rootId' && typeof value === 'string') return 'the root actor';
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Set) return { set: [...value].map((v) => plain(v)) };
  const node = value as { id?: unknown; path?: unknown; machine?: unknown; config?: unknown };
  if (Array.isArray(node.path) && node.machine !== undefined) return `node ${String(node.id)}`;
  if (key === 'machine') return 'the machine';
  if (key === 'actorRef' || key === 'sourceRef' || key === 'self' || key === 'system') return `${key}`;
  if (Array.isArray(value)) return value.map((v) => plain(v));
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) out[k] = plain((value as Record<string, unknown>)[k], k);
  return out;
}

/** Every inspection event, every field (see plain): microsteps with their transitions, actions with their params. */
function recorder() {
  const log: unknown[] = [];
  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.microstep' || event.type === '@xstate.action') log.push(plain(event));
  };
  return { log, inspect };
}

/** The whole snapshot, every field (see plain). */
function shape(snapshot: AnyMachineSnapshot) {
  return plain(snapshot);
}

/** Most real turns are plain moves and turn ends: a calmer variant where only the first move calls events and the turn has no activePlayers. */
function calmer(desc: GameDesc): GameDesc {
  const calmTurn = (turn: TurnDesc | undefined) =>
    turn ? { ...turn, activePlayers: undefined, maxMoves: undefined } : turn;
  return {
    ...desc,
    moves: desc.moves.map((move, i) => (i === 0 ? move : { ...move, calls: [] })),
    turn: calmTurn(desc.turn)!,
    phases: desc.phases.map((p) => ({ ...p, turn: calmTurn(p.turn) })),
  };
}

/** A scope that only lets the direct path answer, to count how often it applies. */
const probeScope = {
  self: undefined,
  system: { _sendInspectionEvent: () => undefined },
  actionExecutor: () => undefined,
} as unknown as AnyActorScope;

type Request = { type: string; playerID: string; args: unknown[] };

/** Runs the same requests on a shortcut actor and an xstate-only actor of one machine, comparing after each. */
function compareRuns(game: Game, numPlayers: number, requests: ((ctx: Ctx) => Request)[]) {
  const counts = { moves: 0, turnEnds: 0, walks: 0, ends: 0, phases: 0, hooksSeen: 0, directStarts: 0 };
  const machine = createGameMachine(game, { numPlayers });
  const reference = Object.create(machine);
  reference.transition = xstateTransition(machine);
  reference.getInitialSnapshot = Object.getPrototypeOf(machine).getInitialSnapshot;
  const fastLog = recorder();
  const referenceLog = recorder();
  // The first uninspected start of a machine goes through xstate and is remembered; the second is direct.
  const first = createActor(machine, { input: { seed: 'direct' } });
  const fast = createActor(machine, { input: { seed: 'direct' } });
  const slow = createActor(reference, { input: { seed: 'direct' }, inspect: referenceLog.inspect });
  if (fast.getSnapshot().status === 'error') return counts;
  counts.directStarts += fast.getSnapshot()._nodes === first.getSnapshot()._nodes ? 1 : 0;
  expectEqual(shape(fast.getSnapshot()), shape(slow.getSnapshot()));
  // `plain` labels the machine; machines sharing their state nodes must still name their own.
  expect(fast.getSnapshot().machine).toBe(machine);
  fast.system.inspect(fastLog.inspect);
  quiet(() => {
    fast.start();
    slow.start();
    referenceLog.log.length = 0;
    for (const request of requests) {
      const before = slow.getSnapshot();
      const event = request(before.context.ctx);
      const direct = transitionDirectly(machine, before, event, probeScope);
      fast.send(event);
      slow.send(event);
      const after = slow.getSnapshot();
      expectEqual(shape(fast.getSnapshot()), shape(after));
      expect(fast.getSnapshot().machine).toBe(machine);
      expectEqual(fast.getPersistedSnapshot(), slow.getPersistedSnapshot());
      expectEqual(fastLog.log, referenceLog.log);
      if (direct !== undefined) {
        expectEqual(shape(direct), shape(after));
        const microsteps = fastLog.log.filter(
          (entry) => (entry as { type: string }).type === '@xstate.microstep',
        ).length;
        const targets = fastLog.log
          .flatMap((entry) => (entry as { _transitions?: { target?: string[] }[] })._transitions ?? [])
          .flatMap((t) => t.target ?? [])
          .map((id) => id.replace(/^node /, ''));
        if (targets.includes('turnchart.gameover')) counts.ends++;
        if (targets.some((id) => /^phase\d+$/.test(id))) counts.phases++;
        // The request's own microstep, then one per step: more than two is a longer walk.
        if (microsteps > 2) counts.walks++;
        if (event.type.startsWith('move.')) counts.moves++;
        else if (event.type === 'endTurn' || event.type === 'pass') counts.turnEnds++;
        if (fastLog.log.some((entry) => (entry as { action?: { type?: string } }).action?.type === 'hook'))
          counts.hooksSeen++;
      }
      fastLog.log.length = 0;
      referenceLog.log.length = 0;
    }
  });
  return counts;
}

/** A random game's actions as requests, each made from the context it is sent in. */
function requestsOf(actions: ActionDesc[]): ((ctx: Ctx) => Request)[] {
  return actions.map((action) => (ctx: Ctx) => {
    const playerID = resolvePlayer(action.playerID, ctx);
    return action.kind === 'move'
      ? { type: `move.${action.name}`, playerID, args: [] }
      : { type: action.type, playerID, args: 'arg' in action ? [action.arg] : [] };
  });
}

test(`direct transitions equal xstate's on ${RUNS} random games`, () => {
  let moves = 0;
  let turnEnds = 0;
  let hooksSeen = 0;
  let directStarts = 0;
  let walks = 0;
  let ends = 0;
  let phases = 0;
  fc.assert(
    fc.property(
      fc
        .oneof(
          gameDescArb(),
          withExtensions(gameDescArb()),
          gameDescArb().map(calmer),
          withExtensions(gameDescArb()).map(calmer),
        )
        .chain((desc) => fc.tuple(fc.constant(desc), actionsArb(desc, 30))),
      ([desc, actions]) => {
        const game = buildGame(desc, { TurnOrder, INVALID_MOVE }, 'direct');
        const counts = compareRuns(game, desc.numPlayers, requestsOf(actions));
        moves += counts.moves;
        turnEnds += counts.turnEnds;
        hooksSeen += counts.hooksSeen;
        directStarts += counts.directStarts;
        walks += counts.walks;
        ends += counts.ends;
        phases += counts.phases;
      },
    ),
    { numRuns: RUNS, seed: 20261122 },
  );
  // The comparison only means something if the direct path was taken, for both kinds of request, hooks included.
  // (Random games are adversarial: most of their requests are refused or walk several steps.)
  expect(moves).toBeGreaterThan(RUNS / 3);
  expect(turnEnds).toBeGreaterThan(RUNS / 10);
  expect(directStarts).toBeGreaterThan(RUNS / 2);
  expect(walks).toBeGreaterThan(RUNS / 3);
  expect(ends).toBeGreaterThan(RUNS / 10);
  expect(phases).toBeGreaterThan(RUNS / 10);
  expect(hooksSeen).toBeGreaterThan(10);
});

test(`direct transitions equal xstate's on machines sharing their state nodes (${Math.ceil(RUNS / 3)} random games, a second game object each)`, () => {
  let directStarts = 0;
  let moves = 0;
  fc.assert(
    fc.property(
      withExtensions(gameDescArb()).chain((desc) => fc.tuple(fc.constant(desc), actionsArb(desc, 30))),
      ([desc, actions]) => {
        const requests = requestsOf(actions);
        const first = buildGame(desc, { TurnOrder, INVALID_MOVE }, 'direct');
        compareRuns(first, desc.numPlayers, requests);
        // A new object of the same shape: a clone of the first one's machine, whose starts it already knows.
        const second = buildGame(desc, { TurnOrder, INVALID_MOVE }, 'direct');
        expect(createGameMachine(second, { numPlayers: desc.numPlayers }).root).toBe(
          createGameMachine(first, { numPlayers: desc.numPlayers }).root,
        );
        const counts = compareRuns(second, desc.numPlayers, requests);
        directStarts += counts.directStarts;
        moves += counts.moves;
      },
    ),
    { numRuns: Math.ceil(RUNS / 3), seed: 20261201 },
  );
  expect(directStarts).toBeGreaterThan(RUNS / 6);
  expect(moves).toBeGreaterThan(RUNS / 9);
});

test("direct transitions equal xstate's on a plain 12-seat game with hooks on every level", () => {
  const stage = {
    moves: {
      act: ({ G }: { G: { n: number } }) => {
        G.n++;
      },
    },
    onBegin: () => undefined,
    onEnd: () => undefined,
  };
  const game: Game = {
    setup: () => ({ n: 0 }),
    moves: {
      act: ({ G }) => {
        G.n++;
      },
      gather: ({ events }) => events.setActivePlayers(ActivePlayers.ALL_ONCE),
    },
    phases: {
      main: {
        start: true,
        next: 'late',
        endIf: ({ G }) => G.n >= 60,
        onBegin: () => undefined,
        onEnd: () => undefined,
      },
      late: { turn: { order: TurnOrder.RESET } },
    },
    turn: { onBegin: () => undefined, onEnd: () => undefined, onMove: () => undefined, stages: { a: stage, b: stage } },
  };
  let x = 7;
  const rand = (n: number) => (x = (x * 1103515245 + 12345) & 0x7fffffff) % n;
  const requests = Array.from({ length: 400 }, () => (ctx: Ctx): Request => {
    const active = ctx.activePlayers ? Object.keys(ctx.activePlayers) : [ctx.currentPlayer];
    const playerID = active[rand(active.length)] ?? ctx.currentPlayer;
    const roll = rand(20);
    if (roll < 10) return { type: 'move.act', playerID, args: [] };
    if (roll < 14) return { type: 'endTurn', playerID, args: [] };
    if (roll < 16) return { type: 'move.gather', playerID, args: [] };
    if (roll < 18) return { type: 'setActivePlayers', playerID, args: [{ currentPlayer: 'a', others: 'b' }] };
    return { type: 'endStage', playerID, args: [] };
  });
  const counts = compareRuns(game, 12, requests);
  expect(counts.moves).toBeGreaterThan(100);
  expect(counts.turnEnds).toBeGreaterThan(50);
  expect(counts.hooksSeen).toBeGreaterThan(30);
  expect(counts.directStarts).toBe(1);
  expect(counts.walks).toBeGreaterThan(40);
});
