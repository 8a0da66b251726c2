/**
 * The child process of sqlite-wal.test.ts: rounds of writes back to back
 * on a SQLite file whose log is held under a small limit, each committed
 * round printed, then killed with SIGKILL at the first commit at or after
 * `killAfter` rounds that sent the log to be emptied, with the next
 * round's writes waiting on that checkpoint (or, should the checkpoint
 * always be done before the child looks, at twice `killAfter`).
 *
 * Arguments: file, walSizeLimit, matches, first round, killAfter.
 */
import { statSync } from 'node:fs';
import { SqliteStore } from '../../src/adapters/server/sqlite-store';
import { createMatches, writeRound } from './wal-rounds';

async function main(): Promise<void> {
  const [file, limit, matchCount, first, killAfter] = process.argv.slice(2);
  const walSizeLimit = Number(limit);
  const matches = Number(matchCount);
  const store = new SqliteStore({ file, walSizeLimit });
  await store.connect();
  if (Number(first) === 1) await createMatches(store, matches);
  for (let round = Number(first); ; round++) {
    await writeRound(store, matches, round);
    process.stdout.write(`${round}\n`); // synchronous on a pipe: the parent has it before the kill
    const emptying = (statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0) > walSizeLimit;
    if ((round >= Number(killAfter) && emptying) || round >= 2 * Number(killAfter)) {
      void writeRound(store, matches, round + 1);
      process.kill(process.pid, 'SIGKILL');
    }
  }
}

main().catch((error) => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  process.exit(1);
});
