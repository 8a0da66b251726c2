/**
 * A new match: its metadata (one seat per player, no names or credentials
 * yet) and its initial state on turnchart's engine, as boardgame.io's
 * `createMatch` makes them. A refused `setupData` or seat count is an
 * error message, not an exception.
 */
import { GameStartError } from '../../../machines';
import { startMatch } from '../match-start';
import type { BoundGame } from '../taped-game';
import type { State } from '../types';
import type { MatchMetadata, ServerGame } from './types';

/** The most seats a match may have when the game sets no `maxPlayers`. */
export const MAX_SEATS = 64;

export interface NewMatch {
  metadata: MatchMetadata;
  initialState: State;
}

export function createMetadata(
  game: ServerGame,
  numPlayers: number,
  setupData: unknown,
  unlisted: unknown,
  now = Date.now(),
): MatchMetadata {
  const metadata: MatchMetadata = {
    gameName: game.name,
    unlisted: !!unlisted,
    players: {},
    createdAt: now,
    updatedAt: now,
  };
  if (setupData !== undefined) metadata.setupData = setupData;
  for (let seat = 0; seat < numPlayers; seat++) metadata.players[seat] = { id: seat };
  return metadata;
}

/** Why a seat count is refused for this game, or undefined. */
export function seatCountError(game: ServerGame, numPlayers: number): string | undefined {
  if (!Number.isInteger(numPlayers) || numPlayers < 1) return 'Invalid numPlayers';
  if (game.minPlayers && numPlayers < game.minPlayers) return 'Invalid numPlayers';
  if (numPlayers > (game.maxPlayers || MAX_SEATS)) return 'Invalid numPlayers';
  return undefined;
}

/** A new match, or why it cannot be made. `numPlayers` defaults to 2, as in boardgame.io; `now`: the server's time. */
export function createMatch(
  bound: BoundGame & { game: ServerGame },
  options: { numPlayers?: number; setupData?: unknown; unlisted?: unknown; now?: number },
): NewMatch | { error: string } {
  const now = options.now ?? Date.now();
  const { game } = bound;
  const numPlayers = !options.numPlayers || typeof options.numPlayers !== 'number' ? 2 : options.numPlayers;
  const seatError = seatCountError(game, numPlayers);
  if (seatError) return { error: seatError };
  try {
    const setupDataError = game.validateSetupData?.(options.setupData, numPlayers);
    if (setupDataError !== undefined) return { error: String(setupDataError) };
    const { state } = startMatch(bound, numPlayers, options.setupData, now);
    return {
      metadata: createMetadata(game, numPlayers, options.setupData, options.unlisted, now),
      initialState: state,
    };
  } catch (error) {
    // A GameStartError already says that the game could not start.
    if (error instanceof GameStartError) return { error: error.message };
    return { error: `the game could not start: ${(error as Error)?.message ?? String(error)}` };
  }
}
