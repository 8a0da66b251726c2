/**
 * Finding where a game gets stuck: the two deliberately stuck fixtures (a
 * deadlock; a phase entered but never left), a stage a seat is caught in, a
 * trap only the abstraction (an endIf forced true) reaches, and the healthy
 * fixture where nothing is found.
 */
import { Stage, type Game } from 'turnchart';
import { CardPhases } from '../../examples/card-phases/game';
import { checkFoundProblems, checkGame, checkJson, checkText } from '../../src/adapters/qa/index';
import { DeadEnd } from './fixtures/dead-end';
import { Healthy } from './fixtures/healthy';
import { OneWay } from './fixtures/one-way';

const SMALL = { playouts: 20, maxActions: 60, searchStates: 400 };
const line = (steps: { request: { playerID: string; type: string } }[]) =>
  steps.map(({ request }) => `${request.playerID} ${request.type}`);

const ALL_EVENTS_OFF = {
  endTurn: false,
  pass: false,
  endPhase: false,
  setPhase: false,
  endGame: false,
  setStage: false,
  endStage: false,
  setActivePlayers: false,
};

describe('turnchart check', () => {
  test('dead-end: the deadlock once the tokens are gone, with the shortest path', () => {
    const report = checkGame(DeadEnd, { numPlayers: 2, ...SMALL });
    expect(report.deadlocks).toHaveLength(1);
    const [deadlock] = report.deadlocks;
    expect(deadlock.path.map((request) => `${request.playerID} ${request.type}`)).toEqual([
      '0 move.take',
      '1 move.take',
      '0 move.take',
    ]);
    expect(deadlock.foundBy).toBe('search');
    expect(deadlock.context.G).toEqual({ tokens: 0 });
    expect(deadlock.value).toEqual({ phases: { '(no phase)': { turn: { player0: 'idle', player1: 'active' } } } });
    expect(deadlock.needsArgs).toEqual([]);
    expect(checkFoundProblems(report)).toBe(true);
    // Nothing ends this game at all: the only phase is never left either, from the start on.
    expect(report.traps).toEqual([
      expect.objectContaining({ kind: 'phase', phase: '(no phase)', location: 'game', path: [], real: true }),
    ]);
    const text = checkText(report, 'dead-end');
    expect(text).toContain(
      '  1. phase (no phase) (game): nothing leads out of (no phase) [0:active 1:idle]; that is where the game starts\n',
    );
    expect(text).toContain(
      'Deadlocks (no seat may send anything, and the game is not over): 1\n  1. (no phase) [0:idle 1:active], after 3 requests (found by search):\n       1. 0 move.take\n       2. 1 move.take\n       3. 0 move.take\n     G: {"tokens":0}\n',
    );
  });

  test('one-way: main is entered after everyone joined and never left; a real run shows the way in', () => {
    const report = checkGame(OneWay, { numPlayers: 2, ...SMALL });
    expect(report.deadlocks).toEqual([]);
    expect(report.possibleDeadlocks).toEqual([]);
    expect(report.traps).toHaveLength(1);
    const [trap] = report.traps;
    expect(trap).toMatchObject({ kind: 'phase', phase: 'main', location: 'phases.main', real: true });
    expect(line(trap.path)).toEqual(['0 move.join', '1 move.join']);
    expect(report.stats.endIfs).toEqual(['phases.lobby.endIf']);
    expect(checkText(report, 'one-way')).toContain(
      '  1. phase main (phases.main): nothing leads out of main [0:active 1:idle]; a real run gets there in 2 requests:\n       1. 0 move.join\n       2. 1 move.join\n',
    );
  });

  test('healthy: nothing found, and the report says what was looked at', () => {
    const report = checkGame(Healthy, { numPlayers: 2, ...SMALL });
    expect(report.deadlocks).toEqual([]);
    expect(report.possibleDeadlocks).toEqual([]);
    expect(report.traps).toEqual([]);
    expect(checkFoundProblems(report)).toBe(false);
    expect(report.stats.playouts).toBe(20);
    expect(report.stats.gameovers).toBeGreaterThan(0);
    expect(report.stats.endIfs).toEqual(['endIf', 'phases.take.endIf']);
    const text = checkText(report, 'healthy');
    expect(text).toContain('Deadlocks (no seat may send anything, and the game is not over): none\n');
    expect(text).toContain(
      'Phases and stages that can be entered but never left (not even by the end of the game): none\n',
    );
    expect(text).toContain('endIf either way: endIf, phases.take.endIf');
  });

  test('a stage a seat is caught in: no moves there, and nothing ends the turn or the game', () => {
    const Limbo: Game<{ pokes: number }> = {
      name: 'limbo',
      setup: () => ({ pokes: 0 }),
      moves: {
        banish: ({ events }) => events.setActivePlayers({ currentPlayer: Stage.NULL, others: 'limbo' }),
        poke: ({ G }) => {
          G.pokes++;
        },
      },
      turn: { stages: { limbo: { moves: {} } } },
      events: ALL_EVENTS_OFF,
    };
    const report = checkGame(Limbo, { numPlayers: 2, ...SMALL });
    expect(report.deadlocks).toEqual([]);
    const stage = report.traps.find((trap) => trap.kind === 'stage');
    expect(stage).toMatchObject({
      phase: '(no phase)',
      stage: 'limbo',
      seats: ['1'],
      location: 'turn.stages.limbo',
      real: true,
    });
    expect(line(stage!.path)).toEqual(['0 move.banish']);
    // Nothing ends this game either: the phase is a trap too (the end of the game would be a way out of both).
    expect(report.traps.filter((trap) => trap.kind === 'phase').map((trap) => trap.phase)).toEqual(['(no phase)']);
  });

  test('a trap only an endIf forced true reaches: the path says which endIf', () => {
    const FarAway: Game<{ n: number }> = {
      name: 'far-away',
      setup: () => ({ n: 0 }),
      phases: {
        count: { start: true, moves: { inc: ({ G }) => void G.n++ }, endIf: ({ G }) => G.n >= 100000, next: 'stuck' },
        stuck: { moves: { spin: () => undefined } },
      },
      events: { endPhase: false, setPhase: false, endGame: false },
    };
    const report = checkGame(FarAway, { numPlayers: 2, ...SMALL });
    const trap = report.traps.find((found) => found.phase === 'stuck')!;
    expect(trap).toMatchObject({ kind: 'phase', real: false, location: 'phases.stuck' });
    expect(trap.path).toEqual([
      { request: { type: 'move.inc', playerID: '0', args: [] }, endIf: 'phases.count.endIf forced true' },
    ]);
    expect(checkText(report, 'far-away')).toContain(
      '; the abstraction gets there in 1 request:\n       1. 0 move.inc   [phases.count.endIf forced true]\n',
    );
  });

  test('a deadlock is not hidden by a flow event that changes nothing (endStage from a seat in no stage)', () => {
    const report = checkGame(
      { ...DeadEnd, events: { ...DeadEnd.events, endStage: true } },
      { numPlayers: 2, ...SMALL },
    );
    expect(report.events).toEqual(['endStage']);
    expect(report.deadlocks.map((deadlock) => line(deadlock.path.map((request) => ({ request }))))).toEqual([
      ['0 move.take', '1 move.take', '0 move.take'],
    ]);
  });
});

