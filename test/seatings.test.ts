/**
 * A turn that ends enters itself again straight into the next turn's
 * seating, one edge per rule and seating (src/machines/chart/seatings.ts);
 * a seating no edge lists is reached seat by seat; a phase's turn starts
 * seat by seat, by the order's or the activePlayers config's `startTurn`
 * edges, whichever seated the player.
 */
import { createActor, type AnyStateNode, type InspectionEvent } from 'xstate';
import { createGameMachine, type Game } from 'turnchart';
import { chartAgreesWithCtx } from './support/invariants';

const noop = ({ G }: { G: unknown }) => G;

function play(game: Game, numPlayers: number, requests: { type: string; playerID: string; args?: unknown[] }[]) {
  const taken: string[][] = [];
  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.microstep')
      taken.push(
        event._transitions.map(
          (t) => `${t.source.parent?.key}.${t.source.key} ${t.eventType} [${(t.guard as { type?: string })?.type}]`,
        ),
      );
  };
  const actor = createActor(createGameMachine(game, { numPlayers }), { input: { seed: 'seatings' }, inspect }).start();
  for (const request of requests) {
    const before = actor.getSnapshot().context.stateID;
    taken.length = 0;
    actor.send({ args: [], ...request });
    expect(actor.getSnapshot().context.stateID).toBe(before + 1);
    const { value, context } = actor.getSnapshot();
    const problem = chartAgreesWithCtx(game, value, context.ctx);
    if (problem) throw new Error(problem);
  }
  return { actor, taken };
}

test('a turn end is one transition, into the next player’s seating, even with every other seat in a stage', () => {
  const game: Game = {
    moves: { act: noop },
    turn: { activePlayers: { currentPlayer: null, others: 'wait' }, stages: { wait: {} } },
  };
  const { actor, taken } = play(game, 4, [{ type: 'endTurn', playerID: '0' }]);
  expect(taken).toEqual([['(no phase).turn endTurn [turn.order.next]']]);
  expect(actor.getSnapshot().value).toEqual({
    phases: { '(no phase)': { turn: { player0: 'wait', player1: 'active', player2: 'wait', player3: 'wait' } } },
  });
  // One edge per seating for each rule: each of the four players next, with the full play order and with the
  // current player alone (pass({ remove })), and (`others` follows the play order) the turn entered seat by seat.
  const turn = createGameMachine(game, { numPlayers: 4 }).root.states.phases.states['(no phase)'].states
    .turn as AnyStateNode;
  const byOrder = turn.transitions
    .get('endTurn')!
    .filter((t) => (t.guard as { type: string }).type === 'turn.order.next');
  expect(byOrder.map((t) => (t.guard as { params: { seating?: string } }).params.seating)).toEqual([
    'active,wait,wait,wait',
    'active,idle,idle,idle',
    'wait,active,wait,wait',
    'idle,active,idle,idle',
    'wait,wait,active,wait',
    'idle,idle,active,idle',
    'wait,wait,wait,active',
    'idle,idle,idle,active',
    undefined,
  ]);
});

test('a player the order and the activePlayers config can both seat keeps both startTurn edges', () => {
  // Entering the null phase seats player 0 by the config (`others` of player 1's turn)
  // or by the order (player 0's turn, whose `others` is empty): both rules, one seating.
  const game: Game = {
    moves: { m: noop },
    phases: { C: { start: true, moves: { end: ({ events }) => void events.endPhase() } } },
    turn: {
      activePlayers: { others: null, minMoves: 1, maxMoves: 1 },
      onBegin: ({ events }) => void events.setActivePlayers({ all: null }),
    },
  };
  const { actor } = play(game, 2, [{ type: 'move.end', playerID: '0' }]);
  expect(actor.getSnapshot().value).toEqual({
    phases: { '(no phase)': { turn: { player0: 'active', player1: 'active' } } },
  });
  const idle = createGameMachine(game, { numPlayers: 2 }).root.states.phases.states['(no phase)'].states.turn.states
    .player0.states.idle as AnyStateNode;
  expect(idle.transitions.get('startTurn')!.map((t) => (t.guard as { type: string }).type)).toEqual([
    'turn.order',
    'turn.activePlayers',
  ]);
});

test('a play order no seating lists: the turn is entered with every seat idle, then seated seat by seat', () => {
  const game: Game = {
    moves: { act: noop },
    turn: {
      order: {
        first: () => 0,
        next: ({ ctx }) => (ctx.playOrderPos + 1) % ctx.playOrder.length,
        playOrder: () => ['0', '2'],
      },
      activePlayers: { others: 'watch' },
      stages: { watch: {} },
    },
  };
  // Player 0's turn in the play order ['0', '2']: only player 2 watches (and may end the turn).
  const { actor, taken } = play(game, 3, [{ type: 'endTurn', playerID: '2' }]);
  // Player 2's turn: only player 0 watches, which no listed seating has.
  expect(actor.getSnapshot().value).toEqual({
    phases: { '(no phase)': { turn: { player0: 'watch', player1: 'idle', player2: 'idle' } } },
  });
  expect(taken).toEqual([
    ['(no phase).turn endTurn [turn.order.next]'],
    ['player0.idle startTurn [turn.activePlayers]'],
  ]);
});
