/**
 * The matches of one server instance among several that share a store
 * (Postgres) and, optionally, a bus (Redis pub/sub).
 *
 * Correct first: before each request of a match, the instance compares its
 * copy's version with the store's (one small read) and reloads the match if
 * another instance changed it, telling its own clients what they missed.
 * Every write is conditional on that version, so of two instances acting on
 * the same state one commits and the other reloads and decides again (the
 * request is then usually refused as stale, as on one instance).
 *
 * Then fast: after each commit the instance publishes the change with its
 * version, and the others apply it to their copies and pass it to their
 * clients, so the version read finds them current and no reload is needed.
 * Changes are applied in version order: one that arrives early (a gap)
 * makes the instance reload from the store instead, so a client never sees
 * states out of order.
 */
import { randomUUID } from 'node:crypto';
import type { LogEntry, State } from '../boardgameio/types';
import { LiveMatches, type LiveMatch, type ServerBoundGame } from '../boardgameio/master/live-matches';
import type { BusHandlers, ClusterMessage, MatchBus } from './match-bus';
import { filteredMetadata, type Broadcast } from '../boardgameio/master/match-master';
import { stateOfStored, storedStateOf } from '../boardgameio/master/match-snapshot';
import { StaleStateError } from '../boardgameio/master/match-store';
import type { MatchMetadata } from '../boardgameio/master/types';
import type { VersionedStore } from './versioned-store';

type VersionedLive = LiveMatch & { version: number };

/** Runs of a request after losing a race to another instance, before giving up. */
const ATTEMPTS = 10;
/** How long a request waits for its match's subscription before going on without it. */
const SUBSCRIBE_WAIT_MS = 2000;

type Payload = ClusterMessage extends infer M ? (M extends unknown ? Omit<M, 'from'> : never) : never;

export class ClusterMatches extends LiveMatches {
  /** Tells this instance's messages from the others'. */
  readonly instance = randomUUID();
  private readonly subscriptions = new Map<string, Promise<void>>();

  constructor(
    private readonly shared: VersionedStore,
    games: ReadonlyMap<string, ServerBoundGame>,
    private readonly bus: MatchBus | undefined,
    /** Sends to this instance's clients (the transport's broadcast). */
    private readonly deliver: (message: Broadcast) => void,
    private readonly report: (message: string) => void = (message) => console.error(message),
  ) {
    super(shared, games);
  }

  /** Connect the bus (the store is connected by the server). */
  async open(): Promise<void> {
    const handlers: BusHandlers = {
      message: (matchID, text) => this.received(matchID, text),
      reconnected: () => this.catchUpAll(),
    };
    await this.bus?.connect(handlers);
  }

  async close(): Promise<void> {
    await this.bus?.close();
  }

  /** The master's broadcast: to this instance's clients, and chat to the other instances' too. */
  broadcast = (message: Broadcast): void => {
    this.deliver(message);
    if (message.type === 'chat') this.publish(message.matchID, { kind: 'chat', message: message.message });
  };

  override run<T>(matchID: string, task: () => Promise<T> | T): Promise<T> {
    return super.run(matchID, async () => {
      for (let attempt = 1; ; attempt++) {
        await this.current(matchID);
        try {
          return await task();
        } catch (error) {
          // Another instance committed first: nothing was written here; reload and decide again.
          if (!(error instanceof StaleStateError) || attempt === ATTEMPTS) throw error;
        }
      }
    });
  }

  protected override async load(matchID: string): Promise<LiveMatch | undefined> {
    // Subscribed before reading, so no change committed after the read goes unheard.
    await this.subscribed(matchID);
    const stored = await this.shared.fetchVersioned(matchID);
    const live = this.liveOf(matchID, stored) as VersionedLive | undefined;
    if (live) live.version = stored!.version;
    return live;
  }

  protected override evictIfIdle(matchID: string): void {
    super.evictIfIdle(matchID);
    if (this.cache.has(matchID) || !this.subscriptions.has(matchID)) return;
    this.subscriptions.delete(matchID);
    this.bus
      ?.unsubscribe(matchID)
      .catch((error) => this.report(`turnchart server: unsubscribe failed: ${String(error)}`));
  }

  override async commitState(
    live: LiveMatch,
    next: State,
    deltalog: LogEntry[],
    metadata?: MatchMetadata,
  ): Promise<void> {
    const versioned = live as VersionedLive;
    const write = {
      state: storedStateOf(live.bound, next),
      stateID: next._stateID,
      expectedStateID: live.state._stateID,
      deltalog,
      metadata,
    };
    versioned.version = await this.shared.setStateAt(live.matchID, write, versioned.version);
    live.state = next;
    if (metadata) live.metadata = metadata;
    this.onState?.(live.matchID, next);
    this.publish(live.matchID, {
      kind: 'state',
      version: versioned.version,
      state: next,
      deltalog,
      metadata,
    });
  }

