/**
 * Asking the machine itself what a player may send: xstate's snapshot.can()
 * is true exactly when the flow would accept the request (design: "Refusal
 * before commitment"), with no flag: a refused request takes no transition,
 * and so the actor has nothing to emit; the reason is the flow's.
 */
import { createActor } from 'xstate';
import { createGame, createGameMachine, evaluateRequest, compiledGame, transitionGame } from 'turnchart';
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
  // A refused request changes nothing and emits nothing; transitionGame and createGame say why.
  const emitted: unknown[] = [];
  match.actor.on('*', (e) => emitted.push(e));
  const refused = { type: 'move.playCard', playerID: '1', args: [] };
  match.actor.send(refused);
  expect(emitted).toEqual([]);
  expect(match.actor.getSnapshot()).toBe(snapshot);
  expect(transitionGame(match.machine, snapshot, refused).rejection?.code).toBe('MOVE_NOT_ALLOWED');
  expect(match.move('playCard', [], '1')).toMatchObject({ ok: false, error: { code: 'MOVE_NOT_ALLOWED' } });
});

test('after gameover nothing can be sent', () => {
  const match = createGame(Discard, { numPlayers: 2 });
  expect(match.event('endGame', { winner: '0' }, '0')).toEqual({ ok: true });
  const snapshot = match.actor.getSnapshot();
  expect(snapshot.status).toBe('done');
  expect(snapshot.can({ type: 'move.playCard', playerID: '0', args: [] })).toBe(false);
  expect(snapshot.can({ type: 'endTurn', playerID: '0', args: [] })).toBe(false);
});

test('a machine made by provide() keeps exact can(), and refuses as the original does', () => {
  const machine = createGameMachine(Discard, { numPlayers: 2 }).provide({});
  const actor = createActor(machine, { input: { seed: 'provide' } }).start();
  const before = actor.getSnapshot();
  expect(before.can({ type: 'move.discard', playerID: '0', args: [] })).toBe(false);
  actor.send({ type: 'move.discard', playerID: '0', args: [] });
  expect(actor.getSnapshot()).toBe(before);
  actor.send({ type: 'move.playCard', playerID: '0', args: [] });
  expect(actor.getSnapshot().value).toEqual({
    phases: { '(no phase)': { turn: { player0: 'idle', player1: 'discard' } } },
  });
});

test('a turn or phase end that a hook cuts short by ending the game is accepted by the actor as by the flow', () => {
  const base = {
    setup: () => ({ done: false }),
    moves: { wait: () => {} },
    endIf: ({ G }: any) => G.done || undefined,
  };
  const finish = ({ G }: any) => {
    G.done = true;
  };
  const games = {
    'turn.onEnd': { ...base, turn: { onEnd: finish } },
    'phases.a.onEnd': { ...base, phases: { a: { start: true, onEnd: finish } } },
  };
  const ended: string[] = [];
  for (const [hook, game] of Object.entries(games))
    for (const type of ['endTurn', 'pass', 'endPhase'] as const) {
      const actor = createActor(createGameMachine(game, { numPlayers: 2 }), { input: { seed: 'cut' } }).start();
      const request = { type, playerID: '0', args: [] };
      const outcome = evaluateRequest(compiledGame(game), actor.getSnapshot().context, request);
      expect([hook, type, actor.getSnapshot().can(request)]).toEqual([hook, type, outcome.ok]);
      actor.send(request);
      if (!outcome.ok) continue;
      const { ctx } = actor.getSnapshot().context;
      expect([hook, type, ctx]).toEqual([hook, type, outcome.context.ctx]);
      if (ctx.gameover !== undefined) ended.push(`${hook} ${type} ${actor.getSnapshot().status}`);
    }
  // endTurn and pass end no phase: phases.a.onEnd runs for endPhase only.
  expect(ended).toEqual([
    'turn.onEnd endTurn done',
    'turn.onEnd pass done',
    'turn.onEnd endPhase done',
    'phases.a.onEnd endPhase done',
  ]);
});
