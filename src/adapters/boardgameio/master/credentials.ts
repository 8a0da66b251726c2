/**
 * boardgame.io 0.50's credential rules. A match whose seats have no
 * credentials yet (nobody joined through the lobby) is open: any client
 * may act for any seat, as in boardgame.io. Once a seat has credentials,
 * every seat of that match needs its own to act. A custom
 * `authenticateCredentials` is asked for every request instead.
 */
import { randomBytes } from 'node:crypto';
import type { AuthenticateCredentials, GenerateCredentials, MatchMetadata, PlayerMetadata } from './types';

/** 21 url-safe random characters, like boardgame.io's nanoid credentials. */
export function randomCredentials(): string {
  return randomBytes(16).toString('base64url').slice(0, 21);
}

function requiresAuthentication(metadata: MatchMetadata | undefined): boolean {
  if (!metadata) return false;
  return Object.values(metadata.players).some((player) => !!(player && player.credentials));
}

function authentic(credentials: unknown, player: PlayerMetadata | undefined): boolean {
  return (
    typeof credentials === 'string' && credentials !== '' && player !== undefined && credentials === player.credentials
  );
}

function seatOf(metadata: MatchMetadata | undefined, playerID: unknown): PlayerMetadata | undefined {
  if (!metadata || typeof playerID !== 'string') return undefined;
  return Object.prototype.hasOwnProperty.call(metadata.players, playerID)
    ? metadata.players[playerID as unknown as number]
    : undefined;
}

export class Auth {
  readonly generateCredentials: GenerateCredentials;
  private readonly custom: AuthenticateCredentials | undefined;

  constructor(
    options: { authenticateCredentials?: AuthenticateCredentials; generateCredentials?: GenerateCredentials } = {},
  ) {
    this.custom = typeof options.authenticateCredentials === 'function' ? options.authenticateCredentials : undefined;
    this.generateCredentials =
      typeof options.generateCredentials === 'function' ? options.generateCredentials : randomCredentials;
  }

  /** May a client holding `credentials` act as `playerID` in this match? Never throws. */
  async authenticate(metadata: MatchMetadata | undefined, playerID: unknown, credentials: unknown): Promise<boolean> {
    const seat = seatOf(metadata, playerID);
    if (this.custom) {
      try {
        return Boolean(await this.custom(credentials as string, seat as PlayerMetadata));
      } catch {
        return false;
      }
    }
    return requiresAuthentication(metadata) ? authentic(credentials, seat) : true;
  }
}
