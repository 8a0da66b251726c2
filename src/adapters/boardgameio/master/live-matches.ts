/**
 * The matches the server is playing: each loaded once from the store and
 * kept in memory while clients are connected, every change to a match run
 * one at a time (a fastq queue per match), and every change committed to the
 * store before the cache takes it, so what clients are told is always what
 * the store holds.
 */
import fastq from 'fastq';
import type { BoundGame } from '../taped-game';
import type { LogEntry, State } from '../types';
import { stateOfStored, storedStateOf } from './match-snapshot';
import type { MatchStore, StoredMatch } from './match-store';
import type { NewMatch } from './match-setup';
import type { MatchMetadata, ServerGame } from './types';

export type ServerBoundGame = BoundGame & { game: ServerGame };

/** The most requests one match may have waiting. */
export const MAX_WAITING = 256;

type Task = () => unknown;

export interface LiveMatch {
  readonly matchID: string;
  readonly bound: ServerBoundGame;
  state: State;
  metadata: MatchMetadata;
  readonly initialState: State;
}

export class LiveMatches {
  protected readonly cache = new Map<string, LiveMatch>();
  /** A match's queue, kept while the match is held or has tasks. */
  private readonly queues = new Map<string, fastq.queueAsPromised<Task>>();
  private readonly holders = new Map<string, number>();
  /** Told of every state a match is created with or committed (the server's deadline timers). */
  onState: ((matchID: string, state: State) => void) | undefined;

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
    let queue = this.queues.get(matchID);
    if (!queue) this.queues.set(matchID, (queue = fastq.promise(async (job: Task) => job(), 1)));
    if (queue.length() >= MAX_WAITING)
      return Promise.reject({ error: 'busy', message: `match ${matchID} has too many requests waiting` });
    const done = queue.push(task) as Promise<T>;
    // (When a task settles, the next one, if any, has started: an idle queue has none left.)
    void done.catch(() => undefined).then(() => this.evictIfIdle(matchID));
    return done;
  }

  /** Resolves when every queued task of every match has finished. */
  async drain(): Promise<void> {
    while ([...this.queues.values()].some((queue) => !queue.idle()))
      await Promise.all([...this.queues.values()].map((queue) => queue.drained()));
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
    this.onState?.(matchID, match.initialState);
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
    this.onState?.(live.matchID, next);
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
    if (this.holders.has(matchID) || this.queues.get(matchID)?.idle() === false) return;
    this.cache.delete(matchID);
    this.queues.delete(matchID);
  }
}
