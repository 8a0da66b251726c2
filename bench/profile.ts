/**
 * `npm run bench:profile -- <workload> [--engine turnchart|boardgameio] [--seconds N]`
 * (`NODE_ENV=production npm run bench:profile -- …` profiles production mode)
 *
 * One engine runs one benchmark workload alone under V8's sampling profiler
 * (the same profiler as `node --cpu-prof`). The profile is written to
 * bench/results/<workload>-<engine>.cpuprofile (open it in Chrome DevTools or
 * VS Code) and the functions with the most time of their own are printed.
 * Alone, an engine runs faster than in `npm run bench`, where the other
 * engine's rounds and garbage share the process: compare profiles, not
 * speeds, here.
 */
import { Command, InvalidArgumentError } from 'commander';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { CardPhases } from '../examples/card-phases/game';
import { Discard } from '../examples/discard/game';
import type { Game } from '../src/index';
import * as tcBgio from '../src/adapters/boardgameio/index';
import type { Workload } from './harness';
import { CONCEPTS, conceptShares } from './profile-concepts';
import { layerOf, locator, sharesBy, type ProfileNode } from './profile-files';
import { REALISTIC_GAMES } from './realistic';
import { recordGames } from './realistic-replay';
import { clientWorkload } from './realistic-split';
import {
  bgEndTurn,
  bgioClientWorkload,
  bgioReducer,
  bgMove,
  endTurnEvent,
  microGame,
  moveEvent,
  playoutWorkloads,
  scriptedPlayout,
  tcActor,
} from './workloads';

type Pair = { turnchart: Workload; boardgameio: Workload };

const workloads: Record<string, () => Pair> = {
  discard: () => {
    const { tc, bg } = playoutWorkloads(Discard as Game, scriptedPlayout('discard', 400));
    return { turnchart: tc, boardgameio: bg };
  },
  'card-phases': () => {
    const { tc, bg } = playoutWorkloads(CardPhases as Game, scriptedPlayout('card-phases', 400));
    return { turnchart: tc, boardgameio: bg };
  },
  move: () => ({
    turnchart: tcActor(microGame(), 2, moveEvent, 2000),
    boardgameio: bgioReducer(microGame(), 2, bgMove, 2000),
  }),
  endTurn: () => ({
    turnchart: tcActor(microGame(), 2, endTurnEvent, 2000),
    boardgameio: bgioReducer(microGame(), 2, bgEndTurn, 2000),
  }),
  'reducer-move': () => ({
    turnchart: bgioReducer(microGame(), 2, bgMove, 2000, tcBgio),
    boardgameio: bgioReducer(microGame(), 2, bgMove, 2000),
  }),
  'client-move': () => ({
    turnchart: bgioClientWorkload(microGame(), 2, (c) => c.moves.A(), 1000, tcBgio),
    boardgameio: bgioClientWorkload(microGame(), 2, (c) => c.moves.A(), 1000),
  }),
  // The realistic games of bench/realistic.ts, through each engine's Client as the benchmark plays them.
  ...Object.fromEntries(
    REALISTIC_GAMES.map((spec) => [
      spec.name,
      (): Pair => {
        const games = recordGames(spec, 2000);
        return {
          turnchart: clientWorkload(spec, games, 'turnchart'),
          boardgameio: clientWorkload(spec, games, 'boardgameio'),
        };
      },
    ]),
  ),
};

function post<T>(session: Session, method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) =>
    session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result as T))),
  );
}

async function main(): Promise<void> {
  const program = new Command('bench:profile')
    .argument('<workload>', `one of: ${Object.keys(workloads).join(', ')}`)
    .option('--engine <engine>', 'turnchart or boardgameio', 'turnchart')
    .option(
      '--seconds <n>',
      'how long to profile',
      (value) => {
        const n = Number(value);
        if (!(n > 0)) throw new InvalidArgumentError('a positive number of seconds');
        return n;
      },
      3,
    )
    .option('--top <n>', 'functions to print', (value) => Number(value), 25)
    .parse(process.argv);
  const [name] = program.args;
  const { engine, seconds, top } = program.opts<{ engine: string; seconds: number; top: number }>();
  const make = workloads[name];
  if (!make) program.error(`unknown workload "${name}": use one of ${Object.keys(workloads).join(', ')}`);
  if (engine !== 'turnchart' && engine !== 'boardgameio')
    program.error(`unknown engine "${engine}": use turnchart or boardgameio`);
  const workload = make()[engine as keyof Pair];
  console.info = () => undefined;

  const round = () => {
    const run = workload.prepare();
    run();
    (run as { dispose?: () => void }).dispose?.();
  };
  // Warm up first, so the profile shows optimized code, not the compiler at work.
  for (let start = Date.now(); Date.now() - start < 1000;) round();

  const session = new Session();
  session.connect();
  await post(session, 'Profiler.enable');
  await post(session, 'Profiler.start');
  let ops = 0;
  const cpuStarted = process.cpuUsage();
  const started = process.hrtime.bigint();
  while (Number(process.hrtime.bigint() - started) < seconds * 1e9) {
    round();
    ops += workload.ops;
  }
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const { profile } = await post<{ profile: { nodes: ProfileNode[] } }>(session, 'Profiler.stop');
  session.disconnect();

  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/${name}-${engine}.cpuprofile`;
  writeFileSync(file, JSON.stringify(profile));
  // Per CPU second too: on a shared machine, the wall clock also counts the time spent waiting for a core.
  process.stdout.write(
    `${name} on ${engine}: ${Math.round(ops / elapsed).toLocaleString('en-US')} ops/s alone (${Math.round(ops / cpuSeconds).toLocaleString('en-US')} per CPU second), profiled for ${elapsed.toFixed(1)} s\n`,
  );
  process.stdout.write(`wrote ${file}\n`);
  const locate = locator(import.meta.url);
  const print = (title: string, shares: [string, number][], count: number) => {
    process.stdout.write(`\n${title}\n`);
    for (const [name, share] of shares.slice(0, count))
      process.stdout.write(`${(share * 100).toFixed(1).padStart(6)}%  ${name}\n`);
  };
  print(
    'time of its own, by layer',
    sharesBy(profile.nodes, locate, ({ file }) => layerOf(file)),
    12,
  );
  if (REALISTIC_GAMES.some((spec) => spec.name === name))
    print('time of its own, by concept (the realistic games)', conceptShares(profile.nodes, locate), CONCEPTS.length);
  print(
    'time of its own, by file',
    sharesBy(profile.nodes, locate, ({ file }) => file),
    top,
  );
  const fn = (place: { file: string; line: number }, node: ProfileNode) =>
    `${node.callFrame.functionName || '(anonymous)'} ${place.file}${place.line ? `:${place.line}` : ''}`;
  print('time of its own, by function', sharesBy(profile.nodes, locate, fn), top);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
