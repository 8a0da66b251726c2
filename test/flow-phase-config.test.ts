/**
 * A flow run looks its phase's config up once per phase (flow-run.ts): an
 * action that moves through several phases must still run each step with
 * the config of the phase ctx is in at that step (hooks, turn order, moves,
 * the null phase after the last one).
 */
import { createGame, TurnOrder, type Game } from 'turnchart';

interface G {
  log: string[];
}

const game: Game<G> = {
  setup: () => ({ log: [] }),
  phases: {
    a: {
      start: true,
      next: 'b',
      turn: { onBegin: ({ G, ctx }) => void G.log.push(`a turn ${ctx.currentPlayer}`) },
      onEnd: ({ G }) => void G.log.push('a end'),
      moves: { toB: ({ events }) => events.endPhase() },
    },
    b: {
      next: 'c',
      onBegin: ({ G }) => void G.log.push('b begin'),
      turn: {
        order: { ...TurnOrder.RESET, first: () => 1 },
        onBegin: ({ G, ctx }) => void G.log.push(`b turn ${ctx.currentPlayer}`),
      },
      // Ends as soon as it begins: the run goes on to c in the same action.
      endIf: ({ G }) => G.log.includes('b turn 1'),
      onEnd: ({ G }) => void G.log.push('b end'),
    },
    c: {
      turn: {
        order: { ...TurnOrder.RESET, first: () => 2 },
        onBegin: ({ G, ctx }) => void G.log.push(`c turn ${ctx.currentPlayer}`),
      },
      moves: { last: ({ events }) => events.endPhase() },
    },
  },
  turn: { onBegin: ({ G, ctx }) => void G.log.push(`no phase turn ${ctx.currentPlayer}`) },
  moves: { anywhere: ({ G }) => void G.log.push('anywhere') },
};

test('one action through several phases runs each step with its own phase config', () => {
  const match = createGame(game, { numPlayers: 3, seed: 1 });
  expect(match.move('toB', [], '0').ok).toBe(true);
  const { G, ctx } = match.getState();
  expect(ctx.phase).toBe('c');
  expect(ctx.currentPlayer).toBe('2');
  expect(G.log).toEqual(['a turn 0', 'a end', 'b begin', 'b turn 1', 'b end', 'c turn 2']);
  // c's moves now, not a's.
  expect(match.move('toB', [], '2')).toMatchObject({ ok: false, error: { code: 'MOVE_NOT_ALLOWED' } });
  // c has no next: the game goes on in no phase, with the game's own turn and moves.
  expect(match.move('last', [], '2').ok).toBe(true);
  expect(match.getState().ctx.phase).toBe(null);
  expect(match.move('anywhere', [], match.getState().ctx.currentPlayer).ok).toBe(true);
  expect(match.getState().G.log.slice(6)).toEqual(['no phase turn 0', 'anywhere']);
});
