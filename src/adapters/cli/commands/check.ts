/**
 * `turnchart check <game module>`: where a game can get stuck, and whether it
 * ends at all. Exit 0 when nothing is found, 1 with the report otherwise
 * (text, or JSON with --format json).
 */
import { Option, type Command } from 'commander';
import { checkFoundProblems, checkGame, checkJson, checkText, type EventChoice } from '../../qa/index';
import { ReportedFailure } from '../cli-error';
import type { CliContext } from '../context';
import { loadGame } from '../load-game';
import { exportOption, playersFor, playersOption } from './options';
import {
  chosenEvents,
  eventsOption,
  movesOnlyOption,
  parseCount,
  progressOption,
  progressWriter,
  seedOption,
} from './qa-options';

interface CheckOptions {
  players?: number;
  export?: string;
  seed?: string;
  playouts: number;
  maxActions: number;
  searchStates: number;
  depth: number;
  events?: EventChoice;
  movesOnly?: boolean;
  format: 'text' | 'json';
  progressMs: number;
}

const DEFAULT_SEED = 'turnchart-check';

export function registerCheck(program: Command, context: CliContext): void {
  program
    .command('check')
    .summary('find where a game can get stuck: deadlocks, phases and stages never left')
    .description(
      "Look for the places a game can get stuck: situations where no seat may send any move or event and the game is not over (deadlocks), phases or stages of a seat that can be entered but never left, and a game no explored path ends. Three looks: a breadth-first search over whole game states, random playouts, and an abstraction of the chart (explored with xstate/graph) in which G is abstracted away and every endIf may go either way. Players send the game's moves and the flow events a player sends from a client (endTurn, pass, endStage where the game enables them; --events to choose). Each finding comes with the shortest request path found to it. Exits 1 when something is found.",
    )
    .argument('<game module>', 'a .js, .mjs, .cjs or .ts file exporting a game config')
    .addOption(playersOption())
    .addOption(exportOption())
    .addOption(seedOption(DEFAULT_SEED))
    .addOption(new Option('-k, --playouts <k>', 'random playouts').argParser(parseCount('--playouts', 0)).default(100))
    .addOption(
      new Option('--max-actions <n>', 'actions per playout at most')
        .argParser(parseCount('--max-actions'))
        .default(200),
    )
    .addOption(
      new Option('--search-states <n>', 'whole game states the search visits at most')
        .argParser(parseCount('--search-states', 0))
        .default(2000),
    )
    .addOption(new Option('-d, --depth <n>', 'depth of the search').argParser(parseCount('--depth', 0)).default(12))
    .addOption(eventsOption())
    .addOption(movesOnlyOption())
    .addOption(
      new Option('-f, --format <format>', 'text, or the report as JSON').choices(['text', 'json']).default('text'),
    )
    .addOption(progressOption())
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  $ turnchart check game.ts --players 3',
        '  $ turnchart check game.ts --playouts 1000 --max-actions 500 --seed nightly',
        '  $ turnchart check game.ts --events all --format json > check.json',
      ].join('\n'),
    )
    .action(async (modulePath: string, options: CheckOptions) => {
      const { game } = await loadGame(modulePath, { exportName: options.export, cwd: context.cwd });
      const numPlayers = playersFor(game, options.players);
      const events = chosenEvents(game, options);
      const progress = progressWriter(context, 'turnchart check', options.progressMs);
      const report = checkGame(game, {
        numPlayers,
        seed: options.seed ?? DEFAULT_SEED,
        playouts: options.playouts,
        maxActions: options.maxActions,
        searchStates: options.searchStates,
        searchDepth: options.depth,
        events,
        onProgress: (stage, count) =>
          progress.update(
            () =>
              `${stage}: ${count}${stage === 'playouts' ? ` of ${options.playouts}` : stage === 'search' ? ' states' : ' configurations'}`,
          ),
      });
      progress.done(() => 'done');
      const name = game.name ?? 'game';
      context.stdout(
        options.format === 'json' ? `${JSON.stringify(checkJson(report, name), null, 2)}\n` : checkText(report, name),
      );
      if (checkFoundProblems(report)) throw new ReportedFailure('the check found something');
    });
}
