/**
 * Group commit: the writes requested during one turn of the event loop run
 * in one transaction, each in its own savepoint, so one refused write (a
 * lost race) does not undo the others. Every write's promise settles after
 * COMMIT returned, i.e. once the transaction is in the database file.
 */
export interface TransactionRunner {
  begin(): void;
  commit(): void;
  rollback(): void;
  savepoint(): void;
  release(): void;
  rollbackToSavepoint(): void;
}

interface Pending {
  apply: () => void;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class WriteBatch {
  private pending: Pending[] = [];
  private scheduled = false;

  constructor(private readonly runner: TransactionRunner) {}

  /** Queue a write; resolves once committed, rejects if it (or the commit) failed. */
  write(apply: () => void): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ apply, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Run what is queued now (also used on close). */
  flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    const outcomes: (unknown | undefined)[] = [];
    try {
      this.runner.begin();
      for (const { apply } of batch) {
        this.runner.savepoint();
        try {
          apply();
          this.runner.release();
          outcomes.push(undefined);
        } catch (error) {
          this.runner.rollbackToSavepoint();
          this.runner.release();
          outcomes.push(error ?? new Error('write failed'));
        }
      }
      this.runner.commit();
    } catch (error) {
      try {
        this.runner.rollback();
      } catch {
        // no transaction left to roll back
      }
      for (const { reject } of batch) reject(error);
      return;
    }
    batch.forEach(({ resolve, reject }, i) => (outcomes[i] === undefined ? resolve() : reject(outcomes[i])));
  }
}
