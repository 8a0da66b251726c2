/**
 * `npm run bench`: turnchart against boardgame.io 0.50.2, in one process.
 * Prints ops/s per engine and the ratio turnchart / boardgame.io, and writes
 * bench/results/latest.json (or BENCH_OUT). BENCH_ROUNDS sets rounds per
 * comparison, BENCH_WARMUP_MS and BENCH_WARMUP_ROUNDS the least warm-up per engine, BENCH_VERBOSE=1 prints
 * every round. BENCH_SECTION=realistic runs only the realistic workloads,
 * BENCH_SECTION=creation only the matches made from fresh game objects.
 *
 * The realistic workloads run in two child processes, one in development
 * mode (Node's default) and one with NODE_ENV=production: both engines read
 * NODE_ENV when they load, so a mode is a process; and a fresh process keeps
 * them apart from the synthetic sections, whose garbage and compiled code
 * moved the 0.4x game's ratio from about 4.3 to 2.8. BENCH_PROCESSES=n runs each
 * mode n times, each in a process of its own (sections/realistic-processes.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { format, type Comparison } from './harness';
import { buildTimeSection } from './sections/build-time';
import { creationSection } from './sections/creation';
import { memorySection } from './sections/memory';
import { microSection } from './sections/micro';
import { playoutSection } from './sections/playouts';
import { realisticSection } from './sections/realistic';
import { realisticRuns } from './sections/realistic-processes';
import { ROUNDS, type AddRow, type Extra } from './sections/section';
import { seatScalingSection } from './sections/seat-scaling';
import { actorSeatsSection } from './sections/actor-seats';

const SECTION = process.env.BENCH_SECTION;

// ------------------------------------------------------------------ run

function main(): void {
  // boardgame.io logs each action on console.info: not between timed steps.
  console.info = () => undefined;
  const results: Comparison[] = [];
  const extra: Record<string, unknown> = {};
  const print = (c: Comparison) =>
    process.stdout.write(
      `${c.name.padEnd(60)} ${format(c.turnchart).padStart(12)} ${format(c.boardgameio).padStart(12)} ${c.ratio.toFixed(2).padStart(7)}×\n`,
    );
  // A child (one mode's realistic games) prints its own table; the parent prints its rows.
  const child = Boolean(process.env.BENCH_CHILD);
  if (!child)
    process.stdout.write(
      `${'benchmark'.padEnd(60)} ${'turnchart'.padStart(12)} ${'boardgame.io'.padStart(12)} ${'ratio'.padStart(8)}\n`,
    );
  const add = (c: Comparison) => {
    results.push(c);
    if (!child) print(c);
  };

  if (child) {
    realisticSection(add, extra);
  } else if (SECTION === 'creation') {
    creationSection(add, extra);
  } else if (SECTION === 'actor') {
    actorSeatsSection(add);
  } else {
    if (SECTION !== 'realistic') synthetic(add, extra);
    const run = realisticRuns();
    results.push(...run.results);
    extra.realisticGames = run.realisticGames;
    extra.calibration = run.calibration;
  }

  const file = process.env.BENCH_OUT ?? 'bench/results/latest.json';
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    JSON.stringify(
      { date: new Date().toISOString(), node: process.version, rounds: ROUNDS, results, ...extra },
      null,
      2,
    ),
  );
  if (!child) process.stdout.write(`\nwrote ${file}\n`);
}

/** Sections 1–5 (bench/sections/): the synthetic benchmarks, build times and memory. */
function synthetic(add: AddRow, extra: Extra): void {
  microSection(add);
  playoutSection(add);
  seatScalingSection(add, extra);
  buildTimeSection(extra);
  creationSection(add, extra);
  memorySection(extra);
}

main();
