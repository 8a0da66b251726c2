/**
 * `turnchart coverage <game module> <trace...>`: which states and
 * transitions of the chart a set of traces exercised, as tables and
 * percentages (one report per number of players among the traces).
 */
import type { Command } from 'commander';
import { coverageText, traceCoverage, type Trace } from '../../qa/index';
import type { CliContext } from '../context';
import { loadGame } from '../load-game';
import { exportOption } from './options';
import { progressOption, progressWriter, readTraces } from './qa-options';

interface CoverageOptions {
  export?: string;
  missed?: boolean;
  progressMs: number;
}

export function registerCoverage(program: Command, context: CliContext): void {
  program
    .command('coverage')
    .summary('which states and transitions of the chart a set of traces exercised')
    .description(
      'Replay traces on a real actor of the game\'s chart with an xstate inspection observer, and count the state nodes active after each microstep and the transitions taken. Prints the share of states and of transitions covered, then every state and transition with its count and, for transitions, the config location. Traces that no longer replay as recorded are reported as warnings.',
    )
    .argument('<game module>', 'a .js, .mjs, .cjs or .ts file exporting a game config')
    .argument('<trace...>', 'trace files (JSON)')
    .addOption(exportOption())
    .option('--missed', 'list only the states and transitions no trace exercised')
    .addOption(progressOption())
    .addHelpText('after', ['', 'Examples:', '  $ turnchart coverage game.ts traces/*.json', '  $ turnchart coverage game.ts a.json b.json --missed'].join('\n'))
    .action(async (modulePath: string, tracePaths: string[], options: CoverageOptions) => {
      const traces = await readTraces(tracePaths, context.cwd);
      const { game } = await loadGame(modulePath, { exportName: options.export, cwd: context.cwd });
      const groups = new Map<number, { traces: Trace[]; names: string[] }>();
      traces.forEach((trace, index) => {
        const group = groups.get(trace.game.numPlayers) ?? { traces: [], names: [] };
        group.traces.push(trace);
        group.names.push(tracePaths[index]);
        groups.set(trace.game.numPlayers, group);
      });
      const progress = progressWriter(context, 'turnchart coverage', options.progressMs);
      let done = 0;
      const texts: string[] = [];
      for (const [, group] of [...groups].sort(([a], [b]) => a - b)) {
        const report = traceCoverage(game, group.traces, {
          onTrace: () => {
            done++;
            progress.update(() => `${done} of ${traces.length} traces replayed`);
          },
        });
        texts.push(coverageText(report, { gameName: game.name ?? 'game', traceNames: group.names, missedOnly: options.missed }));
      }
      progress.done(() => `${traces.length} traces replayed`);
      context.stdout(texts.join('\n'));
    });
}
