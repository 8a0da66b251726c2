/**
 * `turnchart check` output: what was looked at, then every deadlock and trap
 * with the path that reaches it, and whether any path ends the game; as text,
 * or as plain data for `--format json`.
 */
import type { RequestEvent } from '../../machines';
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

/** Whether the report found anything: a deadlock, a trap, or no path that ends the game. */
export function checkFoundProblems(report: CheckReport): boolean {
  return (
    report.deadlocks.length + report.possibleDeadlocks.length + report.traps.length + report.timeStalls.length > 0 ||
    !report.gameOver.reached
  );
}

/** A long path as its first and last few requests. */
function longPathLines(path: readonly (PathStep | RequestEvent)[], indent: string, keep = 5): string[] {
  const lines = pathLines(path, indent);
  if (lines.length <= keep * 2 + 1) return lines;
  return [...lines.slice(0, keep), `${indent}     [… ${lines.length - keep * 2} more …]`, ...lines.slice(-keep)];
}

function gameOverLines(report: CheckReport): string[] {
  const { gameOver, stats } = report;
  if (gameOver.reached) {
    const by =
      gameOver.foundBy === 'abstraction' ? 'the abstraction, every endIf as the game has it' : gameOver.foundBy;
    return [
      `Ends of the game: reached; the shortest path found takes ${plural(gameOver.path.length, 'request')} (found by ${by})`,
    ];
  }
  const lines = ['Ends of the game: no explored path ends the game'];
  const search =
    stats.searchStopped === undefined
      ? `every reachable game state (${stats.statesSearched})`
      : `${plural(stats.statesSearched, 'game state')} up to ${plural(stats.searchDepth, 'request')} deep`;
  lines.push(
    `  searched ${search}, ${plural(stats.playouts, 'random playout')} of up to ${plural(stats.maxActions, 'action')}, and ${plural(stats.configurations, 'configuration')} of the abstraction${stats.abstractComplete ? ' (all of them)' : ' (stopped at its budget)'}`,
  );
  if (gameOver.longest) {
    const run = gameOver.longest.foundBy === 'playout' ? 'a playout' : 'the search';
    lines.push(
      `  the longest path found: ${plural(gameOver.longest.path.length, 'request')} (${run}), ending in ${describeConfiguration(configurationOf(gameOver.longest.value))}:`,
    );
    lines.push(...longPathLines(gameOver.longest.path, '     '));
  }
  if (gameOver.abstraction) {
    lines.push(
      `  the abstraction reaches the game over only by forcing endIfs, in ${plural(gameOver.abstraction.length, 'request')}:`,
    );
    lines.push(...pathLines(gameOver.abstraction, '     '));
  }
  return lines;
}

