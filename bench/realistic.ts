/**
 * Realistic workloads: games written the way published boardgame.io games
 * are (bench/games/), each played by a seeded random driver that mixes
 * legal actions with the refused ones real players send (a click on the
 * wrong cell, a move out of turn, an `endTurn` before `minMoves`). The
 * driver plays once on boardgame.io's reducer, recording every action;
 * `verifyReplay` (realistic-replay.ts) checks that both engines' reducers
 * end alike, refuse alike and print alike, and `verifyClients`
 * (realistic-split.ts) that both engines' clients reach the same G and ctx
 * after the same accepted actions. Then both engines replay the recordings
 * through their `Client`, as an app does (realistic-clients.ts), timed with
 * the game's code apart (game-clock.ts).
 */
import { battleshipWorkload } from './realistic-games/battleship';
import { caravanWorkload } from './realistic-games/caravan';
import { checkersWorkload } from './realistic-games/checkers';
import { draftWorkload } from './realistic-games/draft';
import type { RealisticGame } from './realistic-games/driver';
import { harvestWorkload } from './realistic-games/harvest';
import { partyWorkload } from './realistic-games/party';
import { reversiWorkload } from './realistic-games/reversi';
import { skirmishWorkload } from './realistic-games/skirmish-04x';
import { tricksWorkload } from './realistic-games/tricks';

/** The realistic workloads, one a game (bench/realistic-games/), in the order the benchmark prints them. */
export const REALISTIC_GAMES: RealisticGame[] = [
  checkersWorkload,
  tricksWorkload,
  draftWorkload,
  reversiWorkload,
  skirmishWorkload,
  caravanWorkload,
  battleshipWorkload,
  partyWorkload,
  harvestWorkload,
];
