/**
 * `turnchart coverage` output: a summary, then the states and transitions
 * never exercised (or, with `all`, every one with its hit count); or the
 * same as plain data for `--format json`.
 */
import type { CoverageReport } from './coverage';
import { describeRequest } from './trace';
import { brief } from './diff';

export interface CoverageTextOptions {
  gameName: string;
  /** Trace file names, in the order given to traceCoverage. */
  traceNames: string[];
  /** List every state and transition with its hit count, not only those never exercised. */
  all?: boolean;
  /** @deprecated the default now: list only what no trace (and no random playout) exercised. */
  missedOnly?: boolean;
}

function count(n: number, one: string): string {
  return `${n} ${one}${n === 1 ? '' : 's'}`;
}

function fraction(part: number, whole: number, percent: number): string {
  return `${part} of ${whole} (${percent.toFixed(1)}%)`;
}

function sourcesLine(report: CoverageReport): string {
  const sources: string[] = [];
  if (report.traces > 0 || report.playouts === 0)
    sources.push(`${count(report.traces, 'trace')}, ${count(report.actions, 'action')}`);
  if (report.playouts > 0) {
    const events = report.playoutEvents.length ? `moves and ${report.playoutEvents.join(', ')}` : 'moves only';
    sources.push(
      `${count(report.playouts, 'random playout')} (players send ${events}), ${count(report.playoutActions, 'action')}`,
    );
  }
  return sources.join('; ');
}

function warningLines(report: CoverageReport, traceNames: readonly string[]): string[] {
  const lines = report.warnings.map((warning) => `  warning: ${warning}`);
  for (const { trace, divergence } of report.divergences) {
    const at =
      divergence.index < 0
        ? 'the initial state'
        : `action ${divergence.index} (${describeRequest(divergence.request!)})`;
    lines.push(
      `  warning: ${traceNames[trace] ?? `trace ${trace}`} no longer replays as recorded: at ${at}, ${divergence.path}: expected ${brief(divergence.expected)}, got ${brief(divergence.actual)}`,
    );
  }
  return lines;
}

export function coverageText(report: CoverageReport, options: CoverageTextOptions): string {
  const lines: string[] = [];
  lines.push(`${options.gameName}, ${report.numPlayers} players: ${sourcesLine(report)}`);
  lines.push(`  states       ${fraction(report.statesCovered, report.states.length, report.statePercent)}`);
  lines.push(
    `  transitions  ${fraction(report.transitionsCovered, report.transitions.length, report.transitionPercent)} (the chart's edges: each one a rule of the game can take)`,
  );
  lines.push(...warningLines(report, options.traceNames));
  lines.push('');
  if (options.all) {
    lines.push('States');
    lines.push('     hits  state');
    for (const { node, hits } of report.states) lines.push(`  ${String(hits).padStart(7)}  ${node.path}`);
    lines.push('');
    lines.push('Transitions');
    lines.push('     hits  transition  (config location)');
    for (const { transition, hits } of report.transitions)
      lines.push(`  ${String(hits).padStart(7)}  ${transition.label}  (${transition.location})`);
    return `${lines.join('\n')}\n`;
  }
  const states = report.states.filter(({ hits }) => hits === 0);
  lines.push(`States never active: ${states.length || 'none'}`);
  for (const { node } of states) lines.push(`  ${node.path}`);
  lines.push('');
  const transitions = report.transitions.filter(({ hits }) => hits === 0);
  lines.push(
    `Transitions never taken: ${transitions.length || 'none'}${transitions.length ? ' (each with its config location)' : ''}`,
  );
  for (const { transition } of transitions) lines.push(`  ${transition.label}  (${transition.location})`);
  return `${lines.join('\n')}\n`;
}

/** One report as plain data: the shares, every state and transition with its hits, and those never exercised. */
export function coverageJson(report: CoverageReport, options: Pick<CoverageTextOptions, 'traceNames'>) {
  return {
    numPlayers: report.numPlayers,
    traces: options.traceNames,
    actions: report.actions,
    playouts: report.playouts,
    playoutActions: report.playoutActions,
    playoutEvents: report.playoutEvents,
    states: { covered: report.statesCovered, total: report.states.length, percent: report.statePercent },
    transitions: {
      covered: report.transitionsCovered,
      total: report.transitions.length,
      percent: report.transitionPercent,
    },
    neverActive: report.states.filter(({ hits }) => hits === 0).map(({ node }) => node.path),
    neverTaken: report.transitions.filter(({ hits }) => hits === 0).map(({ transition }) => transition.label),
    stateHits: report.states.map(({ node, hits }) => ({ state: node.path, location: node.location, hits })),
    transitionHits: report.transitions.map(({ transition, hits }) => ({
      transition: transition.label,
      source: transition.source,
      event: transition.eventType,
      rule: transition.guard,
      targets: transition.targets,
      location: transition.location,
      hits,
    })),
    warnings: warningLines(report, options.traceNames).map((line) => line.replace(/^ {2}warning: /, '')),
  };
}