export function checkText(report: CheckReport, gameName: string): string {
  const { stats } = report;
  const lines: string[] = [];
  lines.push(
    `${gameName}: ${report.numPlayers} players, seed ${JSON.stringify(report.seed)}; players send moves${report.events.length ? ` and ${report.events.join(', ')}` : ' only'}`,
  );
  const stopped =
    stats.searchStopped === 'depth'
      ? ' (stopped at its depth)'
      : stats.searchStopped === 'states'
        ? ' (stopped at its state budget)'
        : ' (all of them)';
  lines.push(`  search       ${plural(stats.statesSearched, 'game state')}${stopped}`);
  lines.push(
    `  playouts     ${stats.playouts} (${plural(stats.actions, 'action')}; ${stats.gameovers} ended with the game over)`,
  );
  lines.push(
    `  abstraction  ${plural(stats.configurations, 'configuration')}${stats.abstractComplete ? '' : ' (stopped at its budget)'}; endIf either way: ${stats.endIfs.length ? stats.endIfs.join(', ') : 'the game has none'}`,
  );
  lines.push('');

  lines.push(`Deadlocks (no seat may send anything, and the game is not over): ${report.deadlocks.length || 'none'}`);
  report.deadlocks.forEach((deadlock, index) => {
    lines.push(
      `  ${index + 1}. ${describeConfiguration(configurationOf(deadlock.value))}, after ${plural(deadlock.path.length, 'request')} (found by ${deadlock.foundBy}):`,
    );
    lines.push(...pathLines(deadlock.path, '     '));
    lines.push(`     G: ${brief(deadlock.context.G, 100)}`);
    if (deadlock.needsArgs.length > 0) {
      lines.push(
        `     note: ${deadlock.needsArgs.join(', ')} take arguments and refused every one tried; with others it may not be stuck`,
      );
    }
  });
  if (report.possibleDeadlocks.length > 0) {
    lines.push('');
    lines.push(
      `Possible deadlocks (in the abstraction only; no real run got there): ${report.possibleDeadlocks.length}`,
    );
    report.possibleDeadlocks.forEach((possible, index) => {
      lines.push(
        `  ${index + 1}. ${describeConfiguration(configurationOf(possible.value))}, after ${plural(possible.path.length, 'request')}:`,
      );
      lines.push(...pathLines(possible.path, '     '));
    });
  }
  lines.push('');
  lines.push(
    `Phases and stages that can be entered but never left (not even by the end of the game): ${report.traps.length || 'none'}`,
  );
  report.traps.forEach((trap, index) => {
    const what =
      trap.kind === 'phase'
        ? `phase ${trap.phase}`
        : `stage ${trap.stage} of phase ${trap.phase}, seat${trap.seats!.length === 1 ? '' : 's'} ${trap.seats!.join(', ')}`;
    const how =
      trap.path.length === 0
        ? 'that is where the game starts'
        : trap.real
          ? `a real run gets there in ${plural(trap.path.length, 'request')}:`
          : `the abstraction gets there in ${plural(trap.path.length, 'request')}:`;
    lines.push(
      `  ${index + 1}. ${what} (${trap.location}): nothing leads out of ${describeConfiguration(configurationOf(trap.value))}; ${how}`,
    );
    if (trap.path.length > 0) lines.push(...pathLines(trap.path, '     '));
  });
  if (report.timed) {
    lines.push('');
    lines.push(`Time limits that can stall the game: ${report.timeStalls.length || 'none'}`);
    report.timeStalls.forEach((stall, index) => {
      const how = stall.path.length === 0 ? '' : `; a playout gets there in ${plural(stall.path.length, 'request')}:`;
      lines.push(`  ${index + 1}. ${stall.location}: ${stall.why}${how}`);
      if (stall.path.length > 0) lines.push(...longPathLines(stall.path as RequestEvent[], '     '));
    });
  }
  lines.push('');
  lines.push(...gameOverLines(report));
  return `${lines.join('\n')}\n`;
}

const plainRequest = (request: RequestEvent) => ({
  type: request.type,
  playerID: request.playerID,
  args: request.args ?? [],
  ...(request.now !== undefined ? { now: request.now } : {}),
});
const plainStep = (step: PathStep) => ({
  ...plainRequest(step.request),
  ...(step.endIf !== undefined ? { endIf: step.endIf } : {}),
});

/** The report as plain data (`turnchart check --format json`): every finding with its path, and what was looked at. */
export function checkJson(report: CheckReport, gameName: string) {
  const where = (value: unknown) => ({ configuration: describeConfiguration(configurationOf(value)), value });
  const { gameOver } = report;
  return {
    format: 'turnchart-check/1',
    game: gameName,
    numPlayers: report.numPlayers,
    seed: report.seed,
    events: report.events,
    problems: checkFoundProblems(report),
    deadlocks: report.deadlocks.map((deadlock) => ({
      ...where(deadlock.value),
      foundBy: deadlock.foundBy,
      path: deadlock.path.map(plainRequest),
      G: deadlock.context.G,
      needsArgs: deadlock.needsArgs,
    })),
    possibleDeadlocks: report.possibleDeadlocks.map((possible) => ({
      ...where(possible.value),
      path: possible.path.map(plainStep),
    })),
    traps: report.traps.map((trap) => ({
      kind: trap.kind,
      phase: trap.phase,
      ...(trap.stage !== undefined ? { stage: trap.stage, seats: trap.seats } : {}),
      location: trap.location,
      ...where(trap.value),
      real: trap.real,
      path: trap.path.map(plainStep),
    })),
    timeStalls: report.timeStalls.map((stall) => ({
      limit: stall.limit,
      location: stall.location,
      why: stall.why,
      path: stall.path.map((request) => plainRequest(request as RequestEvent)),
    })),
    gameOver: gameOver.reached
      ? { reached: true, foundBy: gameOver.foundBy, path: gameOver.path.map(plainRequest) }
      : {
          reached: false,
          ...(gameOver.longest
            ? {
                longest: {
                  foundBy: gameOver.longest.foundBy,
                  ...where(gameOver.longest.value),
                  path: gameOver.longest.path.map(plainRequest),
                },
              }
            : {}),
          ...(gameOver.abstraction ? { abstraction: gameOver.abstraction.map(plainStep) } : {}),
        },
    stats: report.stats,
  };
}
