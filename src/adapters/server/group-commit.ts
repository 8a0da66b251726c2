/**
 * Writes asked for during one turn of the event loop share one SQLite
 * transaction, committed at the end of the turn or once it holds
 * `MAX_WRITES` writes; each write's promise
 * settles after that COMMIT returned, so an action is acknowledged only
 * once it is in the file. One commit per turn instead of one per write
 * costs less CPU per write (docs/performance.md, "Served matches").
 *
 * A write that throws (a state that lost its race) is refused alone: the
 * store's writes check before they change anything. A failure of the
 * transaction itself (disk full, I/O) refuses every write of the turn.
 *
 * After a commit, `afterCommit` may hand back a promise (a checkpoint the
 * log needs: sqlite-checkpoints.ts); the next commit waits for it, and the
 * writes asked for meanwhile share that commit.
 */
import type { SqliteDatabase, SqliteStatement } from './sqlite-driver';

/**
 * Writes per commit at most. A busy server reads hundreds of moves in one
 * turn of the event loop; held until the turn's end, every one of them (its
 * state, its texts, its promises) outlived the young generation's
 * collections, which then copied and promoted them. Committing every 16
 * writes keeps most of the saving of one commit for many writes.
 */
export const MAX_WRITES = 16;

interface PendingWrite {
  write: () => void;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class GroupCommit {
  private pending: PendingWrite[] = [];
  private held = false;
  private readonly begin: SqliteStatement;
  private readonly commit: SqliteStatement;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly afterCommit: () => Promise<void> | undefined = () => undefined,
    /** A commit holds at most this many writes: the one that fills it commits at once, without waiting for the turn's end. */
    private readonly maxWrites = MAX_WRITES,
  ) {
    this.begin = db.prepare('BEGIN IMMEDIATE');
    this.commit = db.prepare('COMMIT');
  }

  /** Run `write` in this turn's transaction; resolves once it is committed. */
  add(write: () => void): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ write, resolve, reject });
      if (this.held) return;
      if (this.pending.length === 1) setImmediate(this.flushTurn);
      else if (this.pending.length >= this.maxWrites) this.flush();
    });
  }

  /** The turn's end: commit what is pending, unless a checkpoint holds commits (its end commits them). */
  private readonly flushTurn = (): void => {
    if (!this.held) this.flush();
  };

  /** Commit what is pending now (also before the database closes, held or not). */
  readonly flush = (): void => {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    const outcomes: unknown[] = [];
    try {
      this.begin.run();
      for (const { write } of batch) {
        try {
          write();
          outcomes.push(undefined);
        } catch (error) {
          outcomes.push(error ?? new Error('write failed'));
        }
      }
      this.commit.run();
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      for (const { reject } of batch) reject(error);
      return;
    }
    batch.forEach(({ resolve, reject }, i) => (outcomes[i] === undefined ? resolve() : reject(outcomes[i])));
    this.holdFor(this.afterCommit());
  };

  private holdFor(wait: Promise<void> | undefined): void {
    if (!wait || this.held) return;
    this.held = true;
    const resume = () => {
      this.held = false;
      if (this.pending.length > 0) setImmediate(this.flushTurn);
    };
    wait.then(resume, resume);
  }
}
