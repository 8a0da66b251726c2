/** boardgame.io's `RandomBot`: plays one of the game's enumerated actions, chosen at random. */
import type { PlayerID } from '../../../machines';
import type { State } from '../types';
import { Bot, type BotPlay } from './bot';

export class RandomBot extends Bot {
  play({ G, ctx }: State, playerID: PlayerID): Promise<BotPlay> {
    return Promise.resolve({ action: this.random(this.enumerate(G, ctx, playerID)) });
  }
}
