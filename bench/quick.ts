import { createActor } from 'xstate';
import { createGameMachine } from '../src/index';
import { createRequire } from 'node:module';
const require_ = createRequire(import.meta.url);
const bgio = require_('boardgame.io/internal');
const game = () => ({ moves: { A: ({ G }: any) => G }, endIf: () => false });
function time(label: string, n: number, fn: () => void) {
  const t = process.hrtime.bigint(); for (let i = 0; i < n; i++) fn(); const ms = Number(process.hrtime.bigint() - t) / 1e6;
  console.log(label, Math.round(n / ms * 1000), 'ops/s');
}
for (const seats of [2, 8, 16]) {
  const g = game();
  const actor = createActor(createGameMachine(g, { numPlayers: seats }), { input: { seed: 's' } }).start();
  time(`tc move ${seats}`, 20000, () => actor.send({ type: 'move.A', playerID: actor.getSnapshot().context.ctx.currentPlayer, args: [] }));
  time(`tc endTurn ${seats}`, 20000, () => actor.send({ type: 'endTurn', playerID: actor.getSnapshot().context.ctx.currentPlayer, args: [] }));
  const bg = game(); let s = bgio.InitializeGame({ game: bg, numPlayers: seats }); const red = bgio.CreateGameReducer({ game: bg });
  time(`bgio move ${seats}`, 20000, () => { s = red(s, { type: 'MAKE_MOVE', payload: { type: 'A', args: [], playerID: s.ctx.currentPlayer } }); });
  time(`bgio endTurn ${seats}`, 20000, () => { s = red(s, { type: 'GAME_EVENT', payload: { type: 'endTurn', args: [], playerID: s.ctx.currentPlayer } }); });
}
