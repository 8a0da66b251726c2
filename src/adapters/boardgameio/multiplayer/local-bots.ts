/**
 * The bots of `Local({ bots })`: as in boardgame.io's local master, each
 * listed seat is played by a bot built with the game, its `ai.enumerate`
 * and its `seed`. Whenever the match reaches a state where a bot's seat may
 * act, that bot plays after a short pause, through the master like any
 * client (so its action gets the same checks).
 */
import type { Bot, BotClass } from '../ai/bot';
import { BotError } from '../ai/bot-error';
import type { BoardgameGame, State } from '../types';
import { checkUpdate } from '../master/message-guards';

/** Bot classes by seat, e.g. `{ '1': MCTSBot }`. */
export type LocalBots = Record<string, BotClass>;

/** The pause before a bot acts, as in boardgame.io (it lets a human see each move). */
const BOT_DELAY_MS = 100;

/** Sends a bot's action to the master, as a client's update. */
export type BotUpdate = (action: unknown, stateID: number, matchID: string, playerID: string) => Promise<unknown>;

/** The bot seat that may act in `state`, if any (boardgame.io's rule: the first listed bot seat that is active). */
export function botSeatToPlay(state: State, seats: readonly string[]): string | null {
  const { ctx } = state;
  if (ctx.gameover !== undefined) return null;
  if (ctx.activePlayers) return seats.find((seat) => seat in ctx.activePlayers!) ?? null;
  return seats.includes(ctx.currentPlayer) ? ctx.currentPlayer : null;
}

/** Bad `bots` options are refused when the client is made: a game without `ai.enumerate`, a seat the match lacks, a non-class. */
export function checkBots(game: BoardgameGame, bots: unknown, numPlayers: number): asserts bots is LocalBots {
  if (bots === null || typeof bots !== 'object' || Array.isArray(bots))
    throw new BotError('Local: `bots` must map seats to bot classes, e.g. { "1": MCTSBot }');
  if (typeof game.ai?.enumerate !== 'function')
    throw new BotError(`Local: game ${game.name ?? ''} has no ai.enumerate(G, ctx, playerID), so bots cannot play it`);
  for (const [seat, bot] of Object.entries(bots)) {
    if (typeof bot !== 'function') throw new BotError(`Local: the bot for seat ${seat} must be a bot class`);
    if (!/^\d+$/.test(seat) || Number(seat) >= numPlayers)
      throw new BotError(`Local: there is no seat ${seat} for a bot in a ${numPlayers}-player match`);
  }
}

const report = (seat: string, error: unknown) =>
  console.error(`turnchart Local: the bot of seat ${seat} failed: ${(error as Error)?.message ?? String(error)}`);

export class LocalBotPlayers {
  private readonly bots = new Map<string, Bot>();
  /** Matches where a bot's turn is already on its way: one bot action at a time per match. */
  private readonly pending = new Set<string>();

  constructor(
    game: BoardgameGame,
    classes: LocalBots,
    private readonly update: BotUpdate,
  ) {
    for (const [seat, BotOf] of Object.entries(classes))
      this.bots.set(seat, new BotOf({ game, enumerate: game.ai!.enumerate, seed: game.seed }));
  }

  /** The match `matchID` is now at `state`: if a bot's seat may act, it plays after the pause. */
  reached(matchID: string, state: State): void {
    const seat = botSeatToPlay(state, [...this.bots.keys()]);
    if (seat === null || this.pending.has(matchID)) return;
    this.pending.add(matchID);
    const timer = setTimeout(() => void this.play(matchID, state, seat), BOT_DELAY_MS);
    // A match left mid-game must not keep the process alive.
    (timer as { unref?: () => void }).unref?.();
  }

  private async play(matchID: string, state: State, seat: string): Promise<void> {
    let checked: ReturnType<typeof checkUpdate>;
    try {
      const { action } = await this.bots.get(seat)!.play(state, seat);
      if (!action) throw new Error('ai.enumerate listed no action to play');
      checked = checkUpdate([action, state._stateID, matchID, action.payload.playerID ?? seat]);
      if (!checked.ok) throw new Error(checked.error);
    } catch (error) {
      this.pending.delete(matchID);
      return report(seat, error);
    }
    // Free before the update: its broadcast is what schedules the next bot turn.
    this.pending.delete(matchID);
    const { action, stateID, playerID } = checked.value;
    await this.update(action, stateID, matchID, playerID as string).catch((error) => report(seat, error));
  }
}
