/**
 * Fuzzing (issue "Nothing corrupts a game"): random games × random and
 * malformed requests sent straight to the machine's actor. No exception may
 * escape, the actor never errors, a refused request changes nothing, the chart
 * agrees with ctx after every step, the persisted snapshot is plain JSON, and
 * persist → restore → continue ends in the same state as an uninterrupted run.
 * `npm run test:fuzz` runs FUZZ_RUNS (default here: 100) cases.
 */
import fc from 'fast-check';
import { createActor, type AnyActorRef } from 'xstate';
import { compiledGame, createGameMachine, evaluateRequest, INVALID_MOVE, TurnOrder } from 'turnchart';
import { buildGame } from './support/build-random-game';
import { gameDescArb, resolvePlayer, withExtensions } from './support/random-game';
import type { GameDesc } from './support/random-game-desc';
import { chartAgreesWithCtx } from './support/invariants';

// A quick sample in `npm test`; CI runs 3,000 more, seeded at random, through `npm run test:fuzz`.
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

/** A fixed seed by default keeps CI reproducible; FUZZ_SEED=random (npm run test:fuzz) or a number explores others. */
function fuzzSeed(): number {
  const env = process.env.FUZZ_SEED;
  const seed = env === 'random' ? Date.now() % 2 ** 31 : Number(env ?? 20261122);
  if (env) console.log(`fuzz seed ${seed}`);
  return seed;
}

const hostileStrings = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '',
  ' ',
  '-1',
  '1.0',
  '01',
  'NaN',
  '999',
  'x'.repeat(5000),
];
const protoPayload = () => JSON.parse('{"__proto__": {"polluted": true}, "next": "0", "stage": "__proto__"}');

const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, undefined, true, 0, -1, NaN, Infinity, '', [], {}, () => 1),
  fc.constantFrom(...hostileStrings),
  fc.constant('__PROTO_PAYLOAD__'),
  fc.anything({ maxDepth: 3 }),
  fc.array(fc.integer(), { minLength: 200, maxLength: 2000 }),
);

const realise = (value: unknown): unknown => (value === '__PROTO_PAYLOAD__' ? protoPayload() : value);

interface Raw {
  type: string;
  playerID: unknown;
  args: unknown;
}

function requestArb(desc: GameDesc): fc.Arbitrary<Raw> {
  const seat = fc.integer({ min: 0, max: desc.numPlayers - 1 }).map(String);
  const player = fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 3 }).map((k) => `active:${k}`) },
    { weight: 2, arbitrary: seat },
    { weight: 1, arbitrary: junk },
  );
  const type = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.constantFrom(
        'move.m0',
        'move.m1',
        'move.m2',
        'move.m0',
        'move.m1',
        'endTurn',
        'pass',
        'endPhase',
        'setPhase',
        'endGame',
        'setStage',
        'endStage',
        'setActivePlayers',
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        ...hostileStrings.map((s) => `move.${s}`),
        ...hostileStrings,
        'move.',
        'xstate.init',
        'xstate.stop',
        '*',
      ),
    },
  );
  const args = fc.oneof(
    { weight: 3, arbitrary: fc.constant([]) },
    { weight: 3, arbitrary: fc.array(junk, { maxLength: 3 }) },
    {
      weight: 2,
      arbitrary: fc.constantFrom<unknown>(
        ['A'],
        ['s0'],
        [null],
        [{ next: '1' }],
        [{ remove: true }],
        [{ all: 's1', revert: true }],
        [['0', '1']],
        [{ value: { '0': 's0', __proto__: 's1' } }],
      ),
    },
    { weight: 1, arbitrary: junk },
  );
  return fc.record({ type, playerID: player, args });
}

function start(desc: GameDesc, snapshot?: unknown): AnyActorRef {
  const game = buildGame(desc, { TurnOrder, INVALID_MOVE }, 'fuzz');
  const machine = createGameMachine(game, { numPlayers: desc.numPlayers });
  const actor = createActor(machine, { input: { seed: 'fuzz' }, ...(snapshot ? { snapshot: snapshot as any } : {}) });
  (actor as any).__game = game;
  // A game that cannot start is in error before start(); starting it would only re-throw asynchronously.
  if (actor.getSnapshot().status === 'error') return actor;
  return actor.start();
}

