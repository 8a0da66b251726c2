/**
 * Shortest paths through the chart (xstate/graph): every configuration with
 * a path that really gets there on createGame, phases passed through, the
 * G-aware exploration, the transitions never taken with their config
 * locations, and the jest scaffold run as a real jest test file.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createGame, createGameMachine, type Game } from 'turnchart';
import { CardPhases } from '../../examples/card-phases/game';
import { Discard } from '../../examples/discard/game';
import {
  chartIndex,
  describeConfiguration,
  findPaths,
  pathsJestScaffold,
  pathsText,
} from '../../src/adapters/qa/index';
import type { RequestEvent } from 'turnchart';
import { HUNG_MS } from '../support/hung';

const ROOT = join(__dirname, '..', '..');

function play(game: Game, numPlayers: number, seed: string, path: readonly RequestEvent[]) {
  const match = createGame(game, { numPlayers, seed });
  for (const request of path) {
    const result = request.type.startsWith('move.')
      ? match.move(request.type.slice(5), request.args, request.playerID)
      : match.event(request.type as never, request.args?.[0], request.playerID);
    expect({ request, result }).toEqual({ request, result: { ok: true } });
  }
  const value = match.getStateValue();
  match.stop();
  return value;
}

describe('paths through the discard chart (3 players)', () => {
  // Every flow event tried as a player request, so the argument-driven edges (setStage, setActivePlayers, endGame) are taken too.
  const report = findPaths(Discard, { numPlayers: 3, seed: 'paths', maxDepth: 6, candidates: { events: 'all' } });

  test('every configuration is listed once, with a shortest path createGame follows to it', () => {
    const seen = report.configurations.map((target) => JSON.stringify(target.value));
    expect(new Set(seen).size).toBe(seen.length);
    const names = report.configurations.map((target) => describeConfiguration(target.configuration));
    expect(names[0]).toBe('(no phase) [0:active 1:idle 2:idle]');
    expect(names).toEqual(
      expect.arrayContaining([
        '(no phase) [0:idle 1:discard 2:discard]',
        '(no phase) [0:idle 1:idle 2:discard]',
        'gameover',
      ]),
    );
    const afterPlay = report.configurations.find(
      (target) => describeConfiguration(target.configuration) === '(no phase) [0:idle 1:idle 2:discard]',
    )!;
    expect(afterPlay.path).toEqual([
      { type: 'move.playCard', playerID: '0', args: [] },
      { type: 'move.discard', playerID: '1', args: [] },
    ]);
    for (const target of report.configurations) expect(play(Discard, 3, 'paths', target.path)).toEqual(target.value);
    for (let i = 1; i < report.configurations.length; i++)
      expect(report.configurations[i].path.length).toBeGreaterThanOrEqual(report.configurations[i - 1].path.length);
  });

  test('transitions never taken come with their config location', () => {
    expect(report.statesExplored).toBe(report.configurations.length);
    expect(report.unfired.length).toBeGreaterThan(0);
    expect(report.unfired.length).toBeLessThan(report.transitionsTotal);
    const groups = report.unfiredGroups.map((group) => `${group.location}: ${group.group}`);
    // Never taken by any seat, and said once for all seats: setStage is tried with the declared stages only, and
    // no set given to setActivePlayers here has a maxMoves for the active seat.
    expect(groups).toContain(
      'turn: phases.(no phase).turn.player* --setStage [setStage(stage)]--> phases.(no phase).turn.player*.active',
    );
    expect(groups).toContain(
      'turn: phases.(no phase).turn.player*.active --maxMoves [maxMoves]--> phases.(no phase).turn.player*.idle',
    );
    // The game's endIf is its own rule, found at its config location.
    expect(groups).toContain('endIf: phases --endGame [endIf]--> gameover');
    // playCard always sends the others into discard; its transition on the active state is taken.
    expect(groups.some((group) => group.startsWith('moves.playCard'))).toBe(false);
    const unfired = report.unfired.map((transition) => transition.label);
    expect(unfired).not.toContain(
      'phases.(no phase).turn.player1.discard --move.discard [turn.stages.discard.moves]--> (stays)',
    );
    expect(unfired).not.toContain(
      'phases.(no phase).turn.player1.discard --maxMoves [maxMoves]--> phases.(no phase).turn.player1.idle',
    );
    expect(unfired).not.toContain(
      'phases.(no phase).turn.player1.discard --endStage [endStage]--> phases.(no phase).turn.player1.idle',
    );
    // A group is listed only when no seat took any of its transitions.
    const unfiredSet = new Set(report.unfired);
    const takenGroups = new Set(
      chartIndex(createGameMachine(Discard, { numPlayers: 3 }), Discard)
        .transitions.filter((t) => !unfiredSet.has(t))
        .map((t) => t.group),
    );
    expect(report.unfiredGroups.length).toBeGreaterThan(0);
    for (const group of report.unfiredGroups) expect(takenGroups.has(group.group)).toBe(false);
    expect(
      takenGroups.has(
        'phases.(no phase).turn.player*.discard --maxMoves [maxMoves]--> phases.(no phase).turn.player*.idle',
      ),
    ).toBe(true);
  });
});

describe('the requests followed by default: moves and the events a player sends', () => {
  test('discard: endTurn, pass and endStage, plain; no endGame, setStage or setActivePlayers from players', () => {
    const report = findPaths(Discard, { numPlayers: 3, seed: 'paths', maxDepth: 6 });
    const sent = new Set(
      report.configurations.flatMap((target) =>
        target.path.map((request) => `${request.type}${request.args?.length ? ' args' : ''}`),
      ),
    );
    expect([...sent].sort()).toEqual(['endTurn', 'move.discard', 'move.playCard']);
    // The game ends only by its endIf (a hand emptied), deeper than 6 requests.
    expect(report.phases.find((target) => target.phase === 'gameover')?.reached).toBeUndefined();
    // setActivePlayers edges are still taken, by the move that calls the event.
    expect(report.unfired.map((transition) => transition.label)).not.toContain(
      'phases.(no phase).turn.player1 --setActivePlayers [setActivePlayers(set)]--> phases.(no phase).turn.player1.discard',
    );
    expect(report.unfired.map((transition) => transition.label)).toContain(
      'phases --endGame [endGame(result)]--> gameover',
    );
  });

  test('moves only (events: []): the turn never passes', () => {
    const report = findPaths(Discard, { numPlayers: 3, seed: 'paths', maxDepth: 6, candidates: { events: [] } });
    const names = report.configurations.map((target) => describeConfiguration(target.configuration));
    expect(names).toContain('(no phase) [0:idle 1:discard 2:discard]');
    expect(names).not.toContain('(no phase) [0:idle 1:active 2:idle]');
    expect(
      findPaths(Discard, { numPlayers: 3, seed: 'paths', maxDepth: 6 }).configurations.map((target) =>
        describeConfiguration(target.configuration),
      ),
    ).toContain('(no phase) [0:idle 1:active 2:idle]');
  });

  test('card-phases: the turn passes, and play is reached by drawing the whole deck', () => {
    const report = findPaths(CardPhases, { numPlayers: 2, dedupe: 'value+G', maxDepth: 8 });
    const play = report.phases.find((target) => target.phase === 'play')!;
    expect(play.reached!.path.map((request) => request.type)).toEqual([
      'move.drawCard',
      'move.drawCard',
      'move.drawCard',
      'move.drawCard',
      'move.drawCard',
    ]);
    // Nothing a player sends ends this game.
    expect(report.phases.find((target) => target.phase === 'gameover')?.reached).toBeUndefined();
    expect(report.configurations.map((target) => describeConfiguration(target.configuration))).toContain(
      'draw [0:idle 1:active]',
    );
  });
});

describe('paths through the card-phases chart, every event a player request', () => {
  test('by state value: play is only passed through (its endIf is true at once with no card in hand)', () => {
    const report = findPaths(CardPhases, { numPlayers: 2, candidates: { events: 'all' } });
    const play = report.phases.find((target) => target.phase === 'play')!;
    expect(play).toMatchObject({ transient: true, reached: { path: [{ type: 'endPhase', playerID: '0', args: [] }] } });
    expect(report.phases.find((target) => target.phase === 'gameover')?.reached?.path).toEqual([
      { type: 'endGame', playerID: '0', args: [] },
    ]);
    // Passing through, play's turn started (player 0 seated) before its endIf ended it: only the null phase was never active.
    expect(report.unreachedStates.map((state) => `${state.path} (${state.location})`)).toEqual([
      'phases.(no phase) (game)',
    ]);
    const text = pathsText(report, { gameName: 'card-phases', dedupe: 'state value' });
    expect(text).toContain('  play      1 request: 0 endPhase (passes through; ends in draw [0:idle 1:active])');
    expect(text).toContain('  phases.(no phase)  31 transitions  (game)');
    // The phase's ends by rule, each at its config location: play's endIf was taken, its declared next was not.
    const unfired = report.unfiredGroups.map((group) => `${group.location}: ${group.group}`);
    expect(unfired).toContain('phases.play.next: phases.play --endPhase [phases.play.next]--> phases.draw');
    expect(unfired).not.toContain('phases.play.endIf: phases.play --endPhase [phases.play.endIf]--> phases.draw');
    expect(report.unfired.map((transition) => transition.label)).not.toContain(
      'phases.play --endPhase [phases.play.endIf]--> phases.draw',
    );
  });

  test('by state value and G: a card drawn first, and play is a resting phase', () => {
    const report = findPaths(CardPhases, {
      numPlayers: 2,
      dedupe: 'value+G',
      maxDepth: 8,
      candidates: { events: 'all' },
    });
    const play = report.phases.find((target) => target.phase === 'play')!;
    expect(play.transient).toBeUndefined();
    expect(play.reached!.path.map((request) => request.type)).toEqual(['move.drawCard', 'endPhase']);
    expect(report.unreachedStates.map((state) => state.path)).toEqual(['phases.(no phase)']);
  });

  test('a bound on depth and on states is reported', () => {
    expect(findPaths(Discard, { numPlayers: 3, maxDepth: 1 }).truncated).toEqual({ depth: true, states: false });
    expect(findPaths(Discard, { numPlayers: 3, maxStates: 3 }).truncated.states).toBe(true);
  });

  test('the jest scaffold is a test file that passes under jest', () => {
    const report = findPaths(CardPhases, {
      numPlayers: 2,
      seed: 'scaffold',
      dedupe: 'value+G',
      maxDepth: 4,
      candidates: { events: 'all' },
    });
    const dir = mkdtempSync(join(tmpdir(), 'turnchart-scaffold-'));
    try {
      const file = join(dir, 'card-phases.paths.test.ts');
      const importPath = relative(dir, join(ROOT, 'examples', 'card-phases', 'game'))
        .split('\\')
        .join('/');
      const source = pathsJestScaffold(report, {
        gameName: 'card-phases',
        importPath,
        exportName: 'CardPhases',
        command: 'turnchart paths examples/card-phases/game.ts --format jest',
      });
      expect(source).toContain(`import { CardPhases as game } from ${JSON.stringify(importPath)};`);
      expect(source).toContain("test('enters play', () => {");
      expect(source).toContain("test('reaches draw [0:idle 1:active]', () => {");
      writeFileSync(file, source);
      const config = {
        rootDir: dir,
        testEnvironment: 'node',
        testMatch: ['**/*.test.ts'],
        transform: {
          '^.+\\.(t|j)sx?$': [
            require.resolve('@swc/jest'),
            { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
          ],
        },
        moduleNameMapper: { '^turnchart$': join(ROOT, 'src', 'index.ts') },
      };
      const jest = spawnSync(
        process.execPath,
        [require.resolve('jest/bin/jest'), '--config', JSON.stringify(config), '--ci', '--colors=false'],
        { cwd: dir, encoding: 'utf8', timeout: HUNG_MS },
      );
      expect(jest.stderr).toMatch(/Tests:\s+(\d+) passed, \1 total/);
      const count = Number(/Tests:\s+(\d+) passed/.exec(jest.stderr)![1]);
      expect(count).toBe(report.configurations.length + report.phases.filter((target) => target.reached).length);
      expect(jest.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
