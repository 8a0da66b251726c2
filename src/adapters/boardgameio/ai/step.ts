/** boardgame.io's `Step(client, bot)`: the bot makes one move on the client, for the seat whose turn it is. */
import type { Action, ClientStore } from '../types';
import type { Bot, BotAction } from './bot';
import { BotError } from './bot-error';
import { seatToPlay } from './seat-to-play';

/** The dispatched action (with the bot's `metadata` in its payload), or undefined when the bot had nothing to play. */
export async function Step(
  client: { store: Pick<ClientStore, 'getState' | 'dispatch'> },
  bot: Pick<Bot, 'play'>,
): Promise<BotAction | undefined> {
  const state = client.store.getState();
  if (!state) throw new BotError('Step: the client has no state yet (a multiplayer client before its first sync)');
  const { action, metadata } = await bot.play(state, seatToPlay(state.ctx));
  if (!action) return undefined;
  const stepped: BotAction = { ...action, payload: { ...action.payload, metadata } };
  client.store.dispatch(stepped as Action);
  return stepped;
}
