/**
 * SqliteStore: what it reads back, before and after the file is reopened,
 * is the metadata and state last written; files of earlier schemas are
 * migrated, and one of a newer schema is refused.
 */
import { join } from 'node:path';
import { SqliteStore } from '../../src/adapters/server/sqlite-store';
import type { MatchMetadata } from '../../src/adapters/boardgameio/master/types';
import { removeDir, tempDir } from './support';

const stateAt = (stateID: number) => ({ snapshot: { context: { stateID } }, undo: [], redo: [] }) as any;

test('metadata written with each action reads back with the last time, and changes made meanwhile are kept', async () => {
  const dir = tempDir();
  const file = join(dir, 'matches.sqlite');
  let store = new SqliteStore({ file });
  try {
    await store.connect();
    let metadata: MatchMetadata = {
      gameName: 'relay',
      players: { 0: { id: 0 }, 1: { id: 1 } },
      unlisted: true,
      createdAt: 1,
      updatedAt: 1,
    } as MatchMetadata;
    await store.createMatch('m', { metadata, state: stateAt(0), initialState: stateAt(0) });
    let stateID = 0;
    const act = async (next: MatchMetadata) => {
      await store.setState('m', {
        state: stateAt(stateID + 1),
        stateID: stateID + 1,
        expectedStateID: stateID,
        deltalog: [],
        metadata: next,
      });
      stateID++;
      metadata = next;
    };
    // The master's way: a copy with a new time, sharing the rest.
    for (const time of [10, 20, 30]) await act({ ...metadata, updatedAt: time });
    expect(await store.fetchMetadata('m')).toEqual({ ...metadata, updatedAt: 30 });
    expect(await store.listMatches({ where: { updatedAfter: 25 } })).toEqual(['m']);
    expect(await store.listMatches({ where: { updatedBefore: 25 } })).toEqual([]);

    await act({ ...metadata, players: { ...metadata.players, 1: { id: 1, isConnected: true } }, updatedAt: 40 });
    await act({ ...metadata, updatedAt: 50 });
    expect(await store.fetchMetadata('m')).toEqual(metadata);

    await store.setMetadata('m', { ...metadata, players: { 0: { id: 0, name: 'ann' }, 1: metadata.players[1] } });
    metadata = (await store.fetchMetadata('m'))!;
    await act({ ...metadata, updatedAt: 60 });
    await act({ ...metadata, gameover: { winner: '0' }, updatedAt: 70 });
    await store.close();

    store = new SqliteStore({ file });
    await store.connect();
    const stored = await store.fetch('m');
    expect(stored?.metadata).toEqual(metadata);
    expect(stored?.metadata).toMatchObject({
      updatedAt: 70,
      gameover: { winner: '0' },
      players: { 0: { name: 'ann' } },
    });
    expect(stored?.state).toEqual(stateAt(stateID));
  } finally {
    await store.close();
    removeDir(dir);
  }
});

/** A stored state whose G changes a little each action, sharing the rest (as drafts do). */
function chain(length: number): any[] {
  let G: any = { board: Array.from({ length: 4 }, () => [0, 0, 0, 0]), placed: 0, names: { a: 'x' } };
  const states = [];
  for (let i = 0; i <= length; i++) {
    const state = {
      snapshot: { status: 'active', value: { turn: `p${i % 2}` }, context: { G, stateID: i } },
      undo: [],
      redo: [],
    };
    states.push(state);
    const row = [...G.board[i % 4]];
    row[i % 3] += 1;
    G = { ...G, board: G.board.map((r: number[], y: number) => (y === i % 4 ? row : r)), placed: i + 1 };
  }
  return states;
}

const relayMetadata = { gameName: 'relay', players: { 0: { id: 0 } }, createdAt: 1, updatedAt: 1 } as MatchMetadata;

/** Run `body` with a new database file; `open` opens a store on it (each closed at the end). */
async function withFile(body: (file: string, open: () => Promise<SqliteStore>) => Promise<void>): Promise<void> {
  const dir = tempDir();
  const file = join(dir, 'matches.sqlite');
  const opened: SqliteStore[] = [];
  const open = async () => {
    const store = new SqliteStore({ file });
    opened.push(store);
    await store.connect();
    return store;
  };
  try {
    await body(file, open);
  } finally {
    for (const store of opened) await store.close();
    removeDir(dir);
  }
}

test('a match read back after many actions, and after a restart, is its last state, and its log is whole', () =>
  withFile(async (_file, open) => {
    const states = chain(75);
    let store = await open();
    await store.createMatch('m', { metadata: relayMetadata, state: states[0], initialState: states[0] });
    for (let i = 1; i < states.length; i++) {
      const deltalog = [{ action: { type: 'MAKE_MOVE', payload: { type: 'place', args: [i] } }, _stateID: i - 1 }];
      await store.setState('m', { state: states[i], stateID: i, expectedStateID: i - 1, deltalog: deltalog as any });
      if (i % 25 === 0) expect((await store.fetch('m'))?.state).toEqual(states[i]);
    }
    await store.close();
    store = await open();
    expect((await store.fetch('m'))?.state).toEqual(states[75]);
    expect((await store.fetchLog('m')).map((entry: any) => entry.action.payload.args[0])).toEqual(
      Array.from({ length: 75 }, (_, i) => i + 1),
    );
    // After a restart the next action is written and reads back.
    const next = chain(76)[76];
    await store.setState('m', { state: next, stateID: 76, expectedStateID: 75, deltalog: [] });
    expect((await store.fetch('m'))?.state).toEqual(next);
  }));

