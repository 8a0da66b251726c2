/**
 * Design invariants 2 and 4 on random games (test/support/random-game.ts):
 * - same config, same seed, same actions => the same persisted snapshots,
 *   byte for byte, after every step (on separately built machines);
 * - a snapshot persisted after k steps, sent through JSON and restored into a
 *   new actor (createGame({ snapshot }) or createActor(machine, { snapshot }))
 *   continues exactly as the uninterrupted match;
 * - xstate's pure `initialTransition` / `transition` used as a reducer gives
 *   the actor's G, ctx, state value and persisted snapshot, and never mutates
 *   the snapshot it is given.
 * PROP_RUNS scales the number of runs; PROP_SEED replays one.
 */
import fc from 'fast-check';
import { createActor, initialTransition, transition, type AnyActorRef } from 'xstate';
import { createGame, createGameMachine, type RequestEvent, type TurnchartContext } from 'turnchart';
import type { ActionDesc, GameDesc } from '../support/random-game-desc';
import { fcOptions, gameAndActions, gameOf, requestOf, runs, seedArb, tryStart } from './play';

const RUNS = runs(0.2);

/** The persisted snapshot, as JSON, at the start and after each action. */
function trace(desc: GameDesc, actions: ActionDesc[], seed: string | number): string[] | undefined {
  const match = tryStart(gameOf(desc), desc.numPlayers, seed);
  if (!match) return undefined;
  const out = [JSON.stringify(match.getPersistedSnapshot())];
  continueOn(match.actor, actions, out);
  return out;
}

function continueOn(actor: AnyActorRef, actions: ActionDesc[], out: string[]): void {
  for (const action of actions) {
    const context = actor.getSnapshot().context as TurnchartContext;
    actor.send(requestOf(action, context.ctx));
    out.push(JSON.stringify(actor.getPersistedSnapshot!()));
  }
}

const withK = gameAndActions(20).chain(([desc, actions]) =>
  fc.tuple(fc.constant(desc), fc.constant(actions), seedArb, fc.integer({ min: 0, max: actions.length }), fc.boolean()),
);

test(`same config, seed and actions give byte-identical snapshots (${RUNS} random games)`, () => {
  let compared = 0;
  fc.assert(
    fc.property(gameAndActions(20), seedArb, ([desc, actions], seed) => {
      const first = trace(desc, actions, seed);
      const second = trace(desc, actions, seed);
      expect(second).toEqual(first);
      if (first) compared++;
    }),
    fcOptions(RUNS),
  );
  expect(compared).toBeGreaterThan(RUNS * 0.7);
});

test(`a snapshot persisted after k steps and restored continues identically (${RUNS} random games)`, () => {
  let restored = 0;
  fc.assert(
    fc.property(withK, ([desc, actions, seed, k, viaCreateGame]) => {
      const whole = trace(desc, actions, seed);
      if (!whole) return;
      const match = tryStart(gameOf(desc), desc.numPlayers, seed)!;
      const out = [JSON.stringify(match.getPersistedSnapshot())];
      continueOn(match.actor, actions.slice(0, k), out);
      const saved = JSON.parse(out[k]);
      match.stop();

      // A new process: a freshly built game object and machine, the snapshot from JSON.
      const game = gameOf(desc);
      const actor: AnyActorRef = viaCreateGame
        ? createGame(game, { numPlayers: desc.numPlayers, snapshot: saved }).actor
        : createActor(createGameMachine(game, { numPlayers: desc.numPlayers }), {
            snapshot: saved,
            input: undefined,
          }).start();
      expect(JSON.stringify(actor.getPersistedSnapshot!())).toBe(out[k]);
      continueOn(actor, actions.slice(k), out);
      expect(out).toEqual(whole);
      restored++;
    }),
    fcOptions(RUNS),
  );
  expect(restored).toBeGreaterThan(RUNS * 0.7);
});

test(`xstate's pure transition() as a reducer agrees with the actor (${RUNS} random games)`, () => {
  let rejectedSeen = 0;
  fc.assert(
    fc.property(gameAndActions(20), seedArb, ([desc, actions], seed) => {
      const game = gameOf(desc);
      // Reject games that cannot start (same check as the actor path).
      if (!tryStart(game, desc.numPlayers, seed)) return;
      const machine = createGameMachine(game, { numPlayers: desc.numPlayers });
      const actor = createActor(machine, { input: { seed } }).start();
      let [snapshot] = initialTransition(machine, { seed });

      const expectSame = () => {
        const ours = snapshot.context as TurnchartContext;
        const theirs = actor.getSnapshot().context as TurnchartContext;
        expect(snapshot.value).toEqual(actor.getSnapshot().value);
        expect({ G: ours.G, ctx: ours.ctx, random: ours.random, stateID: ours.stateID }).toEqual({
          G: theirs.G,
          ctx: theirs.ctx,
          random: theirs.random,
          stateID: theirs.stateID,
        });
        expect(JSON.stringify(machine.getPersistedSnapshot(snapshot))).toBe(
          JSON.stringify(actor.getPersistedSnapshot()),
        );
      };
      expectSame();

      for (const action of actions) {
        if (snapshot.status !== 'active') break;
        const request: RequestEvent = requestOf(action, (snapshot.context as TurnchartContext).ctx);
        const given = JSON.stringify(machine.getPersistedSnapshot(snapshot));
        const before = (snapshot.context as TurnchartContext).stateID;
        const [next, executed] = transition(machine, snapshot, request as any);
        // Pure: the snapshot handed in is untouched.
        expect(JSON.stringify(machine.getPersistedSnapshot(snapshot))).toBe(given);
        if ((next.context as TurnchartContext).stateID === before) {
          rejectedSeen++;
          // A refused request takes no transition: no action runs.
          expect(executed).toEqual([]);
          expect(JSON.stringify(machine.getPersistedSnapshot(next))).toBe(given);
        }
        actor.send(request);
        snapshot = next;
        expectSame();
      }
      actor.stop();
    }),
    fcOptions(RUNS),
  );
  expect(rejectedSeen).toBeGreaterThan(0);
});
