import { createActor } from 'xstate';
import { createGame, createGameMachine } from '../../src/index';
import { Discard } from '../../examples/discard/game';
import { bgio, bgioClient, scriptedPlayout } from '../workloads';
import type { Extra } from './section';

/** 5. Memory: a persisted match's size, and the heap 1,000 live matches take. */
export function memorySection(extra: Extra): void {
  const actions = scriptedPlayout('discard', 60);
  const tcMatch = createGame(Discard, { numPlayers: 4, seed: 'playout' });
  for (const a of actions) {
    if (a.kind === 'move') tcMatch.move(a.name, [], a.playerID);
    else tcMatch.event(a.name as any, undefined, a.playerID);
  }
  const g = { ...Discard, seed: 'playout' };
  let bState = bgio.InitializeGame({ game: g, numPlayers: 4 });
  const reducer = bgio.CreateGameReducer({ game: g });
  for (const a of actions)
    bState = reducer(
      bState,
      a.kind === 'move'
        ? { type: 'MAKE_MOVE', payload: { type: a.name, args: [], playerID: a.playerID } }
        : { type: 'GAME_EVENT', payload: { type: a.name, args: [], playerID: a.playerID } },
    );
  const tcBytes = JSON.stringify(tcMatch.getPersistedSnapshot()).length;
  const { transients, ...bStored } = bState;
  const bgBytes = JSON.stringify(bStored).length;
  extra.snapshotBytes = { turnchart: tcBytes, boardgameio: bgBytes };
  process.stdout.write(
    `persisted match after ${actions.length} actions: turnchart ${tcBytes} bytes, boardgame.io state ${bgBytes} bytes\n`,
  );

  // Each match is stopped once measured: a started boardgame.io client stays registered (and alive) until
  // stopped, and 1,000 of them left in the heap slowed the realistic workloads run after this section.
  const heapPer1000 = (make: () => { stop(): void }) => {
    const gc = (globalThis as any).gc as (() => void) | undefined;
    gc?.();
    const before = process.memoryUsage().heapUsed;
    const keep: { stop(): void }[] = [];
    for (let i = 0; i < 1000; i++) keep.push(make());
    gc?.();
    const after = process.memoryUsage().heapUsed;
    for (const match of keep) match.stop();
    return { bytes: after - before, kept: keep.length };
  };
  const machine = createGameMachine(Discard, { numPlayers: 4 });
  const tcHeap = heapPer1000(() => createActor(machine, { input: { seed: 'm' } }).start());
  const bgHeap = heapPer1000(() => {
    const c = bgioClient.Client({ game: Discard, numPlayers: 4 });
    c.start();
    return c;
  });
  extra.heapPer1000Matches = {
    turnchart: tcHeap.bytes,
    boardgameio: bgHeap.bytes,
    gcExposed: typeof (globalThis as any).gc === 'function',
  };
  process.stdout.write(
    `heap for 1,000 live matches: turnchart ${(tcHeap.bytes / 1e6).toFixed(1)} MB, boardgame.io clients ${(bgHeap.bytes / 1e6).toFixed(1)} MB\n`,
  );
}
