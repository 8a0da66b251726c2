/**
 * Two instances sharing a store (an in-memory stand-in for Postgres,
 * shared-memory-store.ts) whose seats of one new match sync at once: the
 * interleavings that a loaded machine produced now and then (one seat's
 * sync refused as "a game this server does not serve"), made here on
 * purpose by holding one instance at a store call while the other creates
 * the match. Every sync must be answered with the match.
 */
import { Server, portOf } from 'turnchart/server';
import counterRace from './games/counter-race';
import { SharedMemoryStore, type Gate } from './shared-memory-store';
import { ioClient, waitFor } from './support';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close();
});

async function instance(store: SharedMemoryStore): Promise<string> {
  const server = Server({ games: [counterRace], db: store, origins: [] });
  const { appServer } = await server.run({ port: 0, host: '127.0.0.1' });
  cleanup.push(() => server.kill());
  return `http://127.0.0.1:${portOf(appServer)}/counter-race`;
}

/** Holds the first call of `method` until `release()`; `reached` resolves when that call arrives. */
function holdFirst(method: string) {
  let reached: () => void = () => {};
  let release: () => void = () => {};
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  const gate: Gate = async (name) => {
    if (name !== method || held) return;
    held = true;
    reached();
    await released;
  };
  cleanup.push(release);
  return { gate, arrived, release };
}

/** A seat's client: what the server answers its sync with (the state's G, or the error). */
function syncSeat(url: string, matchID: string, playerID: string): unknown[] {
  const socket = ioClient.io(url, { transports: ['websocket'], reconnection: false });
  cleanup.push(() => socket.close());
  const answers: unknown[] = [];
  socket.on('sync', (_id: string, info: any) =>
    answers.push({ G: info.state.G, players: info.filteredMetadata.length }),
  );
  socket.on('turnchart.error', (error: unknown) => answers.push({ error }));
  socket.emit('sync', matchID, playerID, undefined, 2);
  return answers;
}

async function race(heldAt: string) {
  const store = new SharedMemoryStore();
  const hold = holdFirst(heldAt);
  const [a, b] = [await instance(store.instance()), await instance(store.instance(hold.gate))];
  // B's seat first: B finds no match and stops at `heldAt`…
  const onB = syncSeat(b, 'race', '1');
  await hold.arrived;
  // …while A's seat syncs, and A creates the match.
  const onA = syncSeat(a, 'race', '0');
  await waitFor(() => onA.length > 0, "A's answer");
  hold.release();
  await waitFor(() => onB.length > 0, "B's answer");
  expect(onA).toEqual([{ G: { n: 0 }, players: 2 }]);
  expect(onB).toEqual([{ G: { n: 0 }, players: 2 }]);
  expect(await store.listMatches()).toEqual(['race']);
}

test('a match created by another instance between the load and the metadata read is synced, not refused', () =>
  race('fetchMetadata'));

test('an instance that loses the race to create the match syncs the one the other created', () => race('createMatch'));
