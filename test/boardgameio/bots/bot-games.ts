/**
 * The games the bot tests play: tic-tac-toe with boardgame.io's
 * `ai.enumerate` (the empty cells), built for either library, and the two
 * libraries' bot APIs side by side.
 */
import { createRequire } from 'node:module';
import * as turnchart from 'turnchart/boardgameio';
import { ticTacToe, type TicTacToeState } from '../games/tic-tac-toe';
import { libOf, type Engine } from '../support';

const require_ = createRequire(__filename);
const bgioAi = require_('boardgame.io/ai');

export interface BotLib {
  RandomBot: any;
  MCTSBot: any;
  Step: (client: any, bot: any) => Promise<any>;
  Simulate: (options: any) => Promise<{ state: any; metadata: any }>;
}

export const botLibOf = (engine: Engine): BotLib => (engine === 'bgio' ? bgioAi : turnchart);

/** The empty cells, in order: every listed action is legal. */
export const enumerateCells = (G: TicTacToeState) =>
  G.cells.flatMap((cell, id) => (cell === null ? [{ move: 'clickCell', args: [id] }] : []));

/** A fresh tic-tac-toe game object for `engine`, with bots' `ai.enumerate`. */
export const botTicTacToe = (engine: Engine) => ({ ...ticTacToe(libOf(engine)), ai: { enumerate: enumerateCells } });

/** G, ctx and the PRNG state: what two engines' end states must share. */
export const outcome = (state: any) => ({ G: state.G, ctx: state.ctx, random: state.plugins?.random?.data });
