/**
 * `npm run bench:before-after -- <other checkout>`: what an action costs on
 * two builds of turnchart — another checkout's `dist/` (built there with
 * `npx tsup`, e.g. the commit before a change) against this one's — on the
 * realistic games (bench/realistic.ts; the 0.4x war game through
 * `turnchart/legacy`), recorded on boardgame.io and
 * replayed through each build's `Client`, a new client per game, printing
 * nothing. A third column replays the same games on this build with time
 * limits added that never run out (a turn limit and a clock with an
 * increment per move, far longer than a game): what keeping time costs a
 * move.
 *
 * Each column runs in a process of its own (before-after-replay.ts), so no
 * build shares a JIT, caches of compiled code or a heap with another. The
 * processes take turns, one replay at a time, every order of the three in
 * turn, so load moves all. Each row gives the median µs per action of each
 * column, and each ratio is the median of the rounds' ratios (round i of one
 * column against round i of the other, which ran next to it), with the
 * middle half of them. `-- .` compares this build with itself: a null run,
 * which should read 1.00 within that spread.
 *
 * BENCH_ROUNDS sets the rounds (default 15), BENCH_WARMUP_ROUNDS the
 * untimed ones before them (default 3); BENCH_CLOCK=cpu times each replay
 * by its process's CPU time (on a shared machine the wall clock also counts
 * the time spent waiting for a core); BENCH_GAMES=draft,party: only these.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  comparedGames,
  serveColumn,
  type ColumnReply,
  type ColumnRequest,
  type ColumnSpec,
} from './before-after-replay';
import { median } from './harness';
import { pairedRatio, type PairedRatio } from './paired-ratio';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const WARMUP = Number(process.env.BENCH_WARMUP_ROUNDS ?? 3);
const COLUMN_ENV = 'BEFORE_AFTER_COLUMN';

/** Every order of the three columns in turn, so that each runs first, second and last equally often. */
const ORDERS = [
  [0, 1, 2],
  [2, 1, 0],
  [1, 2, 0],
  [0, 2, 1],
  [2, 0, 1],
  [1, 0, 2],
];

/** A column's process, asked one thing at a time. */
class Column {
  private readonly child: ChildProcess;
  private pending?: { resolve(reply: ColumnReply): void; reject(error: Error): void };

  constructor(spec: ColumnSpec) {
    // import.meta.url is the bundle's: the comparison runs itself as each column.
    this.child = fork(fileURLToPath(import.meta.url), [], {
      env: { ...process.env, [COLUMN_ENV]: JSON.stringify(spec) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (reply: ColumnReply) => this.pending?.resolve(reply));
    this.child.on('exit', (code) => this.pending?.reject(new Error(`a column's process exited (${code})`)));
  }

  async ask(request: ColumnRequest): Promise<ColumnReply> {
    const reply = await new Promise<ColumnReply>((resolve, reject) => {
      this.pending = { resolve, reject };
      this.child.send(request);
    });
    this.pending = undefined;
    if ('error' in reply) throw new Error(reply.error);
    return reply;
  }

  async replay(): Promise<{ us: number; states: number }> {
    return (await this.ask({ replay: true })) as { us: number; states: number };
  }

  stop(): void {
    if (this.child.connected) this.child.send({ done: true } satisfies ColumnRequest);
  }
}

const spread = (r: PairedRatio) => `${r.median.toFixed(3).padStart(13)}  (${r.low.toFixed(3)}–${r.high.toFixed(3)})`;

async function main(): Promise<void> {
  const other = process.argv[2];
  if (!other) throw new Error('usage: npm run bench:before-after -- <checkout whose dist/ to compare>');
  const columns = [
    new Column({ dir: resolve(other), timed: false }),
    new Column({ dir: process.cwd(), timed: false }),
    new Column({ dir: process.cwd(), timed: true }),
  ];
  const out = (line: string) => process.stdout.write(`${line}\n`);
  try {
    const clock = process.env.BENCH_CLOCK === 'cpu' ? 'CPU' : 'wall-clock';
    out(`before: ${resolve(other)}; after: ${process.cwd()}; a process per column; ${ROUNDS} rounds`);
    out(`median ${clock} µs per action; ratios: median of the rounds' ratios (middle half)`);
    out(`${'game'.padEnd(12)} ${'before'.padStart(9)} ${'after'.padStart(9)} ${'after/before'.padStart(13)}`);
    out(`${''.padEnd(12)} ${''.padStart(9)} ${'timed'.padStart(9)} ${'timed/after'.padStart(13)}`);
    for (const spec of comparedGames()) {
      for (const column of columns) await column.ask({ prepare: spec.name });
      const times = columns.map(() => [] as number[]);
      for (let round = -WARMUP; round < ROUNDS; round++) {
        const order = ORDERS[(round + WARMUP) % ORDERS.length];
        const states: number[] = [];
        for (const c of order) {
          const replayed = await columns[c].replay();
          states[c] = replayed.states;
          if (round >= 0) times[c].push(replayed.us);
        }
        if (states.some((n) => n !== states[0])) throw new Error(`${spec.name}: the builds accept different actions`);
      }
      const [b, a, t] = times.map(median);
      const afterBefore = pairedRatio(times[1], times[0]);
      const timedAfter = pairedRatio(times[2], times[1]);
      out(`${spec.name.padEnd(12)} ${b.toFixed(1).padStart(9)} ${a.toFixed(1).padStart(9)} ${spread(afterBefore)}`);
      out(`${''.padEnd(12)} ${''.padStart(9)} ${t.toFixed(1).padStart(9)} ${spread(timedAfter)}`);
    }
  } finally {
    for (const column of columns) column.stop();
  }
}

const column = process.env[COLUMN_ENV];
await (column ? serveColumn(JSON.parse(column) as ColumnSpec) : main());
