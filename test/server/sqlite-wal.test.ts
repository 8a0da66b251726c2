/**
 * The SQLite store's write-ahead log stays under its limit whatever the
 * writes: rounds of commits back to back, where the worker's PASSIVE
 * checkpoints never catch up (the log is read after every commit, so the
 * bound is by commit, not by time). What was written reads back whole, and
 * a process killed while its log is being emptied loses nothing committed.
 */
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { SqliteStore } from '../../src/adapters/server/sqlite-store';
import { bundleScript, removeDir, tempDir } from './support';
import { createMatches, logEntryAt, matchIDs, stateAt, writeRound } from './wal-rounds';

const MATCHES = 8;
const LIMIT = 4 * 1024 * 1024;
/** Over the limit by at most one commit: a round of 8 states and log rows, a few pages each. */
const BOUND = LIMIT + 256 * 1024;

const walSize = (file: string): number => statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;

/** Every match is at round `at`, with its whole log. */
async function expectRounds(store: SqliteStore, at: number): Promise<void> {
  for (const matchID of matchIDs(MATCHES)) {
    expect((await store.fetch(matchID))?.state).toEqual(stateAt(matchID, at));
    const log = await store.fetchLog(matchID);
    expect(log).toHaveLength(at);
    log.forEach((entry, i) => expect(entry).toEqual(logEntryAt(matchID, i + 1)));
  }
}

const ROOT = join(__dirname, '..', '..');
let writer: string;
beforeAll(() => (writer = bundleScript(join(__dirname, 'wal-writer.ts'), 'wal-writer-test')));

/** wal-writer.ts from round `first` until it kills itself; the last round it saw committed. */
function writeUntilKilled(first: number, killAfter: number): number {
  const args = [writer, file, String(LIMIT), String(MATCHES), String(first), String(killAfter)];
  const child = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  expect({ signal: child.signal, stderr: child.stderr }).toEqual({ signal: 'SIGKILL', stderr: '' });
  const rounds = child.stdout.trim().split('\n').map(Number);
  expect(rounds[0]).toBe(first);
  return rounds[rounds.length - 1];
}

let dir: string;
let file: string;
beforeEach(() => {
  dir = tempDir();
  file = join(dir, 'matches.sqlite');
});
afterEach(() => removeDir(dir));

test('20,000 states written back to back keep the log under its limit, and read back whole', async () => {
  const rounds = 2500;
  let store = new SqliteStore({ file, walSizeLimit: LIMIT });
  await store.connect();
  try {
    await createMatches(store, MATCHES);
    let largest = 0;
    for (let round = 1; round <= rounds; round++) {
      await writeRound(store, MATCHES, round);
      largest = Math.max(largest, walSize(file));
    }
    // Unbounded, the rounds' log would reach about 150 MB.
    expect(largest).toBeLessThanOrEqual(BOUND);
    await expectRounds(store, rounds);
    await store.close();
    store = new SqliteStore({ file, walSizeLimit: LIMIT });
    await store.connect();
    await expectRounds(store, rounds);
  } finally {
    await store.close();
  }
});

test('a walSizeLimit that is not a positive number of bytes is refused', () => {
  for (const walSizeLimit of [0, -1, NaN, Infinity])
    expect(() => new SqliteStore({ file, walSizeLimit })).toThrow(RangeError);
});

test('a process killed while its log is being emptied loses nothing committed, twice over', async () => {
  let reached = 0;
  for (let run = 0; run < 2; run++) {
    const committed = writeUntilKilled(reached + 1, reached + 400);
    const store = new SqliteStore({ file, walSizeLimit: LIMIT });
    await store.connect();
    try {
      reached = (await store.fetch('m0'))!.state.snapshot.context.stateID;
      // The round in flight at the kill was waiting on the checkpoint: it is there whole or not at all.
      expect([committed, committed + 1]).toContain(reached);
      await expectRounds(store, reached);
    } finally {
      await store.close();
    }
  }
});