describe('turnchart check: does any path end the game?', () => {
  test('healthy: reached, with the shortest path found', () => {
    const report = checkGame(Healthy, { numPlayers: 2, ...SMALL });
    expect(report.gameOver).toMatchObject({ reached: true, foundBy: 'search' });
    expect(report.gameOver.reached && report.gameOver.path.length).toBe(5);
    expect(checkText(report, 'healthy')).toContain(
      '\nEnds of the game: reached; the shortest path found takes 5 requests (found by search)\n',
    );
  });

  test('one-way: no explored path ends the game, a finding with the longest path and how far each look went', () => {
    const report = checkGame(OneWay, { numPlayers: 2, ...SMALL });
    expect(report.gameOver).toMatchObject({ reached: false, longest: { foundBy: 'playout' } });
    const longest = !report.gameOver.reached ? report.gameOver.longest! : undefined;
    expect(longest!.path).toHaveLength(SMALL.maxActions);
    expect(checkFoundProblems({ ...report, traps: [] })).toBe(true);
    const text = checkText(report, 'one-way');
    expect(text).toContain(
      `\nEnds of the game: no explored path ends the game\n  searched ${report.stats.statesSearched} game states up to 12 requests deep, 20 random playouts of up to 60 actions, and 4 configurations of the abstraction (all of them)\n  the longest path found: 60 requests (a playout), ending in main [`,
    );
    // A long path: its first and last five requests.
    expect(text).toMatch(/\n {7}1\. 0 \S+\n(.*\n){4} {10}\[… 50 more …\]\n(.*\n){4} {6}60\. \d \S+\n$/);
  });

  test("card-phases: players never end it (no endIf, and endGame is the game's to call), though the search saw every state", () => {
    const report = checkGame(CardPhases, { numPlayers: 2, ...SMALL });
    expect(report.events).toEqual(['endTurn', 'pass', 'endStage']);
    expect(report.stats.searchStopped).toBeUndefined();
    expect(report.gameOver.reached).toBe(false);
    expect(checkText(report, 'card-phases')).toMatch(
      /\n {2}searched every reachable game state \(\d+\), 20 random playouts/,
    );
    // As every event a player request, endGame ends it.
    const all = checkGame(CardPhases, { numPlayers: 2, ...SMALL, events: 'all' });
    expect(all.gameOver).toMatchObject({ reached: true, path: [{ type: 'endGame', playerID: '0', args: [] }] });
  });

  test('only the abstraction ends it, by forcing an endIf: the path says which', () => {
    const Endless: Game<{ n: number }> = {
      name: 'endless',
      setup: () => ({ n: 0 }),
      moves: { inc: ({ G }) => void G.n++ },
      endIf: ({ G }) => (G.n >= 100000 ? { winner: '0' } : undefined),
    };
    const report = checkGame(Endless, { numPlayers: 2, ...SMALL });
    expect(report.gameOver).toMatchObject({
      reached: false,
      abstraction: [{ request: { type: 'move.inc', playerID: '0', args: [] }, endIf: 'endIf forced true' }],
    });
    expect(checkText(report, 'endless')).toContain(
      '  the abstraction reaches the game over only by forcing endIfs, in 1 request:\n       1. 0 move.inc   [endIf forced true]\n',
    );
  });

  test('as JSON: every finding with its path, and what was looked at', () => {
    const report = checkGame(DeadEnd, { numPlayers: 2, ...SMALL });
    const json = checkJson(report, 'dead-end');
    expect(json).toMatchObject({
      format: 'turnchart-check/1',
      game: 'dead-end',
      numPlayers: 2,
      seed: 'turnchart-check',
      events: [],
      problems: true,
      deadlocks: [
        {
          configuration: '(no phase) [0:idle 1:active]',
          foundBy: 'search',
          G: { tokens: 0 },
          path: [
            { type: 'move.take', playerID: '0', args: [] },
            { type: 'move.take', playerID: '1', args: [] },
            { type: 'move.take', playerID: '0', args: [] },
          ],
        },
      ],
      traps: [{ kind: 'phase', phase: '(no phase)', location: 'game', real: true, path: [] }],
      gameOver: { reached: false, longest: { foundBy: 'search', configuration: '(no phase) [0:idle 1:active]' } },
      stats: { searchDepth: 12, maxActions: 60, playouts: 20 },
    });
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
    expect(checkJson(checkGame(Healthy, { numPlayers: 2, ...SMALL }), 'healthy')).toMatchObject({
      problems: false,
      gameOver: { reached: true, foundBy: 'search' },
    });
  });
});
