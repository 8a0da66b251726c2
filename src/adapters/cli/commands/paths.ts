/**
 * `turnchart paths <game module>`: the shortest request path to every phase
 * and every configuration of the chart, and the transitions no explored path
 * takes, as text or as a jest test file to commit.
 */
import { dirname, relative, resolve, sep } from 'node:path';
import { Option, type Command } from 'commander';
import { findPaths, pathsJestScaffold, pathsText, type EventChoice } from '../../qa/index';
import type { CliContext } from '../context';
import { loadGame } from '../load-game';
import { exportOption, playersFor, playersOption, writeOutput } from './options';
import {
  chosenEvents,
  eventsOption,
  movesOnlyOption,
  parseCount,
  progressOption,
  progressWriter,
  seedOption,
} from './qa-options';

interface PathsOptions {
  players?: number;
  export?: string;
  seed?: string;
  depth: number;
  maxStates: number;
  dedupe: 'value' | 'value+G';
  events?: EventChoice;
  movesOnly?: boolean;
  format: 'text' | 'jest';
  out?: string;
  progressMs: number;
}

const DEFAULT_SEED = 'turnchart-paths';

/** How the generated test file imports the game module: relative to where it is written, without the extension. */
export function importPathFor(moduleFile: string, outFile: string | undefined, cwd: string): string {
  const from = outFile ? dirname(resolve(cwd, outFile)) : cwd;
  let path = relative(from, moduleFile)
    .split(sep)
    .join('/')
    .replace(/\.(m|c)?(t|j)sx?$/, '');
  if (!path.startsWith('.')) path = `./${path}`;
  return path;
}

export function registerPaths(program: Command, context: CliContext): void {
  program
    .command('paths')
    .summary('shortest paths to every phase and configuration; transitions that never fire')
    .description(
      "Explore the chart with xstate/graph from the start of a match, following every request some seat may send (every move, and the flow events a player sends from a client: endTurn, pass, endStage where the game enables them; --events to choose), and print the shortest request path to every phase and every configuration (phase and the state of each seat), and the transitions of the chart that no explored path takes, with the config location to look at. States are told apart by the chart's state value (--dedupe value+G also by G); the exploration stops at --depth and --max-states. With --format jest, a test file replaying every path with createGame.",
    )
    .argument('<game module>', 'a .js, .mjs, .cjs or .ts file exporting a game config')
    .addOption(playersOption())
    .addOption(exportOption())
    .addOption(seedOption(DEFAULT_SEED))
    .addOption(
      new Option('-d, --depth <n>', 'requests from the start beyond which states are not expanded')
        .argParser(parseCount('--depth'))
        .default(20),
    )
    .addOption(
      new Option('--max-states <n>', 'distinct states expanded at most')
        .argParser(parseCount('--max-states'))
        .default(5000),
    )
    .addOption(
      new Option('--dedupe <key>', 'how states are told apart: the state value, or the state value and G')
        .choices(['value', 'value+G'])
        .default('value'),
    )
    .addOption(eventsOption())
    .addOption(movesOnlyOption())
    .addOption(
      new Option('-f, --format <format>', 'text, or a jest test file').choices(['text', 'jest']).default('text'),
    )
    .option('-o, --out <file>', 'write to this file instead of stdout (the jest file imports the game relative to it)')
    .addOption(progressOption())
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  $ turnchart paths game.ts --players 3',
        '  $ turnchart paths game.ts --dedupe value+G --depth 12',
        '  $ turnchart paths game.ts --format jest --out test/game.paths.test.ts',
      ].join('\n'),
    )
    .action(async (modulePath: string, options: PathsOptions) => {
      const loaded = await loadGame(modulePath, { exportName: options.export, cwd: context.cwd });
      const { game } = loaded;
      const numPlayers = playersFor(game, options.players);
      const seed = options.seed ?? DEFAULT_SEED;
      const events = chosenEvents(game, options);
      const progress = progressWriter(context, 'turnchart paths', options.progressMs);
      let last = { states: 0, expanded: 0, depth: 0 };
      const report = findPaths(game, {
        numPlayers,
        seed,
        maxDepth: options.depth,
        maxStates: options.maxStates,
        dedupe: options.dedupe,
        candidates: { events },
        onProgress: (info) => {
          last = info;
          progress.update(() => `${info.expanded} states expanded, ${info.states} seen, depth ${info.depth}`);
        },
      });
      progress.done(() => `done: ${last.expanded} states expanded`);
      const gameName = game.name ?? 'game';
      const text =
        options.format === 'jest'
          ? pathsJestScaffold(report, {
              gameName,
              importPath: importPathFor(loaded.file, options.out, context.cwd),
              exportName: loaded.exportName,
              command: [
                'turnchart paths',
                modulePath,
                `--players ${numPlayers}`,
                options.seed !== undefined ? `--seed ${options.seed}` : '',
                options.dedupe !== 'value' ? `--dedupe ${options.dedupe}` : '',
                options.movesOnly
                  ? '--moves-only'
                  : options.events !== undefined
                    ? `--events ${typeof options.events === 'string' ? options.events : options.events.join(',') || 'none'}`
                    : '',
                `--depth ${options.depth}`,
                '--format jest',
              ]
                .filter(Boolean)
                .join(' '),
            })
          : pathsText(report, { gameName, dedupe: options.dedupe === 'value' ? 'state value' : 'state value and G' });
      await writeOutput(context, options.out, text);
    });
}
