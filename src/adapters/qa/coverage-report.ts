/** `turnchart coverage` output: a summary, then the states and transitions as tables with their hit counts. */
import type { CoverageReport } from './coverage';
import { describeRequest } from './trace';
import { brief } from './diff';

export interface CoverageTextOptions {
  gameName: string;
  /** Trace file names, in the order given to traceCoverage. */
  traceNames: string[];
  /** List only what no trace (and no random playout) exercised. */
  missedOnly?: boolean;
}

function count(n: number, one: string): string {
  return `${n} ${one}${n === 1 ? '' : 's'}`;
}

function fraction(part: number, whole: number, percent: number): string {
  return `${part} of ${whole} (${percent.toFixed(1)}%)`;
}

export function coverageText(report: CoverageReport, options: CoverageTextOptions): string {
  const lines: string[] = [];
  const sources: string[] = [];
  if (report.traces > 0 || report.playouts === 0) sources.push(`${count(report.traces, 'trace')}, ${count(report.actions, 'action')}`);
  if (report.playouts > 0) {
    const events = report.playoutEvents.length ? `moves and ${report.playoutEvents.join(', ')}` : 'moves only';
    sources.push(`${count(report.playouts, 'random playout')} (players send ${events}), ${count(report.playoutActions, 'action')}`);
  }
  lines.push(`${options.gameName}, ${report.numPlayers} players: ${sources.join('; ')}`);
  lines.push(`  states       ${fraction(report.statesCovered, report.states.length, report.statePercent)}`);
  lines.push(`  transitions  ${fraction(report.transitionsCovered, report.transitions.length, report.transitionPercent)}`);
  for (const warning of report.warnings) lines.push(`  warning: ${warning}`);
  for (const { trace, divergence } of report.divergences) {
    const at = divergence.index < 0 ? 'the initial state' : `action ${divergence.index} (${describeRequest(divergence.request!)})`;
    lines.push(`  warning: ${options.traceNames[trace] ?? `trace ${trace}`} no longer replays as recorded: at ${at}, ${divergence.path}: expected ${brief(divergence.expected)}, got ${brief(divergence.actual)}`);
  }
  const keep = (hits: number) => !options.missedOnly || hits === 0;
  lines.push('');
  lines.push(options.missedOnly ? 'States never active' : 'States');
  lines.push('     hits  state');
  const states = report.states.filter(({ hits }) => keep(hits));
  for (const { node, hits } of states) lines.push(`  ${String(hits).padStart(7)}  ${node.path}`);
  if (states.length === 0) lines.push('     none');
  lines.push('');
  lines.push(options.missedOnly ? 'Transitions never taken' : 'Transitions');
  lines.push('     hits  transition  (config location)');
  const transitions = report.transitions.filter(({ hits }) => keep(hits));
  for (const { transition, hits } of transitions) lines.push(`  ${String(hits).padStart(7)}  ${transition.label}  (${transition.location})`);
  if (transitions.length === 0) lines.push('     none');
  return `${lines.join('\n')}\n`;
}
