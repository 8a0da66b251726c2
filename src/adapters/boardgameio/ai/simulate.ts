/**
 * boardgame.io's `Simulate`: bots play the game from `state` on turnchart's
 * reducer until it ends, a bot has nothing to play, or `depth` actions.
 */
import { CreateGameReducer } from '../game-reducer';
import type { BoardgameGame, State } from '../types';
import type { Bot } from './bot';
import { BotError } from './bot-error';
import { seatToPlay } from './seat-to-play';

export interface SimulateOptions {
  game: BoardgameGame;
  /** One bot for every seat, or one per seat. */
  bots: Pick<Bot, 'play'> | Record<string, Pick<Bot, 'play'>>;
  state: State;
  /** At most this many actions (10000 by default). */
  depth?: number;
}

const isBot = (bots: SimulateOptions['bots']): bots is Pick<Bot, 'play'> =>
  typeof (bots as Pick<Bot, 'play'>).play === 'function';

/** The state it stopped at, and the metadata of the last action played. */
export async function Simulate({ game, bots, state, depth = 10000 }: SimulateOptions): Promise<{
  state: State;
  metadata: unknown;
}> {
  const reducer = CreateGameReducer({ game });
  let metadata: unknown = null;
  for (let played = 0; state.ctx.gameover === undefined && played < depth; played++) {
    const playerID = seatToPlay(state.ctx);
    const bot = isBot(bots) ? bots : Object.prototype.hasOwnProperty.call(bots, playerID) ? bots[playerID] : undefined;
    if (!bot) throw new BotError(`Simulate: no bot plays seat ${playerID}`);
    const { action, metadata: learnt } = await bot.play(state, playerID);
    if (!action) break;
    metadata = learnt;
    state = reducer(state, action) as State;
  }
  return { state, metadata };
}
