/**
 * The matches the server is playing: each loaded once from the store and
 * kept in memory while clients are connected, every change to a match run
 * one at a time (a queue per match), and every change committed to the
 * store before the cache takes it, so what clients are told is always what
 * the store holds.
 */
import type { BoundGame } from '../boardgameio/taped-game';
import type { LogEntry, State } from '../boardgameio/types';
import { stateOfStored, storedStateOf } from './match-snapshot';
import type { MatchStore, StoredMatch } from './match-store';
import type { NewMatch } from './match-setup';
import type { MatchMetadata, ServerGame } from './types';

export type ServerBoundGame = BoundGame & { game: ServerGame };

/** The most requests one match may have waiting. */
export const MAX_WAITING = 256;

export interface LiveMatch {
  readonly matchID: string;
  readonly bound: ServerBoundGame;
  state: State;
  metadata: MatchMetadata;
  readonly initialState: State;
}

export class LiveMatches {
  protected readonly cache = new Map<string, LiveMatch>();
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly waiting = new Map<string, number>();
  private readonly holders = new Map<string, number>();

  constructor(
    readonly store: MatchStore,
    private readonly games: ReadonlyMap<string, ServerBoundGame>,
  ) {}

  gameNamed(name: string): ServerBoundGame | undefined {
    return this.games.get(name);
  }

  /**
   * Run `task` after every earlier task of this match has finished. A match
   * with MAX_WAITING tasks queued refuses more (a client flooding it must
   * not grow the server's memory without bound).
   */
  run<T>(matchID: string, task: () => Promise<T> | T): Promise<T> {
    const count = this.waiting.get(matchID) ?? 0;
    if (count >= MAX_WAITING)
      return Promise.reject({ error: 'busy', message: `match ${matchID} has too many requests waiting` });
    this.waiting.set(matchID, count + 1);
    const counted = () => {
      const left = (this.waiting.get(matchID) ?? 1) - 1;
      if (left > 0) this.waiting.set(matchID, left);
      else this.waiting.delete(matchID);
      return task();
    };
    const previous = this.queues.get(matchID) ?? Promise.resolve();
    const next = previous.then(counted, counted);
    const tail = next.catch(() => undefined);
    this.queues.set(matchID, tail);
    void tail.then(() => {
      if (this.queues.get(matchID) === tail) {
        this.queues.delete(matchID);
        this.evictIfIdle(matchID);
      }
    });
    return next;
  }

  /** Resolves when every queued task of every match has finished. */
  async drain(): Promise<void> {
    while (this.queues.size > 0) await Promise.all([...this.queues.values()]);
  }

  /** The match, from memory or the store; undefined if there is none (or its game is not served). */
  async get(matchID: string): Promise<LiveMatch | undefined> {
    const cached = this.cache.get(matchID);
    if (cached) return cached;
    const live = await this.load(matchID);
    if (!live) return undefined;
    // Another task may have loaded it meanwhile (reads run outside the match's queue).
    const raced = this.cache.get(matchID);
    if (raced) return raced;
    this.cache.set(matchID, live);
    return live;
  }

  /** The match as the store has it (not cached). */
  protected async load(matchID: string): Promise<LiveMatch | undefined> {
    return this.liveOf(matchID, await this.store.fetch(matchID));
  }

  protected liveOf(matchID: string, stored: StoredMatch | undefined): LiveMatch | undefined {
    const bound = stored && this.games.get(stored.metadata.gameName);
    if (!stored || !bound) return undefined;
    return {
      matchID,
      bound,
      metadata: stored.metadata,
      state: stateOfStored(bound, stored.state),
      initialState: stateOfStored(bound, stored.initialState),
    };
  }

  /** Metadata only (the lobby): from memory when the match is live. */
  async metadata(matchID: string): Promise<MatchMetadata | undefined> {
    const cached = this.cache.get(matchID);
    return cached ? structuredClone(cached.metadata) : this.store.fetchMetadata(matchID);
  }

  log(matchID: string): Promise<LogEntry[]> {
    return this.store.fetchLog(matchID);
  }

  async create(matchID: string, bound: ServerBoundGame, match: NewMatch): Promise<void> {
    const state = storedStateOf(bound, match.initialState);
    await this.store.createMatch(matchID, { metadata: match.metadata, state, initialState: state });
  }

  /** Commit an action's result, then take it as the match's state. */
  async commitState(live: LiveMatch, next: State, deltalog: LogEntry[], metadata?: MatchMetadata): Promise<void> {
    await this.store.setState(live.matchID, {
      state: storedStateOf(live.bound, next),
      stateID: next._stateID,
      expectedStateID: live.state._stateID,
      deltalog,
      metadata,
    });
    live.state = next;
    if (metadata) live.metadata = metadata;
  }

  /** Commit new metadata, then take it. */
  async commitMetadata(matchID: string, metadata: MatchMetadata): Promise<void> {
    await this.store.setMetadata(matchID, metadata);
    const cached = this.cache.get(matchID);
    if (cached) cached.metadata = metadata;
  }

  async wipe(matchID: string): Promise<void> {
    await this.store.wipe(matchID);
    this.cache.delete(matchID);
  }

  /** A connected client holds the match in memory until it lets go. */
  hold(matchID: string): void {
    this.holders.set(matchID, (this.holders.get(matchID) ?? 0) + 1);
  }

  letGo(matchID: string): void {
    const count = (this.holders.get(matchID) ?? 1) - 1;
    if (count > 0) this.holders.set(matchID, count);
    else this.holders.delete(matchID);
    this.evictIfIdle(matchID);
  }

  protected evictIfIdle(matchID: string): void {
    if (!this.holders.has(matchID) && !this.queues.has(matchID)) this.cache.delete(matchID);
  }
}
