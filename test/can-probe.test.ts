/**
 * Asking the machine itself what a player may send: xstate's snapshot.can()
 * with `probe: true` is true exactly when the flow would accept the request.
 */
import { createGame, evaluateRequest, compiledGame } from 'turnchart';
import { Discard } from '../examples/discard/game';

test('snapshot.can({ ..., probe: true }) agrees with evaluateRequest; without probe every request is handled', () => {
  const match = createGame(Discard, { numPlayers: 3 });
  match.move('playCard', [], '0');
  const snapshot = match.actor.getSnapshot();
  const requests = [
    { type: 'move.discard', playerID: '1', args: [] },
    { type: 'move.playCard', playerID: '1', args: [] },
    { type: 'move.playCard', playerID: '0', args: [] },
    { type: 'endTurn', playerID: '2', args: [] },
    { type: 'setStage', playerID: '1', args: ['discard'] },
    { type: 'nope', playerID: '1', args: [] },
  ];
  const verdicts = requests.map((request) => snapshot.can({ ...request, probe: true }));
  expect(verdicts).toEqual(requests.map((request) => evaluateRequest(compiledGame(Discard), snapshot.context, request).ok));
  expect(verdicts).toEqual([true, false, false, true, true, false]);
  // Without probe, refused requests are handled too (they emit turnchart.rejected).
  expect(requests.every((request) => snapshot.can(request))).toBe(true);
  // A probe sent for real is accepted or ignored, never emits a refusal, and changes nothing when refused.
  const refusals: unknown[] = [];
  match.actor.on('turnchart.rejected', (e) => refusals.push(e));
  match.actor.send({ type: 'move.playCard', playerID: '1', args: [], probe: true });
  expect(refusals).toEqual([]);
  expect(match.actor.getSnapshot().context).toBe(snapshot.context);
});
