/**
 * What server instances tell each other about the matches they share, and
 * the channel that carries it (Redis pub/sub: redis-bus.ts). Each match has
 * a channel of its own, which an instance subscribes to while it holds the
 * match, so an instance hears only of the matches its clients play.
 */
import type { LogEntry, State } from '../boardgameio/types';
import type { ChatMessage, MatchMetadata } from '../boardgameio/master/types';

/** A committed change (with the match version it made) or a chat message, from instance `from`. */
export type ClusterMessage = { from: string } & (
  | {
      kind: 'state';
      version: number;
      state: State;
      deltalog: LogEntry[];
      metadata?: MatchMetadata;
    }
  | { kind: 'metadata'; version: number; metadata: MatchMetadata }
  | { kind: 'wiped' }
  | { kind: 'chat'; message: ChatMessage }
);

export interface BusHandlers {
  message(matchID: string, message: string): void;
  /** The connection came back after a break: messages may have been missed. */
  reconnected(): void;
}

export interface MatchBus {
  connect(handlers: BusHandlers): Promise<void>;
  /** Resolves once messages published from now on will arrive. */
  subscribe(matchID: string): Promise<void>;
  unsubscribe(matchID: string): Promise<void>;
  publish(matchID: string, message: string): Promise<void>;
  close(): Promise<void>;
}
