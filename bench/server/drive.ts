/**
 * One pass of the served benchmark: `matches` matches × `seats` seat
 * clients (seat-client.ts, one socket each) on one server. Every seat syncs;
 * then each seat sends its move as soon as an update says it is its turn,
 * for `warmupSeconds` unmeasured (the JIT) and then the timed `seconds`, on
 * the same sockets and matches, so the timed window starts in the steady
 * state. Latency is from a seat sending its move to that seat hearing the
 * resulting update; actions are the moves answered within the window.
 */
import { ACTIONS_PER_MATCH } from './game';
import { seatClient, seatErrors, type ClientKind, type SeatClient, type SeenState } from './seat-client';
import type { ServerProcess } from './server-runner';
import { within } from './server-runner';

export interface PassOptions {
  matches: number;
  seats: number;
  warmupSeconds: number;
  seconds: number;
  /** Makes the match IDs unique per pass (a store may be shared by passes). */
  prefix: string;
  client: ClientKind;
  /** Seats of a match spread over the instances by seat (default) or all on one (`match`). */
  spread: 'seat' | 'match';
}

export interface PassResult {
  actions: number;
  seconds: number;
  actionsPerSecond: number;
  p50: number;
  p99: number;
  /** Matches that ended within the window (none, unless BENCH_SERVER_ACTIONS makes matches short). */
  finished: number;
  /** The client process's CPU ms per action, and its share of one core over the window. */
  clientCpuPerAction: number;
  clientCpuShare: number;
  /** Seat sockets that failed during the pass, after their sync. */
  seatErrors: number;
  /** Moves answered from the first to the end of the window, warm-up included: the history the server holds. */
  played: number;
}

/** Matches whose seats connect and sync together. */
const CONNECT_BATCH = 50;

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

export async function drive(server: ServerProcess, options: PassOptions): Promise<PassResult> {
  const { ports } = server;
  const { matches, seats, seconds, prefix, client: kind, spread } = options;
  const latencies: number[] = [];
  const clients: SeatClient[] = [];
  const synced = new Set<string>();
  let actions = 0;
  let played = 0;
  let finished = 0;
  let playing = false;
  /** When the timed window opened (0: it is not open). */
  let windowStart = 0;

  const seat = (match: number, matchID: string, playerID: string) => {
    const port = ports[(spread === 'match' ? match : Number(playerID)) % ports.length];
    let stateID = -1;
    let sentAt = 0;
    let over = false;
    const consider = (state: SeenState) => {
      if (state.stateID < stateID) return;
      if (sentAt !== 0 && state.stateID > stateID) {
        if (playing) played++;
        if (windowStart !== 0) {
          latencies.push(performance.now() - sentAt);
          actions++;
        }
        sentAt = 0;
      }
      stateID = state.stateID;
      if (state.over) {
        if (!over && playerID === '0' && windowStart !== 0) finished++;
        over = true;
        return;
      }
      if (playing && state.currentPlayer === playerID && sentAt === 0) {
        sentAt = performance.now();
        client.move(stateID, (stateID * 7 + Number(playerID)) % 64);
      }
    };
    const client = seatClient(kind, port, 'relay', matchID, playerID, seats, consider);
    clients.push(client);
    const name = `${matchID}/${playerID}`;
    const ready = client.ready.then(() => {
      // A match over already would play no action (a store shared by runs, IDs reused).
      if (client.last().over) throw new Error(`${matchID} is over before the run: its ID was used before`);
      synced.add(name);
    });
    return { name, ready, go: () => consider(client.last()) };
  };

  const all: ReturnType<typeof seat>[] = [];
  const errorsBefore = seatErrors.count;
  // Seats connect and sync a batch at a time, as players arrive, not 2,000 handshakes at once.
  const connectAll = async () => {
    for (let m = 0; m < matches; m += CONNECT_BATCH) {
      const batch: ReturnType<typeof seat>[] = [];
      for (let b = m; b < Math.min(matches, m + CONNECT_BATCH); b++)
        for (let s = 0; s < seats; s++) batch.push(seat(b, `${prefix}-${b}`, String(s)));
      all.push(...batch);
      await Promise.all(batch.map((s) => s.ready));
    }
  };
  try {
    await Promise.race([connectAll(), within(Math.max(60, seconds), "every seat's sync")]);
  } catch (error) {
    for (const client of clients) client.close();
    const unsynced = all.map((s) => s.name).filter((name) => !synced.has(name));
    throw new Error(`${(error as Error).message}; not synced: ${unsynced.slice(0, 10).join(' ')}`, { cause: error });
  }
  playing = true;
  for (const s of all) s.go();
  await sleep(options.warmupSeconds);
  server.child.kill('SIGUSR1');
  windowStart = performance.now();
  const cpu0 = process.cpuUsage();
  await sleep(seconds);
  server.child.kill('SIGUSR2');
  const elapsed = (performance.now() - windowStart) / 1000;
  const cpu = process.cpuUsage(cpu0);
  playing = false;
  windowStart = 0;
  for (const client of clients) client.close();
  latencies.sort((a, b) => a - b);
  const clientMs = (cpu.user + cpu.system) / 1000;
  return {
    actions,
    seconds: elapsed,
    actionsPerSecond: actions / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    finished: ACTIONS_PER_MATCH > 0 ? finished : 0,
    clientCpuPerAction: clientMs / actions,
    clientCpuShare: clientMs / 1000 / elapsed,
    seatErrors: seatErrors.count - errorsBefore,
    played,
  };
}
