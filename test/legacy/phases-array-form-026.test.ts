/**
 * The 0.2x Phases guide's phases in boardgame.io's array form (before 0.27), on
 * turnchart/legacy and on boardgame.io 0.26.3 (see phases-02x.test.ts).
 */
import * as seed from './fixtures/phases-02x';
import { candidates, playout } from './support/playout';
import { userG, type Step } from './support/releases';
import { event, expectSameAs, move, phases, run, times } from './support/phases-02x-steps';

describe('0.2x array form (before 0.27)', () => {
  const steps: Step[] = [
    move('drawCard'),
    move('skipTo', '0', 'rest'), // endPhase('rest')
    event('endPhase'), // rest → draw (the next in the array, cyclically)
    move('drawCard'),
    move('drawCard'), // the deck is empty: play
    move('playCard'),
    event('endTurn', '0', '1'), // endTurn('1'): the array era's form
    ...times(3, move('playCard', '1')),
  ];

  test('phases cycle in array order, the first phase starts, endPhase(name) jumps', () => {
    const states = run(seed.arrayPhases, 2, steps);
    expect(phases(states)).toEqual([
      'draw',
      'draw',
      'rest',
      'draw',
      'draw',
      'play',
      'play',
      'play',
      'play',
      'rest',
      'rest',
    ]);
    expect(userG(states[states.length - 1].G)).toEqual({ deck: 4, hand: -1, log: ['draw', 'rest', 'draw', 'rest'] });
  });

  test('same G and ctx as boardgame.io 0.26.3, scripted and on random playouts', () => {
    expectSameAs('0.26', seed.arrayPhases, 2, steps);
    let changed = 0;
    for (let s = 1; s <= 8; s++) {
      const result = playout({
        release: '0.26',
        fixture: seed.arrayPhases,
        numPlayers: 2,
        seed: s,
        steps: 30,
        ignore: ['turn'],
        candidates: (state) =>
          candidates({
            numPlayers: 2,
            moves: { drawCard: [[]], playCard: [[]], skipTo: [['rest'], ['play'], ['draw']] },
            events: { endPhase: [[]] },
          })(state).concat(
            ['0', '1'].flatMap((p) => [event('endTurn', p), event('endTurn', p, '0'), event('endTurn', p, '1')]),
          ),
      });
      expect(result.mismatch).toBeUndefined();
      changed += result.changed;
    }
    expect(changed).toBeGreaterThan(40);
  });
});
