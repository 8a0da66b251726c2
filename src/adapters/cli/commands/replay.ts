/**
 * `turnchart replay <game module> <trace...>`: re-run recorded traces and
 * check every recorded state. Exit 0 with a summary when every state of
 * every trace matches; exit 1 with the first divergence of each trace that
 * does not.
 */
import type { Command } from 'commander';
import { replayTrace, describeRequest, type ReplayReport } from '../../qa/index';
import { brief } from '../../qa/diff';
import { ReportedFailure } from '../cli-error';
import type { CliContext } from '../context';
import { loadGame } from '../load-game';
import { exportOption } from './options';
import { progressOption, progressWriter, readTraces } from './qa-options';

interface ReplayOptions {
  export?: string;
  progressMs: number;
}

/** The report of one trace, as lines. */
export function replayLines(name: string, report: ReplayReport): string[] {
  const lines = report.warnings.map((warning) => `${name}: warning: ${warning}`);
  const refused = report.refused ? ` (${report.refused} refused, as recorded)` : '';
  if (report.ok) {
    lines.push(
      `${name}: ${report.actions} request${report.actions === 1 ? '' : 's'}${refused} replayed, every state matches`,
    );
    return lines;
  }
  const divergence = report.divergence!;
  const at =
    divergence.index < 0
      ? 'the initial state'
      : `request ${divergence.index} (${describeRequest(divergence.request!)})`;
  lines.push(`${name}: diverges at ${at}, after ${report.matched} matching request${report.matched === 1 ? '' : 's'}`);
  if (divergence.kind === 'verdict') {
    lines.push(
      `  recorded ${divergence.expected}, now ${divergence.actual}${divergence.message ? `: ${divergence.message}` : ''}`,
    );
  } else {
    lines.push(`  at ${divergence.path}: expected ${brief(divergence.expected)}, got ${brief(divergence.actual)}`);
  }
  return lines;
}

export function registerReplay(program: Command, context: CliContext): void {
  program
    .command('replay')
    .summary('re-run traces and check every recorded state')
    .description(
      "Re-run traces (turnchart-trace/1, from `turnchart step`, the inspector or the library's recorder) on a game and check that every request gets the same verdict and leads to the same G, ctx and chart state as recorded. Exits 0 when everything matches, 1 at the first divergence of any trace (reported with the request and the path in G, ctx or the state value). A chart whose hash differs from the recorded one is a warning only.",
    )
    .argument('<game module>', 'a .js, .mjs, .cjs or .ts file exporting a game config')
    .argument('<trace...>', 'trace files (JSON)')
    .addOption(exportOption())
    .addOption(progressOption())
    .addHelpText(
      'after',
      ['', 'Examples:', '  $ turnchart replay game.ts session.json', '  $ turnchart replay game.ts traces/*.json'].join(
        '\n',
      ),
    )
    .action(async (modulePath: string, tracePaths: string[], options: ReplayOptions) => {
      const traces = await readTraces(tracePaths, context.cwd);
      const { game } = await loadGame(modulePath, { exportName: options.export, cwd: context.cwd });
      const progress = progressWriter(context, 'turnchart replay', options.progressMs);
      let failed = 0;
      let requests = 0;
      traces.forEach((trace, index) => {
        const report = replayTrace(game, trace, {
          onAction: () => progress.update(() => `${index} of ${traces.length} traces, at request ${requests}`),
        });
        requests += report.matched;
        if (!report.ok) failed++;
        context.stdout(`${replayLines(tracePaths[index], report).join('\n')}\n`);
        progress.update(() => `${index + 1} of ${traces.length} traces`);
      });
      progress.done(() => `${traces.length} traces done`);
      if (traces.length > 1) context.stdout(`${traces.length - failed} of ${traces.length} traces match\n`);
      if (failed > 0) throw new ReportedFailure(`${failed} trace(s) diverge`);
    });
}
