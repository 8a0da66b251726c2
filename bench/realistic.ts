/**
 * Realistic workloads: games written in the style of published boardgame.io
 * games (bench/games/), each played by a seeded random driver that mixes
 * legal actions with the refused ones real players send (a click on the
 * wrong cell, a move out of turn, an `endTurn` before `minMoves`). The
 * driver plays once on boardgame.io, recording every action; both engines
 * then replay that same list, whole games from a fresh match, through the
 * reducer API a server or a client uses (`InitializeGame`,
 * `CreateGameReducer`): turnchart/boardgameio against boardgame.io 0.50.2,
 * and for the 0.4x game turnchart/legacy against boardgame.io 0.49.13.
 *
 * Before timing, `verifyReplay` (realistic-replay.ts) checks that both engines end in the same G
 * and ctx, refuse the same actions, and print the same lines. While timed,
 * console.log and console.error print nothing: both engines print the same
 * lines (boardgame.io's `INFO:` and `ERROR:`), and what a terminal costs
 * is the terminal's, not an engine's.
 */
import { checkersWorkload } from './realistic-games/checkers';
import type { RealisticGame } from './realistic-games/driver';
import { harvestWorkload } from './realistic-games/harvest';
import { skirmishWorkload } from './realistic-games/skirmish-04x';
import { tricksWorkload } from './realistic-games/tricks';

/** The realistic workloads, one a game (bench/realistic-games/), in the order the benchmark prints them. */
export const REALISTIC_GAMES: RealisticGame[] = [checkersWorkload, tricksWorkload, harvestWorkload, skirmishWorkload];
