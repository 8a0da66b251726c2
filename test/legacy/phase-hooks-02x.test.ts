/**
 * boardgame.io 0.2x's Phases guide: its setup and cleanup hooks, its
 * triggers and hooks, and the implicit default phase, on turnchart/legacy and
 * on boardgame.io 0.29.2 (see phases-02x.test.ts).
 */
import * as seed from './fixtures/phases-02x';
import { candidates, playout } from './support/playout';
import { oldMatch, turnchartMatch, userG } from './support/releases';
import { event, expectSameAs, move, phases, run } from './support/phases-02x-steps';

describe('0.2x · Automatic Setup and Cleanup', () => {
  test('onPhaseBegin and onPhaseEnd `(G, ctx) => G` run as the phase begins and ends', () => {
    const states = run(seed.setupAndCleanup, 2, [move('draw'), move('draw')]);
    expect(userG(states[0].G).log).toEqual(['begin phaseA']);
    expect(userG(states[2].G).log).toEqual(['begin phaseA', 'end phaseA', 'begin phaseB after phaseA']);
  });

  test('a phase entered with endPhaseIf already true begins and ends, as in 0.2x', () => {
    // phaseB goes back to phaseA, whose endPhaseIf (deck empty) holds at once.
    const steps = [move('draw'), move('draw'), event('endPhase')];
    expectSameAs('0.29', seed.setupAndCleanup, 2, steps);
    const states = run(seed.setupAndCleanup, 2, steps);
    expect(userG(states[3].G).log.slice(3)).toEqual(['begin phaseA', 'end phaseA', 'begin phaseB after phaseA']);
  });
});

describe('0.2x · Triggers / Hooks', () => {
  test("phase A's overrides: the turn ends after one move, and the game after six points", () => {
    const states = run(seed.triggersAndHooks, 2, [move('score', '0', 1), move('score', '1', 2), move('score', '0', 3)]);
    expect(userG(states[1].G).log).toEqual(['A: turn 0', 'A: moved', 'A: end turn 0', 'A: turn 1']);
    expect(states[1].ctx.currentPlayer).toBe('1');
    expect(states[3].ctx.gameover).toEqual({ draw: true });
  });

  test("phase B inherits the flow's: endTurnIf { next }, onMove(G, ctx, action), endGameIf { winner }", () => {
    const states = run(seed.triggersAndHooks, 2, [
      move('toB'),
      move('score', '0', 4),
      move('score', '0', 4), // two moves: endTurnIf names player 1
      move('score', '1', 1),
      move('score', '1', 1),
      move('score', '0', 4), // 12 points
    ]);
    const last = states[states.length - 1];
    expect(states[1].ctx.phase).toBe('B');
    expect(states[3].ctx.currentPlayer).toBe('1');
    expect(userG(states[2].G).log.slice(-1)).toEqual(['moved score']);
    expect(last.ctx.gameover).toEqual({ winner: '0' });
  });

  test('same G and ctx as boardgame.io 0.29.2 on random playouts within a phase', () => {
    let changed = 0;
    let gameovers = 0;
    for (let s = 1; s <= 8; s++) {
      const result = playout({
        release: '0.29',
        fixture: seed.triggersAndHooks,
        numPlayers: 2,
        seed: s,
        steps: 30,
        ignore: ['turn'],
        candidates: candidates({ numPlayers: 2, moves: { score: [[1], [2]] }, events: { endTurn: [[]] } }),
      });
      changed += result.changed;
      if (!result.mismatch) continue;
      // Documented difference: when endGameIf ends the game after a move, 0.2x also runs onTurnEnd.
      const { old, turnchart } = result.mismatch.states;
      expect(old.ctx.gameover).toEqual({ draw: true });
      expect(turnchart.ctx.gameover).toEqual(old.ctx.gameover);
      expect(old.G.log).toEqual([...userG(turnchart.G).log, `A: end turn ${old.ctx.currentPlayer}`]);
      gameovers++;
    }
    expect(changed).toBeGreaterThan(30);
    expect(gameovers).toBeGreaterThan(0);
  });

  test('documented difference: ending a phase ends the turn, so the turn hooks run', () => {
    const old = oldMatch('0.29', seed.triggersAndHooks, 2);
    const ours = turnchartMatch(seed.triggersAndHooks, 2, '0.2x');
    old.apply(move('toB'));
    ours.apply(move('toB'));
    expect(old.state.G.log).toEqual(['A: turn 0', 'A: moved']);
    expect(userG(ours.state.G).log).toEqual(['A: turn 0', 'A: moved', 'A: end turn 0', 'turn 0']);
    // 0.2x's DEFAULT turn order keeps the player into the next phase (the engine's CONTINUE).
    expect([old.state.ctx.currentPlayer, ours.state.ctx.currentPlayer]).toEqual(['0', '0']);
    expect([old.state.ctx.turn, ours.state.ctx.turn]).toEqual([0, 2]);
  });
});

describe('0.2x · the implicit default phase', () => {
  test('a flow with phases but no startingPhase starts in `default`, where every move is allowed', () => {
    const states = run(seed.implicitDefault, 2, [move('drawCard'), event('endPhase')]);
    expect(phases(states)).toEqual(['default', 'default', 'default']);
    expect(userG(states[1].G)).toEqual({ deck: 4, hand: 1 });
    expectSameAs('0.29', seed.implicitDefault, 2, [move('drawCard'), event('endPhase'), move('drawCard')]);
  });
});
