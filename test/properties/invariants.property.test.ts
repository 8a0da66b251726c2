/**
 * Design invariants 1 and 3, and the plain-data half of invariant 2, after
 * every step of random games (test/support/random-game.ts):
 * - the chart's active states agree with ctx;
 * - an accepted request applies exactly the outcome the pure evaluation
 *   (`evaluateRequest`) gives, once, and never mutates the previous context;
 * - a rejected request leaves G, ctx, the state value and the whole persisted
 *   snapshot as they were, the actor emits nothing (it took no transition),
 *   and the public API reports the flow's code;
 * - `getPersistedSnapshot()` is plain JSON data that survives a JSON round trip.
 * PROP_RUNS scales the number of runs; PROP_SEED replays one.
 */
import fc from 'fast-check';
import {
  compiledGame,
  evaluateRequest,
  type Game,
  type RequestEvent,
  type TurnchartContext,
  type TurnchartGame,
} from 'turnchart';
import { chartAgreesWithCtx } from '../support/invariants';
import { fcOptions, gameAndActions, gameOf, notJson, requestOf, runs, tryStart } from './play';

const RUNS = runs(0.5);

function expectPlainSnapshot(match: TurnchartGame): void {
  const persisted = match.getPersistedSnapshot();
  const problem = notJson(persisted);
  if (problem) throw new Error(`persisted snapshot is not JSON data: ${problem}`);
  expect(JSON.parse(JSON.stringify(persisted))).toEqual(persisted);
}

function expectChartAgrees(game: Game, match: TurnchartGame, step: number): void {
  const problem = chartAgreesWithCtx(game, match.getStateValue(), match.getState().ctx);
  if (problem) throw new Error(`step ${step}: chart and ctx disagree: ${problem}`);
}

/** The same request through createGame's API: same verdict, still nothing changed. */
function viaApi(match: TurnchartGame, request: RequestEvent) {
  const args = request.args ?? [];
  return request.type.startsWith('move.')
    ? match.move(request.type.slice(5), args, request.playerID)
    : match.event(request.type as any, args[0], request.playerID);
}

test(`invariants 1 and 3 and JSON snapshots hold after every step of ${RUNS} random games`, () => {
  const tally = { games: 0, unstartable: 0, accepted: 0, rejected: 0 };
  fc.assert(
    fc.property(gameAndActions(), ([desc, actions]) => {
      const game = gameOf(desc);
      const match = tryStart(game, desc.numPlayers);
      if (!match) {
        tally.unstartable++;
        return;
      }
      tally.games++;
      const compiled = compiledGame(game);
      expectChartAgrees(game, match, 0);
      expectPlainSnapshot(match);

      for (let i = 0; i < actions.length; i++) {
        const step = i + 1;
        const prev = match.actor.getSnapshot().context as TurnchartContext;
        const request = requestOf(actions[i], prev.ctx);
        const prevData = structuredClone({ G: prev.G, ctx: prev.ctx, random: prev.random });
        const prevValue = structuredClone(match.getStateValue());
        const prevPersisted = JSON.stringify(match.getPersistedSnapshot());
        const expected = evaluateRequest(compiled, prev, request);

        const emitted: unknown[] = [];
        const sub = match.actor.on('*', (e) => void emitted.push(e));
        if (match.actor.getSnapshot().status === 'active') match.actor.send(request);
        sub.unsubscribe();
        // The machine emits nothing: a refused request takes no transition, and its reason is the flow's.
        expect(emitted).toEqual([]);
        const next = match.actor.getSnapshot().context as TurnchartContext;

        // Invariant 2's premise: the previous context is never mutated.
        expect({ G: prev.G, ctx: prev.ctx, random: prev.random }).toEqual(prevData);

        if (expected.ok) {
          tally.accepted++;
          expect(next.stateID).toBe(prev.stateID + 1);
          expect({ G: next.G, ctx: next.ctx, random: next.random }).toEqual({
            G: expected.context.G,
            ctx: expected.context.ctx,
            random: expected.context.random,
          });
        } else {
          tally.rejected++;
          const { code } = expected.rejection;
          expect(typeof expected.rejection.message).toBe('string');
          if (match.actor.getSnapshot().status !== 'active') expect(code).toBe('GAME_OVER');
          const api = viaApi(match, request);
          expect(api.ok ? 'accepted' : api.error.code).toBe(code);
          // Invariant 3: nothing changed, byte for byte.
          expect(match.getState()).toEqual({ G: prevData.G, ctx: prevData.ctx });
          expect(match.getStateValue()).toEqual(prevValue);
          expect(JSON.stringify(match.getPersistedSnapshot())).toBe(prevPersisted);
        }
        expectChartAgrees(game, match, step);
        expectPlainSnapshot(match);
      }
    }),
    fcOptions(RUNS),
  );
  // Not vacuous: games started and both kinds of request were exercised.
  expect(tally.games).toBeGreaterThan(RUNS * 0.7);
  expect(tally.accepted).toBeGreaterThan(tally.games);
  expect(tally.rejected).toBeGreaterThan(0);
  if (process.env.PROP_VERBOSE) console.log(tally);
});
