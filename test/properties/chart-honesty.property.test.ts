/**
 * The statechart is honest (issue "The chart carries the rules"), on every
 * request of random games:
 * - `snapshot.can(request)` is true exactly when sending it is accepted
 *   (no flag needed), and a refused request takes no transition;
 * - every transition the match takes (as an inspector sees it, microstep by
 *   microstep) is one of the machine definition's transitions, and is
 *   guarded by a rule the definition names;
 * - the active states agree with ctx afterwards.
 */
import fc from 'fast-check';
import type { AnyStateNode, AnyTransitionDefinition, InspectionEvent } from 'xstate';
import { compiledGame, createGame, evaluateRequest, type TurnchartContext } from 'turnchart';
import { chartAgreesWithCtx } from '../support/invariants';
import { fcOptions, gameAndActions, gameOf, requestOf, runs } from './play';

const RUNS = runs(0.4);

function definitionTransitions(
  node: AnyStateNode,
  into = new Set<AnyTransitionDefinition>(),
): Set<AnyTransitionDefinition> {
  for (const list of node.transitions.values()) for (const t of list) into.add(t);
  for (const child of Object.values(node.states)) definitionTransitions(child, into);
  return into;
}

test(`can() agrees with send, and every transition taken is in the definition (${RUNS} random games)`, () => {
  const tally = { accepted: 0, refused: 0, transitions: 0 };
  fc.assert(
    fc.property(gameAndActions(), ([desc, actions]) => {
      const game = gameOf(desc);
      const taken: AnyTransitionDefinition[] = [];
      const inspect = (event: InspectionEvent) => {
        if (event.type === '@xstate.microstep') taken.push(...event._transitions);
      };
      let match;
      try {
        match = createGame(game, { numPlayers: desc.numPlayers, inspect });
      } catch (error: any) {
        if (error?.name === 'GameStartError') return;
        throw error;
      }
      const defined = definitionTransitions(match.machine.root);
      const guardNames = new Set(Object.keys(match.machine.implementations.guards));
      for (const action of actions) {
        const snapshot = match.actor.getSnapshot();
        if (snapshot.status !== 'active') break;
        const context = snapshot.context as TurnchartContext;
        const request = requestOf(action, context.ctx);
        const expected = evaluateRequest(compiledGame(game), context, request).ok;
        expect(snapshot.can(request)).toBe(expected);
        taken.length = 0;
        match.actor.send(request);
        const after = match.actor.getSnapshot();
        if (expected) {
          tally.accepted++;
          expect(after.context.stateID).toBe(context.stateID + 1);
        } else {
          tally.refused++;
          expect(after).toBe(snapshot);
          expect(taken).toEqual([]);
        }
        for (const transition of taken) {
          expect(defined.has(transition)).toBe(true);
          const guard = transition.guard as { type?: string } | string | undefined;
          const name = typeof guard === 'string' ? guard : guard?.type;
          if (name !== undefined) expect(guardNames.has(name)).toBe(true);
        }
        tally.transitions += taken.length;
        const problem = chartAgreesWithCtx(game, match.getStateValue(), match.getState().ctx);
        if (problem) throw new Error(problem);
      }
    }),
    fcOptions(RUNS),
  );
  expect(tally.accepted).toBeGreaterThan(RUNS);
  expect(tally.refused).toBeGreaterThan(0);
  expect(tally.transitions).toBeGreaterThan(tally.accepted);
});
