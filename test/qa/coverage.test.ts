/**
 * Coverage of the chart by traces: replayed on a real actor with an
 * inspection observer; states active and transitions taken are counted, as
 * tables and percentages; traces that no longer replay are reported.
 */
import { CardPhases } from '../../examples/card-phases/game';
import { Discard } from '../../examples/discard/game';
import type { AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { createGameMachine, type Game } from 'turnchart';
import { coverageJson, coverageText, recordTrace, traceCoverage } from '../../src/adapters/qa/index';

/** Every transition of a game's machine definition, in document order, but the root's request gate (`*`). */
function allTransitions(game: Game, numPlayers: number): AnyTransitionDefinition[] {
  const list: AnyTransitionDefinition[] = [];
  const visit = (node: AnyStateNode) => {
    for (const [type, transitions] of node.transitions)
      if (!(node.path.length === 0 && type === '*')) list.push(...transitions);
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(createGameMachine(game, { numPlayers }).root);
  return list;
}

const play = (playerID: string) => ({ type: 'move.playCard', playerID, args: [] });
const discard = (playerID: string) => ({ type: 'move.discard', playerID, args: [] });

describe('coverage of the discard chart by traces', () => {
  const one = recordTrace(Discard, { numPlayers: 3, seed: 'c1' }, [play('0'), discard('1'), discard('2')]);
  const two = recordTrace(Discard, { numPlayers: 3, seed: 'c2' }, [
    { type: 'endTurn', playerID: '0', args: [] },
    play('1'),
    discard('0'),
    discard('2'),
  ]);

  test('counts states active and transitions taken, and the shares covered', () => {
    const report = traceCoverage(Discard, [one, two]);
    expect(report).toMatchObject({ numPlayers: 3, traces: 2, actions: 7, divergences: [], warnings: [] });
    const hits = (label: string) => report.transitions.find((entry) => entry.transition.label === label)?.hits;
    // Each discard ends that seat's stage (maxMoves 1): the move, then the seat's way back to idle.
    expect(hits('phases.(no phase).turn.player1.discard --move.discard [turn.stages.discard.moves]--> (stays)')).toBe(
      1,
    );
    expect(hits('phases.(no phase).turn.player2.discard --move.discard [turn.stages.discard.moves]--> (stays)')).toBe(
      2,
    );
    expect(hits('phases.(no phase).turn.player0.discard --move.discard [turn.stages.discard.moves]--> (stays)')).toBe(
      1,
    );
    expect(
      hits('phases.(no phase).turn.player2.discard --maxMoves [maxMoves]--> phases.(no phase).turn.player2.idle'),
    ).toBe(2);
    // ... and no discard is ended by an endStage event.
    expect(
      hits('phases.(no phase).turn.player2.discard --endStage [endStage]--> phases.(no phase).turn.player2.idle'),
    ).toBe(0);
    // The last discard empties the set: the current player acts again (player 0 in one trace, player 1 in the other).
    expect(
      hits(
        'phases.(no phase).turn.player0.idle --maxMoves [activePlayers.emptied]--> phases.(no phase).turn.player0.active',
      ),
    ).toBe(1);
    expect(
      hits(
        'phases.(no phase).turn.player1.idle --maxMoves [activePlayers.emptied]--> phases.(no phase).turn.player1.active',
      ),
    ).toBe(1);
    // One turn ended by the turn order, straight into player 1's turn; each match's start seated player 0.
    expect(hits('phases.(no phase).turn --endTurn [turn.order.next]--> phases.(no phase).turn.player1.active')).toBe(1);
    expect(
      hits('phases.(no phase).turn.player1.idle --startTurn [turn.order]--> phases.(no phase).turn.player1.active'),
    ).toBe(0);
    expect(
      hits('phases.(no phase).turn.player0.idle --startTurn [turn.order]--> phases.(no phase).turn.player0.active'),
    ).toBe(2);
    expect(
      hits(
        'phases.(no phase).turn.player2 --setActivePlayers [setActivePlayers(set)]--> phases.(no phase).turn.player2.discard',
      ),
    ).toBe(2);
    expect(hits('phases --endGame [endGame(result)]--> gameover')).toBe(0);
    // The root's request gate, which every accepted request goes through, is no edge of the game: not counted.
    expect(hits('turnchart --* [requestAccepted]--> (stays)')).toBeUndefined();
    // Every other transition of the definition is listed, once.
    expect(report.transitions.map((entry) => entry.transition.definition)).toEqual(allTransitions(Discard, 3));
    const state = (path: string) => report.states.find((entry) => entry.node.path === path)?.hits;
    expect(state('phases.(no phase).turn.player2.discard')).toBeGreaterThan(0);
    expect(state('gameover')).toBe(0);
    expect(report.statesCovered).toBe(report.states.filter((entry) => entry.hits > 0).length);
    expect(report.statePercent).toBe(Math.round((report.statesCovered / report.states.length) * 1000) / 10);
    expect(report.transitionPercent).toBeGreaterThan(0);
    expect(report.transitionPercent).toBeLessThan(100);
    // More traces never cover less.
    expect(traceCoverage(Discard, [one]).transitionsCovered).toBeLessThan(report.transitionsCovered);
  });

  test('the text shows the shares, then what was never exercised; --all every state and transition with its count', () => {
    const report = traceCoverage(Discard, [one, two]);
    const text = coverageText(report, { gameName: 'discard', traceNames: ['one.json', 'two.json'] });
    expect(text).toMatch(
      /^discard, 3 players: 2 traces, 7 actions\n {2}states {7}\d+ of 17 \(\d+\.\d%\)\n {2}transitions {2}\d+ of 70 \(\d+\.\d%\) \(the chart's edges: each one a rule of the game can take\)\n\n/,
    );
    expect(text).toContain('\nStates never active: 2\n  phases.(no phase).turn.player2.active\n  gameover\n');
    const never = report.transitions.filter((entry) => entry.hits === 0);
    expect(text).toContain(
      `\nTransitions never taken: ${never.length} (each with its config location)\n  phases --endGame [endIf]--> gameover  (endIf)\n`,
    );
    for (const { transition } of never) expect(text).toContain(`\n  ${transition.label}  (${transition.location})\n`);
    // What was taken is not listed.
    expect(text).not.toContain('phases.(no phase).turn.player1.discard --move.discard');
    const all = coverageText(report, { gameName: 'discard', traceNames: [], all: true });
    expect(all).toContain(
      '        1  phases.(no phase).turn.player1.discard --move.discard [turn.stages.discard.moves]--> (stays)  (turn.stages.discard.moves.discard)',
    );
    expect(all).toContain(
      '        1  phases.(no phase).turn --endTurn [turn.order.next]--> phases.(no phase).turn.player1.active  (turn.order.next)',
    );
    expect(all).toContain('        0  gameover\n');
  });

  test('as JSON: the shares, what was never exercised, and every hit count', () => {
    const report = traceCoverage(Discard, [one, two]);
    const json = coverageJson(report, { traceNames: ['one.json', 'two.json'] });
    expect(json).toMatchObject({
      numPlayers: 3,
      traces: ['one.json', 'two.json'],
      actions: 7,
      playouts: 0,
      playoutEvents: [],
      states: { covered: 15, total: 17 },
      transitions: { total: 70 },
      warnings: [],
    });
    expect(json.transitions.covered).toBe(report.transitionsCovered);
    expect(json.neverActive).toEqual(['phases.(no phase).turn.player2.active', 'gameover']);
    expect(json.neverTaken).toEqual(
      report.transitions.filter((entry) => entry.hits === 0).map((entry) => entry.transition.label),
    );
    expect(json.transitionHits).toContainEqual({
      transition: 'phases.(no phase).turn --endTurn [turn.order.next]--> phases.(no phase).turn.player1.active',
      source: 'phases.(no phase).turn',
      event: 'endTurn',
      rule: 'turn.order.next',
      targets: ['phases.(no phase).turn.player1.active'],
      location: 'turn.order.next',
      hits: 1,
    });
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });

  test('a trace that no longer replays as recorded is reported', () => {
    const broken = JSON.parse(JSON.stringify(one));
    broken.actions[1].state.G.discards = 9;
    const report = traceCoverage(Discard, [one, broken]);
    expect(report.divergences).toEqual([
      { trace: 1, divergence: expect.objectContaining({ index: 1, path: 'G.discards', expected: 9, actual: 1 }) },
    ]);
    expect(coverageText(report, { gameName: 'discard', traceNames: ['one.json', 'broken.json'] })).toContain(
      'warning: broken.json no longer replays as recorded: at action 1 (1 move.discard), G.discards: expected 9, got 1',
    );
  });

  test('random play: what seeded playouts reach, alone or with traces', () => {
    const random = traceCoverage(Discard, [], { random: { playouts: 10, numPlayers: 3, seed: 'r' } });
    expect(random).toMatchObject({ numPlayers: 3, traces: 0, actions: 0, playouts: 10 });
    expect(random.playoutActions).toBeGreaterThan(0);
    // Playouts of one seed are the same games.
    expect(
      traceCoverage(Discard, [], { random: { playouts: 10, numPlayers: 3, seed: 'r' } }).transitions.map(
        (entry) => entry.hits,
      ),
    ).toEqual(random.transitions.map((entry) => entry.hits));
    // Random play reaches what the traces did not; together they cover at least as much as either.
    const both = traceCoverage(Discard, [one, two], { random: { playouts: 10, seed: 'r' } });
    expect(both).toMatchObject({ traces: 2, actions: 7, playouts: 10, playoutActions: random.playoutActions });
    expect(both.transitionsCovered).toBeGreaterThan(traceCoverage(Discard, [one, two]).transitionsCovered);
    expect(both.transitionsCovered).toBeGreaterThanOrEqual(random.transitionsCovered);
    both.transitions.forEach((entry, i) => expect(entry.hits).toBeGreaterThanOrEqual(random.transitions[i].hits));
    expect(coverageText(random, { gameName: 'discard', traceNames: [] })).toMatch(
      /^discard, 3 players: 10 random playouts \(players send moves and endTurn, pass, endStage\), \d+ actions\n/,
    );
    // The events players send in playouts: by default those of a player's client, never endGame or setActivePlayers.
    expect(random.playoutEvents).toEqual(['endTurn', 'pass', 'endStage']);
    const hits = (report: typeof random, label: string) =>
      report.transitions.find((entry) => entry.transition.label === label)!.hits;
    expect(hits(random, 'phases --endGame [endGame(result)]--> gameover')).toBe(0);
    expect(hits(random, 'phases --endGame [endIf]--> gameover')).toBeGreaterThan(0);
    const all = traceCoverage(Discard, [], { random: { playouts: 10, numPlayers: 3, seed: 'r', events: 'all' } });
    expect(all.playoutEvents).toEqual([
      'endTurn',
      'pass',
      'endStage',
      'setStage',
      'endPhase',
      'setPhase',
      'endGame',
      'setActivePlayers',
    ]);
    expect(hits(all, 'phases --endGame [endGame(result)]--> gameover')).toBeGreaterThan(0);
    const movesOnly = traceCoverage(Discard, [], { random: { playouts: 3, numPlayers: 3, seed: 'r', events: [] } });
    expect(movesOnly.playoutEvents).toEqual([]);
    expect(
      hits(movesOnly, 'phases.(no phase).turn --endTurn [turn.order.next]--> phases.(no phase).turn.player1.active'),
    ).toBe(0);
    expect(() => traceCoverage(Discard, [], { random: { playouts: 3 } })).toThrow(
      'random playouts without traces need a number of players',
    );
    expect(() => traceCoverage(Discard, [one], { random: { playouts: 3, numPlayers: 4 } })).toThrow(
      'same number of players',
    );
  });

  test('traces of different seat counts cannot share one report', () => {
    const four = recordTrace(Discard, { numPlayers: 4, seed: 'c4' }, []);
    expect(() => traceCoverage(Discard, [one, four])).toThrow(
      'every trace of one coverage report must have the same number of players',
    );
    expect(() => traceCoverage(CardPhases, [])).toThrow('coverage needs at least one trace, or random playouts');
  });
});
