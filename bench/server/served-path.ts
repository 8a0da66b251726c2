/**
 * `npm run bench:server-path`: the server's own path per action without the
 * network, in one process: the master checks and applies each move, the
 * store commits it (SQLite in a temporary file, or memory), and the
 * transport writes the update to each match's room, whose seats are
 * stand-ins that drop what they are given (socket.io still encodes the
 * packet and frames it once per room). N matches × S seats, every match
 * moving once per round, so a round's writes share commits (of
 * group-commit.ts's MAX_WRITES) as on a busy server (commits back to back: the worker's checkpoints never catch up
 * with the writer, and the log is emptied each time it reaches the store's
 * limit; the log file's size at the end is printed).
 *
 * Per store, with and without the transport: the CPU time per action (every
 * thread, the checkpoint worker's too) and the bytes allocated per action
 * (measured in a process of its own whose young generation holds every
 * round, so no collection runs: the heap's growth is what was allocated).
 * The allocation is the same on a busy machine; the CPU time is not.
 *
 * BENCH_PATH_ALLOCATORS=<n> also prints, per store and transport, the n
 * functions that allocated most per action over the allocation's rounds
 * (V8's sampling heap profiler; a function inlined by the optimizing
 * compiler counts as its caller, so it runs with inlining off).
 *
 * Env: BENCH_PATH_MATCHES (200), BENCH_PATH_SEATS (4), BENCH_PATH_ROUNDS (100).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';
import { PerformanceObserver } from 'node:perf_hooks';
import { Auth } from '../../src/adapters/boardgameio/master/credentials';
import { LiveMatches, type ServerBoundGame } from '../../src/adapters/boardgameio/master/live-matches';
import type { ClientAction } from '../../src/adapters/boardgameio/master/message-guards';
import { MatchMaster, type Broadcast } from '../../src/adapters/boardgameio/master/match-master';
import { MemoryStore } from '../../src/adapters/boardgameio/master/memory-store';
import type { ServerGame } from '../../src/adapters/boardgameio/master/types';
import { bindGame } from '../../src/adapters/boardgameio/taped-game';
import { matchRoom, SocketTransport } from '../../src/adapters/server/socket-transport';
import { SqliteStore } from '../../src/adapters/server/sqlite-store';
import { takeWrittenG } from '../../src/adapters/server/written-g';
import { relay } from './game';

const MATCHES = Number(process.env.BENCH_PATH_MATCHES ?? 200);
const SEATS = Number(process.env.BENCH_PATH_SEATS ?? 4);
const ROUNDS = Number(process.env.BENCH_PATH_ROUNDS ?? 100);
const WARMUP_ROUNDS = 60;
/** Rounds of the allocation measure: what they allocate must fit in the young generation (`child`). */
const ALLOC_ROUNDS = Math.min(ROUNDS, 20);
const ALLOCATORS = Number(process.env.BENCH_PATH_ALLOCATORS ?? 0);

type Db = 'sqlite' | 'memory';
/** CPU time, bytes allocated, or (BENCH_PATH_ALLOCATORS) who allocated them. */
type Measure = 'cpu' | 'alloc' | 'allocators';

/** One measurement, in this process: µs of CPU or bytes allocated, per action, and the log file's bytes at the end. */
async function measure(what: Measure, db: Db, withTransport: boolean): Promise<[number, number]> {
  const dir = mkdtempSync(join(tmpdir(), 'turnchart-path-'));
  const game = { ...relay, name: 'relay' } as unknown as ServerGame;
  const store = db === 'memory' ? new MemoryStore() : new SqliteStore({ file: join(dir, 'path.sqlite') });
  await store.connect();
  const matches = new LiveMatches(store, new Map([['relay', bindGame(game) as ServerBoundGame]]));
  const transport = new SocketTransport([game], {}, () => {});
  // Without the transport, G's text the store wrote is still taken, as the transport would.
  const dropped = (message: Broadcast) => void ('state' in message && takeWrittenG(message.state.G));
  const master = new MatchMaster(matches, new Auth(), withTransport ? transport.broadcast : dropped, true);
  const nsp = transport.attach(createServer(), master, [], { joined: () => {}, left: () => {} }).of('/relay');
  for (let m = 0; m < MATCHES; m++) {
    const matchID = `m${m}`;
    matches.hold(matchID);
    await master.sync({ matchID, gameName: 'relay', playerID: '0', credentials: undefined, numPlayers: SEATS });
    for (let s = 0; s < SEATS; s++) {
      const id = `${matchID}-${s}`;
      // A seat that drops what the room's broadcast hands it.
      (nsp.sockets as Map<string, unknown>).set(id, { id, client: { writeToEngine: () => {} } });
      nsp.adapter.addAll(id, new Set([matchRoom(matchID)]));
    }
  }
  const stateIDs: number[] = new Array(MATCHES).fill(0);
  const round = () =>
    Promise.all(
      stateIDs.map(async (stateID, m) => {
        const playerID = String(stateID % SEATS);
        const action = { type: 'MAKE_MOVE', payload: { type: 'place', args: [(stateID * 7) % 64], playerID } };
        const result = await master.update('relay', action as ClientAction, stateID, `m${m}`, playerID);
        if (!result.ok) throw new Error(`match m${m} refused a move: ${result.message}`);
        stateIDs[m]++;
      }),
    );
  for (let i = 0; i < WARMUP_ROUNDS; i++) await round();
  let perAction: number;
  if (what === 'allocators') {
    const stop = await startAllocators();
    for (let i = 0; i < ALLOC_ROUNDS; i++) await round();
    process.stderr.write(`  allocated:\n${await stop(ALLOC_ROUNDS * MATCHES)}`);
    // One more round, then a full collection: what each match's last action left alive until its next one.
    const stopKept = await startAllocators(true);
    await round();
    await new Promise((resolve) => setTimeout(resolve, 20));
    globalThis.gc!();
    process.stderr.write(`  kept until the match's next action:\n${await stopKept(MATCHES)}`);
    perAction = NaN;
  } else if (what === 'cpu') {
    const start = process.cpuUsage();
    for (let i = 0; i < ROUNDS; i++) await round();
    const used = process.cpuUsage(start);
    perAction = (used.user + used.system) / (ROUNDS * MATCHES);
  } else {
    let collections = 0;
    const observer = new PerformanceObserver((list) => (collections += list.getEntries().length));
    observer.observe({ entryTypes: ['gc'] });
    globalThis.gc!();
    await new Promise((resolve) => setTimeout(resolve, 20));
    collections = 0;
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < ALLOC_ROUNDS; i++) await round();
    const grown = process.memoryUsage().heapUsed - before;

    await new Promise((resolve) => setTimeout(resolve, 20));
    observer.disconnect();
    if (collections > 0) throw new Error('a collection ran during the rounds: fewer BENCH_PATH_MATCHES');
    perAction = grown / (ALLOC_ROUNDS * MATCHES);
  }
  const wal = statSync(join(dir, 'path.sqlite-wal'), { throwIfNoEntry: false })?.size ?? 0;
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  return [perAction, wal];
}

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

