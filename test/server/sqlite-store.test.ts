/**
 * SqliteStore writes an action's metadata whole only when more than its
 * `updatedAt` changed (otherwise just the time column); what it reads back,
 * before and after the file is reopened, is the metadata last written, with
 * the last time.
 */
import { join } from 'node:path';
import { SqliteStore } from '../../src/adapters/server/sqlite-store';
import type { MatchMetadata } from '../../src/adapters/server/types';
import { removeDir, tempDir } from './support';

const stateAt = (stateID: number) => ({ snapshot: { context: { stateID } }, undo: [], redo: [] }) as any;

test('metadata that changed only its time reads back with the last time, and changes made meanwhile are kept', async () => {
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
