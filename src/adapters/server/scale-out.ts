/**
 * How a server's matches are held: on their own (LiveMatches, the SQLite
 * and in-memory stores) or as one instance among several (ClusterMatches,
 * over a shared store such as Postgres, with a bus such as Redis pub/sub
 * telling the instances of each other's changes).
 */
import { ClusterMatches } from './cluster-matches';
import { LiveMatches, type ServerBoundGame } from '../boardgameio/master/live-matches';
import type { MatchBus } from './match-bus';
import type { Broadcast } from '../boardgameio/master/match-master';
import type { MatchStore } from '../boardgameio/master/match-store';
import { isRedisUrl, RedisBus } from './redis-bus';
import { isVersionedStore } from './versioned-store';

export interface ScaleOut {
  matches: LiveMatches;
  /** What the master broadcasts through. */
  broadcast: (message: Broadcast) => void;
  open(): Promise<void>;
  close(): Promise<void>;
}

function busOf(pubsub: string | MatchBus): MatchBus {
  if (typeof pubsub !== 'string') return pubsub;
  if (isRedisUrl(pubsub)) return new RedisBus(pubsub);
  throw new Error(`pubsub takes a redis:// URL or a MatchBus, not ${JSON.stringify(pubsub.split(':')[0])}`);
}

export function scaleOut(
  store: MatchStore,
  games: ReadonlyMap<string, ServerBoundGame>,
  pubsub: string | MatchBus | undefined,
  deliver: (message: Broadcast) => void,
): ScaleOut {
  if (!isVersionedStore(store)) {
    if (pubsub !== undefined)
      throw new Error(
        'pubsub connects instances that share a store: use a Postgres db (postgres://…), not a file or memory of one process',
      );
    return {
      matches: new LiveMatches(store, games),
      broadcast: deliver,
      open: async () => {},
      close: async () => {},
    };
  }
  const matches = new ClusterMatches(store, games, pubsub === undefined ? undefined : busOf(pubsub), deliver);
  return {
    matches,
    broadcast: matches.broadcast,
    open: () => matches.open(),
    close: () => matches.close(),
  };
}