/**
 * Starts V8's allocation sampling; the function it resolves to stops it and
 * lists the top allocators per action. `kept`: only what is still alive when
 * it stops (the caller collects garbage first).
 */
async function startAllocators(kept = false): Promise<(actions: number) => Promise<string>> {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: kept ? 32 : 128,
    includeObjectsCollectedByMinorGC: !kept,
    includeObjectsCollectedByMajorGC: !kept,
  });
  return async (actions) => {
    const { profile } = await session.post('HeapProfiler.stopSampling');
    const bytes = new Map<string, number>();
    const walk = (node: ProfileNode) => {
      const { functionName, url, lineNumber } = node.callFrame;
      const where = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
      if (node.selfSize > 0) bytes.set(where, (bytes.get(where) ?? 0) + node.selfSize);
      node.children.forEach(walk);
    };
    walk(profile.head as ProfileNode);
    session.disconnect();
    const top = [...bytes].sort((a, b) => b[1] - a[1]).slice(0, ALLOCATORS);
    return top.map(([where, size]) => `  ${(size / actions).toFixed(0).padStart(7)} bytes/action  ${where}\n`).join('');
  };
}

/** Each measurement in a fresh process (the allocation one with a young generation that holds every round). */
function child(what: Measure, db: Db, withTransport: boolean): [number, number] {
  const flags = what === 'alloc' ? ['--expose-gc', '--min-semi-space-size=512', '--max-semi-space-size=512'] : [];
  if (what === 'allocators') flags.push('--expose-gc', '--no-turbo-inlining', '--no-maglev-inlining');
  const run = spawnSync(process.execPath, [...flags, process.argv[1], what, db, String(withTransport)], {
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`${what} ${db}: ${run.stderr}`);
  if (what === 'allocators') process.stdout.write(run.stderr);
  const [perAction, wal] = run.stdout.trim().split(' ').map(Number);
  return [perAction, wal];
}

async function main(): Promise<void> {
  const [what, db, withTransport] = process.argv.slice(2);
  if (what === 'cpu' || what === 'alloc' || what === 'allocators') {
    process.stdout.write(`${(await measure(what, db as Db, withTransport === 'true')).join(' ')}\n`);
    return;
  }
  const rounds = `${ROUNDS} rounds timed (${ALLOC_ROUNDS} for the allocation)`;
  process.stdout.write(`served path without the network: ${MATCHES} matches × ${SEATS} seats, ${rounds}\n`);
  for (const store of ['sqlite', 'memory'] as const)
    for (const transport of [false, true]) {
      const [cpu, wal] = child('cpu', store, transport);
      const [bytes] = child('alloc', store, transport);
      const label = `${store.padEnd(6)} ${transport ? 'master, store, transport' : 'master, store'}`.padEnd(34);
      process.stdout.write(
        `${label} ${cpu.toFixed(1).padStart(6)} µs CPU/action ${bytes.toFixed(0).padStart(7)} bytes/action` +
          (store === 'sqlite' ? ` ${(wal / 1e6).toFixed(1).padStart(6)} MB of log at the end\n` : '\n'),
      );
      if (ALLOCATORS > 0) child('allocators', store, transport);
    }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error?.stack ?? error}\n`);
    process.exit(1);
  },
);
