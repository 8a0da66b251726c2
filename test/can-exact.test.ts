/**
 * Asking the machine itself what a player may send: xstate's snapshot.can()
 * is true exactly when the flow would accept the request (design: "Refusal
 * before commitment"), with no flag: a refused request takes no transition.
 */
import { createActor } from 'xstate';
import { createGame, createGameMachine, evaluateRequest, compiledGame } from 'turnchart';
import { Discard } from '../examples/discard/game';

test('snapshot.can(request) agrees with evaluateRequest, and with what send does', () => {
  const match = createGame(Discard, { numPlayers: 3 });
  match.move('playCard', [], '0');
  const snapshot = match.actor.getSnapshot();
  const requests = [
    { type: 'move.discard', playerID: '1', args: [] },
    { type: 'move.playCard', playerID: '1', args: [] },
    { type: 'move.playCard', playerID: '0', args: [] },
    { type: 'endTurn', playerID: '2', args: [] },
    { type: 'setStage', playerID: '1', args: ['discard'] },
    { type: 'move.discard', playerID: '7', args: [] },
    { type: 'endTurn', playerID: '1', args: [{ next: '9' }] },
    { type: 'nope', playerID: '1', args: [] },
    { type: 'garbage' } as never,
  ];
  const verdicts = requests.map((request) => snapshot.can(request));
  expect(verdicts).toEqual(
    requests.map((request) => evaluateRequest(compiledGame(Discard), snapshot.context, request).ok),
  );
  expect(verdicts).toEqual([true, false, false, true, true, false, false, false, false]);
  // A refused request emits its reason and changes nothing.
  const refusals: { rejection: { code: string } }[] = [];
  match.actor.on('turnchart.rejected', (e) => refusals.push(e));
  match.actor.send({ type: 'move.playCard', playerID: '1', args: [] });
  expect(refusals.map((r) => r.rejection.code)).toEqual(['MOVE_NOT_ALLOWED']);
  expect(match.actor.getSnapshot()).toBe(snapshot);
});

test('after gameover nothing can be sent', () => {
  const match = createGame(Discard, { numPlayers: 2 });
  expect(match.event('endGame', { winner: '0' }, '0')).toEqual({ ok: true });
  const snapshot = match.actor.getSnapshot();
  expect(snapshot.status).toBe('done');
  expect(snapshot.can({ type: 'move.playCard', playerID: '0', args: [] })).toBe(false);
  expect(snapshot.can({ type: 'endTurn', playerID: '0', args: [] })).toBe(false);
});

test('a machine made by provide() keeps exact can() and reports refusals', () => {
  const machine = createGameMachine(Discard, { numPlayers: 2 }).provide({});
  const actor = createActor(machine, { input: { seed: 'provide' } }).start();
  const refusals: string[] = [];
  actor.on('turnchart.rejected', (e) => refusals.push(e.rejection.code));
  expect(actor.getSnapshot().can({ type: 'move.discard', playerID: '0', args: [] })).toBe(false);
  actor.send({ type: 'move.discard', playerID: '0', args: [] });
  expect(refusals).toEqual(['MOVE_NOT_ALLOWED']);
  actor.send({ type: 'move.playCard', playerID: '0', args: [] });
  expect(actor.getSnapshot().value).toEqual({
    phases: { '(no phase)': { turn: { player0: 'idle', player1: 'discard' } } },
  });
});