function send(actor: AnyActorRef, raw: Raw): void {
  const { context } = actor.getSnapshot();
  const playerID = typeof raw.playerID === 'string' ? resolvePlayer(raw.playerID, context.ctx) : raw.playerID;
  const event = { type: raw.type, playerID, args: realise(raw.args) } as any;
  if (raw.type.startsWith('xstate.')) {
    // xstate's own events (xstate.stop) act on the actor itself, so a server must not
    // forward them; turnchart reports them as unknown requests (createGame never sends them).
    const outcome = evaluateRequest(compiledGame((actor as any).__game), context, event);
    expect(outcome).toMatchObject({ ok: false, rejection: { code: 'UNKNOWN_EVENT' } });
    return;
  }
  actor.send(event);
}

/** The flow's reason for refusing the request, when it does; the machine must then take no transition. */
function refusalOf(actor: AnyActorRef, raw: Raw): unknown {
  const { context } = actor.getSnapshot();
  if (actor.getSnapshot().status !== 'active' || raw.type.startsWith('xstate.')) return undefined;
  const playerID = typeof raw.playerID === 'string' ? resolvePlayer(raw.playerID, context.ctx) : raw.playerID;
  const outcome = evaluateRequest(compiledGame((actor as any).__game), context, {
    type: raw.type,
    playerID,
    args: realise(raw.args),
  } as any);
  return outcome.ok ? undefined : outcome.rejection;
}

function view(actor: AnyActorRef): string {
  const s = actor.getSnapshot();
  return JSON.stringify({ value: s.value, context: s.context });
}

test(`fuzz: ${RUNS} random games with random and malformed requests`, () => {
  let startsRefused = 0;
  let accepted = 0;
  fc.assert(
    fc.property(
      // Half the games also use turnchart's opt-in extensions (stage hooks, limits, endIf, events-first).
      fc
        .oneof(gameDescArb(), withExtensions(gameDescArb()))
        .chain((desc) =>
          fc.tuple(fc.constant(desc), fc.array(requestArb(desc), { minLength: 1, maxLength: 30 }), fc.nat()),
        ),
      ([desc, requests, cut]) => {
        const actor = start(desc);
        if (actor.getSnapshot().status === 'error') {
          // Only a game whose start cannot settle may refuse to start.
          expect((actor.getSnapshot().error as any)?.rejection?.code).toBe('FLOW_LOOP');
          startsRefused++;
          return;
        }
        const game = (actor as any).__game;
        const restoreAt = cut % requests.length;
        let persisted: unknown;
        for (let i = 0; i < requests.length; i++) {
          if (i === restoreAt) persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
          const before = view(actor);
          const refusal = refusalOf(actor, requests[i]);
          send(actor, requests[i]);
          const snapshot = actor.getSnapshot();
          expect(snapshot.status === 'error').toBe(false);
          if (refusal) {
            expect(view(actor)).toBe(before);
            expect(refusal).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String) }));
          } else if (view(actor) !== before) accepted++;
          const problem = chartAgreesWithCtx(game, snapshot.value, snapshot.context.ctx);
          if (problem) throw new Error(problem);
        }
        const finalView = view(actor);
        const persistedNow = actor.getPersistedSnapshot();
        expect(JSON.parse(JSON.stringify(persistedNow))).toEqual(persistedNow);
        // Restore mid-way and continue: the same end state.
        const resumed = start(desc, persisted);
        for (let i = restoreAt; i < requests.length; i++) send(resumed, requests[i]);
        expect(view(resumed)).toBe(finalView);
      },
    ),
    { numRuns: RUNS, seed: fuzzSeed() },
  );
  // The fuzzer must reach accepted actions, not only refusals.
  expect(accepted).toBeGreaterThan(RUNS / 2);
  if (process.env.FUZZ_VERBOSE) console.log({ accepted, startsRefused });
});
