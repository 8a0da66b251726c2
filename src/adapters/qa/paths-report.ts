/**
 * `turnchart paths` output: a text report, or a jest test file QA can commit
 * in which every shortest path is replayed with `createGame` and must end in
 * its configuration (and pass through its phase).
 */
import type { RequestEvent } from '../../machines';
import { describeConfiguration, type ChartPaths, type TargetPath } from './paths';
import { describeRequest } from './trace';

export interface PathsTextOptions {
  gameName: string;
  dedupe: string;
}

function pathText(path: readonly RequestEvent[]): string {
  if (path.length === 0) return 'the start';
  return path.map((request) => describeRequest(request)).join(', ');
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function pathsText(report: ChartPaths, options: PathsTextOptions): string {
  const lines: string[] = [];
  const budget =
    report.truncated.depth || report.truncated.states
      ? `stopped at the ${[report.truncated.depth ? `depth limit (${report.maxDepth})` : '', report.truncated.states ? 'state limit' : ''].filter(Boolean).join(' and the ')}`
      : 'complete';
  lines.push(
    `${options.gameName}: ${report.numPlayers} players, seed ${JSON.stringify(report.seed)}, states told apart by ${options.dedupe}`,
  );
  lines.push(`explored ${count(report.statesExplored, 'state')} (${budget})`);
  lines.push('');
  lines.push('Phases');
  const width = Math.max(...report.phases.map((target) => target.phase.length));
  for (const target of report.phases) {
    const name = target.phase.padEnd(width);
    if (!target.reached) {
      lines.push(`  ${name}  not reached`);
      continue;
    }
    const via = `${count(target.reached.path.length, 'request')}: ${pathText(target.reached.path)}`;
    const note = target.transient
      ? ` (passes through; ends in ${describeConfiguration(target.reached.configuration)})`
      : '';
    lines.push(`  ${name}  ${target.reached.path.length === 0 ? 'the start' : via}${note}`);
  }
  lines.push('');
  lines.push(`Configurations (${report.configurations.length}): phase [seat:state ...]`);
  const configWidth = Math.max(
    ...report.configurations.map((target) => describeConfiguration(target.configuration).length),
  );
  for (const target of report.configurations) {
    lines.push(`  ${describeConfiguration(target.configuration).padEnd(configWidth)}  ${pathText(target.path)}`);
  }
  lines.push('');
  if (report.unreachedStates.length > 0) {
    lines.push(
      `States never active (${report.unreachedStates.length}), with the transitions defined on and under them`,
    );
    const pathWidth = Math.max(...report.unreachedStates.map((state) => state.path.length));
    for (const state of report.unreachedStates)
      lines.push(`  ${state.path.padEnd(pathWidth)}  ${count(state.transitions, 'transition')}  (${state.location})`);
    lines.push('');
  }
  const never = report.unfiredGroups.reduce((sum, group) => sum + group.transitions.length, 0);
  lines.push(
    `Transitions of active states never taken: ${never} (per-seat ones merged as player*), by config location; ${report.unfired.length} of ${report.transitionsTotal} never taken in all`,
  );
  const byLocation = new Map<string, string[]>();
  for (const group of report.unfiredGroups) {
    const list = byLocation.get(group.location) ?? [];
    list.push(group.group);
    byLocation.set(group.location, list);
  }
  if (byLocation.size === 0) lines.push('  none');
  for (const [location, groups] of [...byLocation].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`  ${location}`);
    for (const group of groups) lines.push(`    ${group}`);
  }
  return `${lines.join('\n')}\n`;
}

export interface JestScaffoldOptions {
  gameName: string;
  /** The module specifier to import the game from, as the test file sees it. */
  importPath: string;
  /** `default` or the name of the export holding the game. */
  exportName: string;
  command: string;
  setupData?: unknown;
}

function literal(value: unknown): string {
  return JSON.stringify(value);
}

function requestsLiteral(path: readonly RequestEvent[], indent: string): string {
  if (path.length === 0) return '[]';
  const items = path.map(
    (request) =>
      `${indent}  { type: ${literal(request.type)}, playerID: ${literal(request.playerID)}, args: ${literal(request.args ?? [])} },`,
  );
  return `[\n${items.join('\n')}\n${indent}]`;
}

function testName(text: string): string {
  return literal(text).slice(1, -1).replace(/'/g, "\\'");
}

function testCase(title: string, target: TargetPath, phase?: string): string {
  const lines = [
    `  test('${testName(title)}', () => {`,
    `    const run = play(${requestsLiteral(target.path, '    ')});`,
  ];
  if (phase !== undefined) lines.push(`    expect(run.phases).toContain(${literal(phase)});`);
  lines.push(`    expect(run.value).toEqual(${literal(target.value)});`, '  });');
  return lines.join('\n');
}

/** A jest test file: one test per phase and per configuration. */
export function pathsJestScaffold(report: ChartPaths, options: JestScaffoldOptions): string {
  const importLine =
    options.exportName === 'default'
      ? `import game from ${literal(options.importPath)};`
      : `import { ${options.exportName} as game } from ${literal(options.importPath)};`;
  const createOptions = `{ numPlayers: ${report.numPlayers}, seed: ${literal(report.seed)}${options.setupData !== undefined ? `, setupData: ${literal(options.setupData)}` : ''}, inspect }`;
  const tests: string[] = [];
  for (const target of report.phases) {
    if (!target.reached) continue;
    tests.push(
      testCase(
        `enters ${target.phase}${target.transient ? ' (passing through)' : ''}`,
        target.reached,
        target.phase === 'gameover' ? undefined : target.phase,
      ),
    );
  }
  for (const target of report.configurations)
    tests.push(testCase(`reaches ${describeConfiguration(target.configuration)}`, target));
  const unreached = report.phases.filter((target) => !target.reached).map((target) => target.phase);
  return `/**
 * Generated by \`${options.command}\`.
 * The shortest request paths to every phase and every configuration (phase,
 * state of each seat) of the chart of ${options.gameName}, ${report.numPlayers} players,
 * seed ${literal(report.seed)}; each test replays one with createGame and checks
 * that every request is accepted and where the chart ends.${unreached.length ? `\n * Not reached within depth ${report.maxDepth}: ${unreached.join(', ')}.` : ''}
 */
import { createGame } from 'turnchart';
${importLine}

type Request = { type: string; playerID: string; args: unknown[] };

/** Play the requests; the chart's final state value and every phase the chart was in on the way. */
function play(requests: Request[]) {
  const phases = new Set<string>();
  const inspect = (event: { type: string; snapshot?: unknown }) => {
    if (event.type !== '@xstate.microstep') return;
    const value = (event.snapshot as { value?: { phases?: Record<string, unknown> } }).value;
    for (const phase of Object.keys(value?.phases ?? {})) phases.add(phase);
  };
  const match = createGame(game, ${createOptions});
  for (const request of requests) {
    const result = request.type.startsWith('move.')
      ? match.move(request.type.slice('move.'.length), request.args, request.playerID)
      : match.event(request.type as Parameters<typeof match.event>[0], request.args[0], request.playerID);
    expect({ request, result }).toEqual({ request, result: { ok: true } });
  }
  const value = match.getStateValue();
  match.stop();
  return { value, phases: [...phases] };
}

describe(${literal(`${options.gameName}: shortest paths through the chart`)}, () => {
${tests.join('\n\n')}
});
`;
}
