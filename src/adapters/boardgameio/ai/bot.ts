/* eslint-disable @typescript-eslint/no-explicit-any -- boardgame.io's bot API: its callbacks and options take any game's G and values */
/**
 * boardgame.io's `Bot` base class (boardgame.io/ai), on turnchart: it turns
 * a game's `ai.enumerate(G, ctx, playerID)` entries into boardgame.io
 * actions, holds the tunable options a debug panel shows, and draws its
 * choices from Alea (the generator boardgame.io uses), so a bot with a
 * `seed` picks the same actions on both engines.
 */
import { RandomSource, type RandomState, type Ctx, type PlayerID } from '../../../machines';
import { gameEvent, makeMove } from '../action-creators';
import type { EventAction, MoveAction, State } from '../types';
import { BotError } from './bot-error';

/** What `ai.enumerate` may list: `{ move, args }`, `{ event, args }`, or a ready action. */
export type EnumeratedAction =
  { move: string; args?: unknown[] } | { event: string; args?: unknown[] } | MoveAction | EventAction;

export type Enumerate = (G: any, ctx: Ctx, playerID: PlayerID) => EnumeratedAction[];

export type BotAction = MoveAction | EventAction;

export interface BotOptions {
  enumerate: Enumerate;
  seed?: string | number;
}

/** A tunable option: its current value and, for numbers, the range a UI may offer. */
export interface BotOption {
  range?: { min: number; max: number };
  value: any;
}

/** What `play` resolves to: the chosen action (none when there is nothing to play) and what the bot learnt. */
export interface BotPlay {
  action?: BotAction;
  metadata?: unknown;
}

/** A bot class, as `Local({ bots })` takes it: built with the game, its `ai.enumerate` and its seed. */
export type BotClass = new (options: BotOptions & { game: any }) => Bot;

function toAction(entry: EnumeratedAction, playerID: PlayerID): BotAction {
  if (typeof entry !== 'object' || entry === null)
    throw new BotError(`ai.enumerate listed ${String(entry)}; expected { move, args }, { event, args } or an action`);
  if ('payload' in entry) return entry;
  if ('move' in entry) return makeMove(entry.move, entry.args, playerID);
  if ('event' in entry) return gameEvent(entry.event, entry.args, playerID);
  throw new BotError('ai.enumerate listed an entry with neither `move`, `event` nor `payload`');
}

export abstract class Bot {
  iterationCounter = 0;
  readonly seed: string | number | undefined;
  private readonly enumerateFn: Enumerate;
  private readonly options: Record<string, BotOption> = {};
  /** The seeded generator's position; unused without a seed (then choices come from Math.random). */
  private prng: RandomState | undefined;

  constructor({ enumerate, seed }: BotOptions) {
    if (typeof enumerate !== 'function')
      throw new BotError('a bot needs `enumerate`: the game has no ai.enumerate(G, ctx, playerID)');
    this.enumerateFn = enumerate;
    this.seed = seed;
  }

  /** Pick an action for `playerID` in `state`. */
  abstract play(state: State, playerID: PlayerID): Promise<BotPlay>;

  addOpt({ key, range, initial }: { key: string; range?: { min: number; max: number }; initial: unknown }): void {
    this.options[key] = { range, value: initial };
  }

  getOpt(key: string): any {
    return this.options[key].value;
  }

  /** Changes only an option the bot declared, as boardgame.io does. */
  setOpt(key: string, value: unknown): void {
    if (key in this.options) this.options[key].value = value;
  }

  opts(): Record<string, BotOption> {
    return this.options;
  }

  /** The game's candidate actions for `playerID`, as actions by that player. */
  enumerate(G: any, ctx: Ctx, playerID: PlayerID): BotAction[] {
    const listed = this.enumerateFn(G, ctx, playerID);
    if (!Array.isArray(listed)) throw new BotError(`ai.enumerate must return an array, got ${typeof listed}`);
    return listed.map((entry) => toAction(entry, playerID));
  }

  /** A number in [0, 1); with an array, one of its items; with a number n, an integer below n. */
  random(): number;
  random<T>(choices: T[]): T;
  random(below: number): number;
  random(arg?: unknown[] | number): unknown {
    const number = this.seed === undefined ? Math.random() : this.nextSeeded(this.seed);
    // boardgame.io tests truthiness: 0 gives the bare number, an empty array `undefined`.
    if (!arg) return number;
    if (Array.isArray(arg)) return arg[Math.floor(number * arg.length)];
    return Math.floor(number * arg);
  }

  private nextSeeded(seed: string | number): number {
    const source = new RandomSource(this.prng ?? { seed });
    const number = source.next();
    this.prng = source.state;
    return number;
  }
}
