/**
 * The engine's turn-order presets reach the engine as they are through
 * turnchart/boardgameio (taped-game.ts routes only the game's own functions
 * through the call tape): the flow works a round-robin `next` out without a
 * call, and the chart has no "the order ran out" edge a preset never takes.
 */
import { Client, TurnOrder } from '../../src/adapters/boardgameio';
import { bindGame } from '../../src/adapters/boardgameio/taped-game';

const phaseGame = (order: object) => ({
  phases: { main: { start: true, turn: { order } } },
  moves: { noop: () => undefined },
});

test('a preset order is the engine preset itself in the bound game; a game-written order is routed through the tape', () => {
  const own = { first: () => 0, next: ({ ctx }: any) => (ctx.playOrderPos + 1) % ctx.playOrder.length };
  const preset = bindGame(phaseGame(TurnOrder.DEFAULT) as never).turnchart.phases!.main.turn!.order!;
  const written = bindGame(phaseGame(own) as never).turnchart.phases!.main.turn!.order!;
  expect(preset.next).toBe(TurnOrder.DEFAULT.next);
  expect(preset.first).toBe(TurnOrder.DEFAULT.first);
  expect(written.next).not.toBe(own.next);
  expect(written.first).not.toBe(own.first);
});

test('with a preset order, a turn ended in a phase stays in the phase, and the chart follows it', () => {
  const client = Client({ game: phaseGame(TurnOrder.DEFAULT) as never, numPlayers: 3 });
  client.start();
  const actor = client.chart();
  for (let i = 0; i < 4; i++) client.events.endTurn!();
  const { ctx } = client.getState()!;
  expect([ctx.phase, ctx.turn, ctx.currentPlayer]).toEqual(['main', 5, '1']);
  expect(actor.getSnapshot().context.ctx).toEqual(ctx);
  client.stop();
});
