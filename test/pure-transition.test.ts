/**
 * transitionGame: the fast pure reducer over game machine snapshots gives
 * exactly what xstate's own `transition()` gives, and reports rejections.
 */
import fc from 'fast-check';
import { createActor, transition } from 'xstate';
import { createGameMachine, transitionGame, INVALID_MOVE, TurnOrder } from 'turnchart';
import { buildGame } from './support/build-random-game';
import { actionsArb, gameDescArb, resolvePlayer } from './support/random-game';

test('transitionGame equals xstate transition() on random games', () => {
  fc.assert(
    fc.property(
      gameDescArb().chain((desc) => fc.tuple(fc.constant(desc), actionsArb(desc, 15))),
      ([desc, actions]) => {
        const machine = createGameMachine(buildGame(desc, { TurnOrder, INVALID_MOVE }), {
          numPlayers: desc.numPlayers,
        });
        const initial = createActor(machine, { input: { seed: 'pure' } }).getSnapshot();
        if (initial.status === 'error') return;
        type Snapshot = ReturnType<typeof transitionGame>['snapshot'];
        let ours = initial as Snapshot;
        let theirs = initial as Snapshot;
        for (const action of actions) {
          const playerID = resolvePlayer(action.playerID, ours.context.ctx);
          const event =
            action.kind === 'move'
              ? { type: `move.${action.name}`, playerID, args: [] }
              : { type: action.type, playerID, args: 'arg' in action ? [action.arg] : [] };
          const result = transitionGame(machine, ours, event);
          theirs = transition(machine, theirs, event)[0] as Snapshot;
          ours = result.snapshot;
          expect(ours.value).toEqual(theirs.value);
          expect(ours.context).toEqual(theirs.context);
          // A rejection is reported exactly when nothing changed.
          if (result.rejection) expect(result.rejection.code).toEqual(expect.any(String));
        }
      },
    ),
    { numRuns: 60, seed: 7 },
  );
});

test('transitionGame reports the reason of a refused request and keeps the snapshot', () => {
  const machine = createGameMachine({ moves: { a: () => undefined } }, { numPlayers: 2 });
  const start = createActor(machine, { input: { seed: 's' } }).getSnapshot();
  const refused = transitionGame(machine, start, { type: 'move.a', playerID: '1', args: [] });
  expect(refused.rejection).toMatchObject({ code: 'PLAYER_NOT_ACTIVE' });
  expect(refused.snapshot.context).toBe(start.context);
  const accepted = transitionGame(machine, start, { type: 'endTurn', playerID: '0', args: [] });
  expect(accepted.rejection).toBeUndefined();
  expect(accepted.snapshot.context.ctx.currentPlayer).toBe('1');
  expect(accepted.snapshot.value).toEqual({
    phases: { '(no phase)': { turn: { player0: 'idle', player1: 'active' } } },
  });
});
