/**
 * GroupCommit: the writes of one turn of the event loop share a transaction,
 * at most MAX_WRITES of them: the write that fills a commit commits at once,
 * the rest at the turn's end; each write settles after its COMMIT.
 */
import { GroupCommit, MAX_WRITES } from '../../src/adapters/server/group-commit';
import type { SqliteDatabase } from '../../src/adapters/server/sqlite-driver';

/** A database that records the statements run, in order ("BEGIN IMMEDIATE", "COMMIT", "write 3"...). */
function recordingDatabase() {
  const ran: string[] = [];
  let inTransaction = false;
  const db: SqliteDatabase = {
    prepare: (sql) => ({
      run: () => {
        ran.push(sql);
        inTransaction = sql.startsWith('BEGIN');
        return { changes: 0 };
      },
      get: () => undefined,
      all: () => [],
    }),
    exec: (sql) => {
      ran.push(sql);
      inTransaction = false;
    },
    pragma: () => undefined,
    close: () => {},
    get inTransaction() {
      return inTransaction;
    },
  };
  return { db, ran };
}

const commits = (ran: string[]) => ran.filter((sql) => sql === 'COMMIT').length;

test('a turn of fewer writes than a commit holds commits once, at the turn end', async () => {
  const { db, ran } = recordingDatabase();
  const group = new GroupCommit(db);
  const written = Array.from({ length: 3 }, (_, i) => group.add(() => void ran.push(`write ${i}`)));
  expect(ran).toEqual([]);
  await Promise.all(written);
  expect(ran).toEqual(['BEGIN IMMEDIATE', 'write 0', 'write 1', 'write 2', 'COMMIT']);
});

test('the write that fills a commit commits at once; the rest of the turn commits at its end', async () => {
  const { db, ran } = recordingDatabase();
  const group = new GroupCommit(db);
  const settled: number[] = [];
  const count = MAX_WRITES + 3;
  const written = Array.from({ length: count }, (_, i) =>
    group.add(() => void ran.push(`write ${i}`)).then(() => settled.push(i)),
  );
  // Before the turn ends: the first MAX_WRITES writes are in the file, the others wait.
  expect(commits(ran)).toBe(1);
  expect(ran.filter((sql) => sql.startsWith('write'))).toHaveLength(MAX_WRITES);
  await Promise.all(written);
  expect(commits(ran)).toBe(2);
  expect(ran.slice(-5)).toEqual([
    'BEGIN IMMEDIATE',
    ...[0, 1, 2].map((k) => MAX_WRITES + k).map((i) => `write ${i}`),
    'COMMIT',
  ]);
  expect(settled).toEqual(Array.from({ length: count }, (_, i) => i));
});

test('a write that throws is refused alone, in a commit that filled up', async () => {
  const { db } = recordingDatabase();
  const group = new GroupCommit(db, undefined, 2);
  const ok = group.add(() => {});
  const refused = group.add(() => {
    throw new Error('stale');
  });
  await expect(ok).resolves.toBeUndefined();
  await expect(refused).rejects.toThrow('stale');
});

test('a commit that filled up and started a checkpoint holds the rest of the turn until the checkpoint is done', async () => {
  const { db, ran } = recordingDatabase();
  let checkpointDone = () => {};
  const checkpoint = new Promise<void>((resolve) => (checkpointDone = resolve));
  // The first commit sends the log to be emptied; later ones do not.
  let afterCommits = 0;
  const group = new GroupCommit(db, () => (afterCommits++ === 0 ? checkpoint : undefined), 2);
  const settled: number[] = [];
  // The first write asks for the turn's end; the second fills the commit; the third and fourth come after it.
  const written = [0, 1, 2, 3].map((i) => group.add(() => void ran.push(`write ${i}`)).then(() => settled.push(i)));
  expect(commits(ran)).toBe(1);
  // The turn's end passes (and more turns): writes 2 and 3 wait for the checkpoint, not for the turn.
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
  expect(commits(ran)).toBe(1);
  expect(settled).toEqual([0, 1]);
  checkpointDone();
  await Promise.all(written);
  expect(ran.slice(-4)).toEqual(['BEGIN IMMEDIATE', 'write 2', 'write 3', 'COMMIT']);
  expect(settled).toEqual([0, 1, 2, 3]);
});
