/** `turnchart check` output: what was looked at, then every deadlock and trap with the path that reaches it. */
import type { RequestEvent } from '../../machines/game-machine';
import type { CheckReport, PathStep } from './check';
import { brief } from './diff';
import { configurationOf, describeConfiguration } from './paths';
import { describeRequest } from './trace';

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function pathLines(path: readonly (PathStep | RequestEvent)[], indent: string): string[] {
  if (path.length === 0) return [`${indent}(at the start)`];
  return path.map((step, index) => {
    const request = 'request' in step ? step.request : step;
    const endIf = 'request' in step && step.endIf ? `   [${step.endIf}]` : '';
    return `${indent}${String(index + 1).padStart(3)}. ${describeRequest(request)}${endIf}`;
  });
}

/** Whether the report found anything. */
export function checkFoundProblems(report: CheckReport): boolean {
  return report.deadlocks.length + report.possibleDeadlocks.length + report.traps.length > 0;
}

export function checkText(report: CheckReport, gameName: string): string {
  const { stats } = report;
  const lines: string[] = [];
  lines.push(`${gameName}: ${report.numPlayers} players, seed ${JSON.stringify(report.seed)}; players send moves${report.events.length ? ` and ${report.events.join(', ')}` : ' only'}`);
  const stopped = stats.searchStopped === 'depth' ? ' (stopped at its depth)' : stats.searchStopped === 'states' ? ' (stopped at its state budget)' : ' (all of them)';
  lines.push(`  search       ${plural(stats.statesSearched, 'game state')}${stopped}`);
  lines.push(`  playouts     ${stats.playouts} (${plural(stats.actions, 'action')}; ${stats.gameovers} ended with the game over)`);
  lines.push(`  abstraction  ${plural(stats.configurations, 'configuration')}${stats.abstractComplete ? '' : ' (stopped at its budget)'}; endIf either way: ${stats.endIfs.length ? stats.endIfs.join(', ') : 'the game has none'}`);
  lines.push('');

  lines.push(`Deadlocks (no seat may send anything, and the game is not over): ${report.deadlocks.length || 'none'}`);
  report.deadlocks.forEach((deadlock, index) => {
    lines.push(`  ${index + 1}. ${describeConfiguration(configurationOf(deadlock.value))}, after ${plural(deadlock.path.length, 'request')} (found by ${deadlock.foundBy}):`);
    lines.push(...pathLines(deadlock.path, '     '));
    lines.push(`     G: ${brief(deadlock.context.G, 100)}`);
    if (deadlock.needsArgs.length > 0) {
      lines.push(`     note: ${deadlock.needsArgs.join(', ')} take arguments and refused every one tried; with others it may not be stuck`);
    }
  });
  if (report.possibleDeadlocks.length > 0) {
    lines.push('');
    lines.push(`Possible deadlocks (in the abstraction only; no real run got there): ${report.possibleDeadlocks.length}`);
    report.possibleDeadlocks.forEach((possible, index) => {
      lines.push(`  ${index + 1}. ${describeConfiguration(configurationOf(possible.value))}, after ${plural(possible.path.length, 'request')}:`);
      lines.push(...pathLines(possible.path, '     '));
    });
  }
  lines.push('');
  lines.push(`Phases and stages that can be entered but never left (not even by the end of the game): ${report.traps.length || 'none'}`);
  report.traps.forEach((trap, index) => {
    const what = trap.kind === 'phase' ? `phase ${trap.phase}` : `stage ${trap.stage} of phase ${trap.phase}, seat${trap.seats!.length === 1 ? '' : 's'} ${trap.seats!.join(', ')}`;
    const how =
      trap.path.length === 0 ? 'that is where the game starts' : trap.real ? `a real run gets there in ${plural(trap.path.length, 'request')}:` : `the abstraction gets there in ${plural(trap.path.length, 'request')}:`;
    lines.push(`  ${index + 1}. ${what} (${trap.location}): nothing leads out of ${describeConfiguration(configurationOf(trap.value))}; ${how}`);
    if (trap.path.length > 0) lines.push(...pathLines(trap.path, '     '));
  });
  return `${lines.join('\n')}\n`;
}
