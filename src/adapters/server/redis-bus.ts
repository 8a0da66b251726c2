/**
 * The match bus over Redis pub/sub (`pubsub: 'redis://…'`): one connection
 * publishes, one subscribes, one channel per match. Redis delivers a
 * channel's messages in the order it received them; the receiving side
 * (cluster-matches.ts) orders them by match version anyway, since two
 * instances publish independently. ioredis (an optional peer dependency,
 * loaded on `connect()`) reconnects by itself and subscribes again.
 */
import type { Redis as RedisClient } from 'ioredis';
import type { BusHandlers, MatchBus } from './match-bus';
import { loadPeer } from './optional-peer';

export interface RedisBusOptions {
  /** `redis://[user:password@]host:port[/db]`. */
  url: string;
  /** Channel names are `<prefix><matchID>` (default `turnchart:match:`), so several deployments can share a Redis. */
  prefix?: string;
  /** Anything else for ioredis's connections (its RedisOptions). */
  redis?: IoredisOptions;
}

/** ioredis's RedisOptions, declared here so the package's types do not import ioredis's (an optional peer). */
export interface IoredisOptions {
  password?: string;
  username?: string;
  db?: number;
  tls?: object;
  [option: string]: unknown;
}

/** Is `pubsub` a Redis URL? */
export const isRedisUrl = (pubsub: string): boolean => /^rediss?:\/\//i.test(pubsub);

export class RedisBus implements MatchBus {
  private publisher: RedisClient | undefined;
  private subscriber: RedisClient | undefined;
  private readonly options: RedisBusOptions;
  private readonly prefix: string;

  constructor(options: RedisBusOptions | string) {
    this.options = typeof options === 'string' ? { url: options } : options;
    this.prefix = this.options.prefix ?? 'turnchart:match:';
  }

  get where(): string {
    return this.options.url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
  }

  async connect(handlers: BusHandlers): Promise<void> {
    if (this.publisher) return;
    const Redis = await loadPeer<typeof import('ioredis').default>('ioredis', 'Redis pub/sub (pubsub: redis://…)');
    const publisher = new Redis(this.options.url, {
      lazyConnect: true,
      ...this.options.redis,
    });
    const subscriber = publisher.duplicate();
    let lastError: Error | undefined;
    for (const client of [publisher, subscriber]) {
      // ioredis retries on its own; an error event without a listener would end the process.
      client.on('error', (error: Error) => {
        lastError = error;
        console.error(`turnchart server: Redis (${this.where}): ${error.message}`);
      });
    }
    try {
      await Promise.all([publisher.connect(), subscriber.connect()]);
    } catch (error) {
      publisher.disconnect();
      subscriber.disconnect();
      // connect() rejects with "Connection is closed."; the error event said why (ECONNREFUSED, auth…).
      throw new Error(`RedisBus (${this.where}): ${(lastError ?? (error as Error)).message}`, { cause: error });
    }
    subscriber.on('message', (channel: string, message: string) => {
      if (channel.startsWith(this.prefix)) handlers.message(channel.slice(this.prefix.length), message);
    });
    // Every `ready` after the first is a reconnection.
    subscriber.on('ready', () => handlers.reconnected());
    this.publisher = publisher;
    this.subscriber = subscriber;
  }

  async subscribe(matchID: string): Promise<void> {
    await this.subscriber?.subscribe(this.prefix + matchID);
  }

  async unsubscribe(matchID: string): Promise<void> {
    await this.subscriber?.unsubscribe(this.prefix + matchID);
  }

  async publish(matchID: string, message: string): Promise<void> {
    await this.publisher?.publish(this.prefix + matchID, message);
  }

  async close(): Promise<void> {
    const clients = [this.publisher, this.subscriber];
    this.publisher = this.subscriber = undefined;
    // QUIT waits for a connection: with Redis down it would hold the shutdown for ioredis's retries.
    await Promise.all(
      clients.map((client) =>
        client?.status === 'ready' ? client.quit().catch(() => client.disconnect()) : client?.disconnect(),
      ),
    );
  }
}
