/**
 * `turnchart coverage <game module> [trace...]`: which states and
 * transitions of the chart a set of traces, and random play, exercised, as
 * percentages and the lists of what was never exercised (one report per
 * number of players among the traces; random playouts join the report of
 * their number of players), as text or JSON.
 */
import { Option, type Command } from 'commander';
import { coverageJson, coverageText, traceCoverage, type EventChoice, type Trace } from '../../qa/index';
import { CliError } from '../cli-error';
import type { CliContext } from '../context';
import { loadGame } from '../load-game';
import { exportOption, parsePlayers, playersFor } from './options';
import {
  chosenEvents,
  eventsOption,
  movesOnlyOption,
  parseCount,
  progressOption,
  progressWriter,
  readTraces,
  seedOption,
} from './qa-options';

interface CoverageOptions {
  export?: string;
  all?: boolean;
  missed?: boolean;
  format: 'text' | 'json';
  players?: number;
  playouts: number;
  seed?: string;
  maxActions: number;
  events?: EventChoice;
  movesOnly?: boolean;
  progressMs: number;
}

export function registerCoverage(program: Command, context: CliContext): void {
  program
    .command('coverage')
    .summary('which states and transitions of the chart a set of traces, or random play, exercised')
    .description(
      "Replay traces, and seeded random playouts (--playouts), on a real actor of the game's chart with an xstate inspection observer, and count the state nodes active after each microstep and the transitions taken. Every edge of the chart counts: it has one only where a rule of the game can take it. Prints the share of states and of transitions covered, then the states never active and the transitions never taken, with their config locations (--all: every state and transition with its count). Traces that no longer replay as recorded are reported as warnings.",
    )
    .argument('<game module>', 'a .js, .mjs, .cjs or .ts file exporting a game config')
    .argument('[trace...]', 'trace files (JSON)')
    .addOption(exportOption())
    .addOption(
      new Option('-k, --playouts <k>', 'random playouts to replay too (as turnchart check plays them)')
        .argParser(parseCount('--playouts', 0))
        .default(0),
    )
    .addOption(
      new Option(
        '-p, --players <n>',
        "seats of the random playouts (default: the traces', else the game's minPlayers, else 2)",
      ).argParser(parsePlayers),
    )
    .addOption(seedOption('turnchart-coverage'))
    .addOption(
      new Option('--max-actions <n>', 'actions per playout at most')
        .argParser(parseCount('--max-actions'))
        .default(200),
    )
    .addOption(eventsOption('in playouts'))
    .addOption(movesOnlyOption())
    .option('--all', 'list every state and transition with its count, not only those never exercised')
    .addOption(new Option('--missed', 'list only what was never exercised (the default)').hideHelp())
    .addOption(
      new Option('-f, --format <format>', 'text, or the reports as JSON').choices(['text', 'json']).default('text'),
    )
    .addOption(progressOption())
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  $ turnchart coverage game.ts traces/*.json',
        '  $ turnchart coverage game.ts a.json b.json --all',
        '  $ turnchart coverage game.ts --players 3 --playouts 200',
        '  $ turnchart coverage game.ts --players 3 --playouts 200 --events all --format json',
      ].join('\n'),
    )
    .action(async (modulePath: string, tracePaths: string[], options: CoverageOptions) => {
      if (tracePaths.length === 0 && options.playouts === 0)
        throw new CliError('give trace files, or --playouts for random play');
      const traces = await readTraces(tracePaths, context.cwd);
      const { game } = await loadGame(modulePath, { exportName: options.export, cwd: context.cwd });
      const events = options.playouts > 0 ? chosenEvents(game, options) : [];
      const groups = new Map<number, { traces: Trace[]; names: string[] }>();
      traces.forEach((trace, index) => {
        const group = groups.get(trace.game.numPlayers) ?? { traces: [], names: [] };
        group.traces.push(trace);
        group.names.push(tracePaths[index]);
        groups.set(trace.game.numPlayers, group);
      });
      const counts = [...groups.keys()];
      const randomPlayers =
        options.playouts > 0
          ? playersFor(game, options.players ?? (counts.length === 1 ? counts[0] : undefined))
          : undefined;
      if (randomPlayers !== undefined && !groups.has(randomPlayers))
        groups.set(randomPlayers, { traces: [], names: [] });
      const progress = progressWriter(context, 'turnchart coverage', options.progressMs);
      let done = 0;
      const texts: string[] = [];
      const reports: ReturnType<typeof coverageJson>[] = [];
      for (const [numPlayers, group] of [...groups].sort(([a], [b]) => a - b)) {
        const random =
          numPlayers === randomPlayers
            ? { playouts: options.playouts, numPlayers, seed: options.seed, maxActions: options.maxActions, events }
            : undefined;
        const report = traceCoverage(game, group.traces, {
          ...(random ? { random } : {}),
          onTrace: () => {
            done++;
            progress.update(() => `${done} of ${traces.length} traces replayed`);
          },
          onPlayout: (played, total) => progress.update(() => `${played} of ${total} random playouts replayed`),
        });
        texts.push(coverageText(report, { gameName: game.name ?? 'game', traceNames: group.names, all: options.all }));
        reports.push(coverageJson(report, { traceNames: group.names }));
      }
      progress.done(() =>
        [
          traces.length ? `${traces.length} traces replayed` : '',
          options.playouts ? `${options.playouts} random playouts replayed` : '',
        ]
          .filter(Boolean)
          .join(', '),
      );
      context.stdout(
        options.format === 'json'
          ? `${JSON.stringify({ format: 'turnchart-coverage/1', game: game.name ?? 'game', reports }, null, 2)}\n`
          : texts.join('\n'),
      );
    });
}