  override async commitMetadata(matchID: string, metadata: MatchMetadata): Promise<void> {
    const live = this.cache.get(matchID) as VersionedLive | undefined;
    // Not loaded means not served here (another game): nothing to compare with.
    if (!live) return this.shared.setMetadata(matchID, metadata);
    live.version = await this.shared.setMetadataAt(matchID, metadata, live.version);
    live.metadata = metadata;
    this.publish(matchID, {
      kind: 'metadata',
      version: live.version,
      metadata,
    });
  }

  override async wipe(matchID: string): Promise<void> {
    await super.wipe(matchID);
    this.publish(matchID, { kind: 'wiped' });
  }

  /** Make this instance's copy of the match the store's latest (loading it if absent). */
  private async current(matchID: string): Promise<void> {
    const live = this.cache.get(matchID) as VersionedLive | undefined;
    if (!live) {
      await this.get(matchID);
      return;
    }
    const version = await this.shared.version(matchID);
    if (version === live.version) return;
    if (version === undefined) this.cache.delete(matchID);
    else await this.reload(live);
  }

  /** Read the match again and tell this instance's clients what changed. */
  private async reload(live: VersionedLive): Promise<void> {
    const stored = await this.shared.fetchVersioned(live.matchID);
    if (!stored) {
      this.cache.delete(live.matchID);
      return;
    }
    const before = live.state;
    const metadataChanged = JSON.stringify(stored.metadata) !== JSON.stringify(live.metadata);
    live.version = stored.version;
    live.metadata = stored.metadata;
    const state = stateOfStored(live.bound, stored.state);
    if (state._stateID !== before._stateID) {
      const deltalog = await this.shared.fetchLogSince(live.matchID, before._stateID);
      live.state = state;
      this.announce(live, before, deltalog);
    }
    if (metadataChanged)
      this.deliver({
        type: 'matchData',
        matchID: live.matchID,
        metadata: filteredMetadata(live.metadata),
      });
  }

  /** Tell this instance's clients of the match's new state, as the master does after a commit. */
  private announce(live: LiveMatch, before: State, deltalog: LogEntry[]): void {
    const { matchID, state } = live;
    this.onState?.(matchID, state);
    const withLog = { ...state, deltalog };
    if (live.bound.game.deltaState)
      this.deliver({
        type: 'patch',
        matchID,
        prevStateID: before._stateID,
        prevState: before,
        state: withLog,
        deltalog,
      });
    else this.deliver({ type: 'update', matchID, state: withLog, deltalog });
  }

  private publish(matchID: string, payload: Payload): void {
    if (!this.bus) return;
    const text = JSON.stringify({ ...payload, from: this.instance });
    this.bus
      .publish(matchID, text)
      .catch((error) => this.report(`turnchart server: publishing to the other instances failed: ${String(error)}`));
  }

  private subscribed(matchID: string): Promise<void> {
    if (!this.bus) return Promise.resolve();
    let subscription = this.subscriptions.get(matchID);
    if (!subscription) {
      const subscribing = this.bus
        .subscribe(matchID)
        .catch((error) => this.report(`turnchart server: subscribe failed: ${String(error)}`));
      // The bus may be down: go on after a while (the version check keeps requests correct);
      // one wait per subscription, so a request retried after losing a race does not wait again.
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, SUBSCRIBE_WAIT_MS).unref());
      subscription = Promise.race([subscribing, timeout]);
      this.subscriptions.set(matchID, subscription);
    }
    return subscription;
  }

  private received(matchID: string, text: string): void {
    let message: ClusterMessage;
    try {
      message = JSON.parse(text);
    } catch {
      this.report(`turnchart server: an unreadable message on match ${matchID}'s channel`);
      return;
    }
    if (message.from === this.instance) return;
    if (message.kind === 'chat') {
      if (this.cache.has(matchID)) this.deliver({ type: 'chat', matchID, message: message.message });
      return;
    }
    // Subscribed but not loaded yet: the load is a task in the match's queue, so this message is applied after it.
    if (!this.cache.has(matchID) && !this.subscriptions.has(matchID)) return;
    // In the match's queue, after the requests before it. A full queue: those requests catch up themselves.
    super.run(matchID, () => this.apply(matchID, message)).catch(() => undefined);
  }

  private async apply(matchID: string, message: ClusterMessage): Promise<void> {
    const live = this.cache.get(matchID) as VersionedLive | undefined;
    if (!live) return;
    if (message.kind === 'wiped') {
      this.cache.delete(matchID);
      return;
    }
    if (message.kind === 'chat' || message.version <= live.version) return;
    if (message.version !== live.version + 1) return this.reload(live);
    live.version = message.version;
    if (message.kind === 'metadata' || message.metadata) live.metadata = message.metadata!;
    if (message.kind === 'state') {
      const before = live.state;
      live.state = message.state;
      this.announce(live, before, message.deltalog);
    } else {
      this.deliver({
        type: 'matchData',
        matchID,
        metadata: filteredMetadata(live.metadata),
      });
    }
  }

  /** After a break in the bus: bring every match in memory up to date. */
  private catchUpAll(): void {
    for (const matchID of this.cache.keys()) {
      super
        .run(matchID, () => this.current(matchID))
        .catch((error) => this.report(`turnchart server: catching up match ${matchID} failed: ${String(error)}`));
    }
  }
}