test('a file of schema 1 (one row per match, JSON as UTF-8 blobs) is migrated and plays on', () =>
  withFile(async (file, open) => {
    const Database = require('better-sqlite3');
    const old = new Database(file);
    const blob = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');
    const [first, second, third] = chain(2);
    old.exec(
      'CREATE TABLE matches (match_id TEXT PRIMARY KEY, game_name TEXT NOT NULL, state_id INTEGER NOT NULL, updated_at INTEGER NOT NULL, metadata BLOB NOT NULL, state BLOB NOT NULL, initial BLOB NOT NULL);' +
        'CREATE INDEX matches_by_game ON matches (game_name);' +
        'CREATE TABLE match_log (match_id TEXT NOT NULL, state_id INTEGER NOT NULL, entries BLOB NOT NULL, PRIMARY KEY (match_id, state_id));' +
        'PRAGMA user_version = 1;',
    );
    old
      .prepare('INSERT INTO matches VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run('m', 'relay', 1, 5, blob(relayMetadata), blob(second), blob(first));
    old.prepare('INSERT INTO match_log VALUES (?, ?, ?)').run('m', 1, blob([{ action: { type: 'MAKE_MOVE' } }]));
    old.close();
    const store = await open();
    const stored = await store.fetch('m');
    expect(stored).toEqual({ metadata: { ...relayMetadata, updatedAt: 5 }, state: second, initialState: first });
    expect(await store.listMatches({ gameName: 'relay' })).toEqual(['m']);
    await store.setState('m', { state: third, stateID: 2, expectedStateID: 1, deltalog: [] });
    expect((await store.fetch('m'))?.state).toEqual(third);
    expect(await store.fetchLog('m')).toEqual([{ action: { type: 'MAKE_MOVE' } }]);
  }));

test('a file of schema 2 (changes per action after a base state) is migrated to whole states and plays on', () =>
  withFile(async (file, open) => {
    const Database = require('better-sqlite3');
    const old = new Database(file);
    const [first, second, third] = chain(2);
    old.exec(
      'CREATE TABLE matches (match_id TEXT PRIMARY KEY, game_name TEXT NOT NULL, state_id INTEGER NOT NULL, updated_at INTEGER NOT NULL, metadata BLOB NOT NULL);' +
        'CREATE INDEX matches_by_game ON matches (game_name);' +
        'CREATE TABLE match_states (match_id TEXT PRIMARY KEY, state_id INTEGER NOT NULL, state BLOB NOT NULL, initial BLOB NOT NULL);' +
        'CREATE TABLE match_log (match_id TEXT NOT NULL, state_id INTEGER NOT NULL, entries BLOB NOT NULL, delta BLOB, PRIMARY KEY (match_id, state_id));' +
        'PRAGMA user_version = 2;',
    );
    const text = JSON.stringify;
    old.prepare('INSERT INTO matches VALUES (?, ?, ?, ?, ?)').run('m', 'relay', 2, 5, text(relayMetadata));
    old.prepare('INSERT INTO match_states VALUES (?, ?, ?, ?)').run('m', 0, text(first), text(first));
    // Schema 2's changes: [stateID before, [[path, value], …]].
    const log = old.prepare('INSERT INTO match_log VALUES (?, ?, ?, ?)');
    log.run('m', 1, '[1]', text([0, [[['snapshot'], second.snapshot]]]));
    log.run(
      'm',
      2,
      '[2]',
      text([
        1,
        [
          [['snapshot', 'context'], third.snapshot.context],
          [['snapshot', 'value'], third.snapshot.value],
        ],
      ]),
    );
    old.close();
    const store = await open();
    expect(await store.fetch('m')).toEqual({
      metadata: { ...relayMetadata, updatedAt: 5 },
      state: third,
      initialState: first,
    });
    expect(await store.fetchLog('m')).toEqual([1, 2]);
    const fourth = chain(3)[3];
    await store.setState('m', { state: fourth, stateID: 3, expectedStateID: 2, deltalog: [] });
    expect((await store.fetch('m'))?.state).toEqual(fourth);
    const columns = new Database(file).prepare("SELECT name FROM pragma_table_info('match_log')").all();
    expect(columns.map((column: { name: string }) => column.name)).toEqual(['match_id', 'state_id', 'entries']);
  }));

test('a file of a newer schema is refused, and left as it is', () =>
  withFile(async (file, open) => {
    const Database = require('better-sqlite3');
    const newer = new Database(file);
    newer.pragma('user_version = 99');
    newer.close();
    await expect(open()).rejects.toThrow('the file has schema version 99, written by a newer turnchart');
    const after = new Database(file);
    expect(after.pragma('user_version', { simple: true })).toBe(99);
    after.close();
  }));
