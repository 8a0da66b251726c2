/** What a realistic workload's driver is made of: the actions it sends, its seeded randomness, the game it plays. */
import type { BenchLib } from '../games/lib';

export type Action = { type: 'MAKE_MOVE' | 'GAME_EVENT'; payload: { type: string; args: unknown[]; playerID: string } };
export type State = { G: any; ctx: any; transients?: { error?: { type: string } } };

export const move = (name: string, playerID: string, ...args: unknown[]): Action => ({
  type: 'MAKE_MOVE',
  payload: { type: name, args, playerID },
});
export const event = (name: string, playerID: string, ...args: unknown[]): Action => ({
  type: 'GAME_EVENT',
  payload: { type: name, args, playerID },
});

/** A seeded uniform random number in [0, 1) (a linear congruential generator: the driver needs no quality). */
export function prng(seed: number): () => number {
  let x = seed;
  return () => (x = (x * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
}
export type Rand = () => number;
export const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)];
export const int = (rand: Rand, n: number) => Math.floor(rand() * n);

export interface RealisticGame {
  name: string;
  /** What the row says: the game, and what is compared. */
  label: string;
  numPlayers: number;
  /** The API generation: 0.50 runs on turnchart/boardgameio vs boardgame.io 0.50.2, 0.4x on turnchart/legacy vs 0.49.13. */
  api: '0.50' | '0.4x';
  make: (lib: BenchLib) => object;
  /** The driver: the next action for this state (legal or not). */
  choose: (state: State, rand: Rand) => Action;
  /** Safety bound on one game's actions. */
  maxActions: number;
  /** Pass-and-play: the app calls `client.updatePlayerID` before every action, not only when the seat changes. */
  hotSeat?: boolean;
}

export const otherOf = (player: string) => (player === '0' ? '1' : '0');
