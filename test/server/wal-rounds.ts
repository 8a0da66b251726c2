/**
 * Back-to-back writes for the WAL tests (sqlite-wal.test.ts and its child,
 * wal-writer.ts): each round moves every match one state on, all in one
 * group commit, and the next round starts when the last one is committed.
 * Each state and log entry says which match and round it is, so what is
 * read back can be checked whole.
 */
import type { MatchMetadata } from '../../src/adapters/boardgameio/master/types';
import type { SqliteStore } from '../../src/adapters/server/sqlite-store';

export const matchIDs = (matches: number): string[] => Array.from({ length: matches }, (_, m) => `m${m}`);

/** Match `matchID`'s state after `round` rounds: a board that changes with each round, about 1 kB of JSON. */
export function stateAt(matchID: string, round: number): any {
  const board = Array.from({ length: 8 }, (_, y) =>
    Array.from({ length: 8 }, (_, x) => ((x * 3 + y + round) % 5 === 0 ? { owner: round % 4 } : null)),
  );
  return {
    snapshot: { status: 'active', value: 'play', context: { G: { board, matchID, round }, stateID: round } },
    undo: [],
    redo: [],
  };
}

export const logEntryAt = (matchID: string, round: number): any => ({
  action: { type: 'MAKE_MOVE', payload: { type: 'place', args: [matchID, round] } },
  _stateID: round - 1,
});

const metadata = { gameName: 'wal', players: { 0: { id: 0 } }, createdAt: 1, updatedAt: 1 } as MatchMetadata;

export async function createMatches(store: SqliteStore, matches: number): Promise<void> {
  for (const matchID of matchIDs(matches))
    await store.createMatch(matchID, { metadata, state: stateAt(matchID, 0), initialState: stateAt(matchID, 0) });
}

/** Round `round` for every match, in one commit. */
export const writeRound = (store: SqliteStore, matches: number, round: number): Promise<void[]> =>
  Promise.all(
    matchIDs(matches).map((matchID) =>
      store.setState(matchID, {
        state: stateAt(matchID, round),
        stateID: round,
        expectedStateID: round - 1,
        deltalog: [logEntryAt(matchID, round)],
      }),
    ),
  );
