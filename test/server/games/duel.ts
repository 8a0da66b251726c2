/** The discard-duel card game (phases, a discard stage, dice, redacted moves) as a served game module. */
import * as lib from 'turnchart';
import { discardDuel } from '../../boardgameio/games/discard-duel';

export default discardDuel(lib as any);
