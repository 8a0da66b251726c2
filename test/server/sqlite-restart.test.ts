/**
 * A log the worker finds past a quarter of its bound starts over in its own file
 * (a RESTART checkpoint, commits held meanwhile): with writes back to back
 * the file is not cut then (cutting a file costs the filesystem the freeing
 * of its blocks, with commits held), only past the bound, which holds; and
 * what was written reads back.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { GroupCommit } from '../../src/adapters/server/group-commit';
import { startCheckpoints } from '../../src/adapters/server/sqlite-checkpoints';
import { loadSqlite, type SqliteDatabase } from '../../src/adapters/server/sqlite-driver';
import { removeDir, tempDir } from './support';

const LIMIT = 16 * 1024 * 1024;
const ROWS = 16;
/** A row's text for a round: about 3 kB, a page of its own. */
const rowAt = (round: number, row: number) => `${round}:${row}:`.padEnd(3000, String.fromCharCode(97 + (round % 26)));

let dir: string;
let db: SqliteDatabase;
beforeEach(async () => {
  dir = tempDir();
  const Database = await loadSqlite();
  db = new Database(join(dir, 'log.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 0');
  db.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY, text TEXT)');
});
afterEach(() => removeDir(dir));

test('writes back to back: the log starts over in its file, under its bound, and the file is cut only past it', async () => {
  const file = join(dir, 'log.sqlite');
  const walSize = () => statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
  const checkpoints = startCheckpoints(db, file, 'NORMAL', LIMIT, 50);
  await checkpoints.ready;
  /** Commits held for an emptying while the log's file was within the bound: RESTARTs. */
  let restarts = 0;
  const group = new GroupCommit(db, () => {
    const wait = checkpoints.afterCommit();
    if (wait && walSize() <= LIMIT) restarts++;
    return wait;
  });
  const write = db.prepare('INSERT OR REPLACE INTO rows (id, text) VALUES (?, ?)');
  let largest = 0;
  let cutWithin = false;
  let size = 0;
  let round = 0;
  try {
    // Four times the bound of log, about 16 pages a round: unbounded, the file would reach 64 MB. A pause
    // between rounds leaves the worker's checkpoints a share of the machine as a server's would have; on a
    // machine busy enough to starve the worker, writing goes on until it has asked for a restart.
    const rounds = (4 * LIMIT) / (ROWS * 4096);
    for (; round < rounds || (restarts === 0 && round < 8 * rounds); round++) {
      await Promise.all(
        Array.from({ length: ROWS }, (_, row) => group.add(() => void write.run(row, rowAt(round, row)))),
      );
      await new Promise((resolve) => setTimeout(resolve, 1));
      const before = size;
      size = walSize();
      // Only the bound's TRUNCATE cuts the file, after a commit that left it past the bound.
      if (size < before && before <= LIMIT) cutWithin = true;
      largest = Math.max(largest, size);
    }
    // Past the bound by one round's pages at most.
    expect({ cutWithin, overBound: largest > LIMIT + ROWS * 2 * 4096 }).toEqual({ cutWithin: false, overBound: false });
    expect(restarts).toBeGreaterThan(0);
    const rows = db.prepare('SELECT id, text FROM rows ORDER BY id').all();
    expect(rows).toEqual(Array.from({ length: ROWS }, (_, row) => ({ id: row, text: rowAt(round - 1, row) })));
  } finally {
    group.flush();
    await checkpoints.stop();
    db.close();
  }
});
