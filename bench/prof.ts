import { createActor } from 'xstate';
import { createGameMachine } from '../src/index';
const game = { moves: { A: ({ G }: any) => G }, endIf: () => false };
const actor = createActor(createGameMachine(game, { numPlayers: Number(process.env.SEATS ?? 16) }), { input: { seed: 's' } }).start();
const t = Date.now();
for (let i = 0; i < 20000; i++) {
  actor.send({ type: 'move.A', playerID: actor.getSnapshot().context.ctx.currentPlayer, args: [] });
  if (process.env.ET) actor.send({ type: 'endTurn', playerID: actor.getSnapshot().context.ctx.currentPlayer, args: [] });
}
console.log(Date.now() - t, 'ms');
