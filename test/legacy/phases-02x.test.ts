/**
 * boardgame.io 0.2x's Phases guide: every example, in its original
 * form, runs on turnchart through turnchart/legacy and behaves as the seed
 * says; the same game files run on boardgame.io 0.29.2 (object phases) and
 * 0.26.3 (the array form) give the same G and shared ctx fields, except for
 * the documented differences (docs/legacy.md), which are asserted here.
 * Hooks: phase-hooks-02x.test.ts; the array form: phases-array-form-026.test.ts.
 */
import * as legacy from 'turnchart/legacy';
import { Client, LEGACY_STATE_KEY } from 'turnchart/legacy';
import * as seed from './fixtures/phases-02x';
import { candidates, playout } from './support/playout';
import { oldMatch, turnchartMatch, userG } from './support/releases';
import { event, expectSameAs, move, phases, run, times } from './support/phases-02x-steps';

describe('0.2x · Card Game (no flow)', () => {
  test('you can draw or play a card at any time, including taking a card when the deck is empty', () => {
    const states = run(seed.cardGame, 1, [...times(6, move('drawCard')), move('playCard')]);
    expect(states.map((s) => s.G)).toEqual([
      { deck: 5, hand: 0 },
      { deck: 4, hand: 1 },
      { deck: 3, hand: 2 },
      { deck: 2, hand: 3 },
      { deck: 1, hand: 4 },
      { deck: 0, hand: 5 },
      { deck: -1, hand: 6 },
      { deck: 0, hand: 5 },
    ]);
    // Every game has the implicit `default` phase; without phases, G carries nothing extra.
    expect(states[0].ctx.phase).toBe('default');
    expect(LEGACY_STATE_KEY in states[0].G).toBe(false);
  });

  test("the legacy Client plays it with client.moves, as the seed's board does", () => {
    const client = Client({ game: seed.cardGame(legacy), numPlayers: 1 });
    client.moves.drawCard();
    client.moves.drawCard();
    client.moves.playCard();
    expect(client.getState()!.G).toEqual({ deck: 4, hand: 1 });
    // 0.2x enables endTurn (and endPhase only when there are phases; endGame only on request).
    expect(Object.keys(client.events)).toEqual(['endTurn']);
  });

  test('same G and ctx as boardgame.io 0.29.2 and 0.26.3', () => {
    const steps = [...times(6, move('drawCard')), move('playCard'), event('endTurn'), move('playCard')];
    expectSameAs('0.29', seed.cardGame, 1, steps);
    expectSameAs('0.26', seed.cardGame, 1, steps);
  });
});

describe('0.2x · Phases (draw, then play)', () => {
  const script = [
    move('playCard'),
    ...times(5, move('drawCard')),
    move('drawCard'),
    ...times(5, move('playCard')),
    move('drawCard'),
  ];

  test('only drawCard in draw until the deck is empty, then only playCard until the hand is empty', () => {
    const states = run(seed.cardGamePhases, 1, script);
    expect(phases(states)).toEqual([
      'draw',
      'draw',
      'draw',
      'draw',
      'draw',
      'draw',
      'play',
      'play',
      'play',
      'play',
      'play',
      'play',
      'draw',
      'draw',
    ]);
    // playCard in draw and drawCard in play are refused: G does not change.
    expect(states[1].G).toBe(states[0].G);
    expect(states[7].G).toBe(states[6].G);
    expect(userG(states[6].G)).toEqual({ deck: 0, hand: 5 });
    expect(userG(states[12].G)).toEqual({ deck: 5, hand: 0 });
    expect(userG(states[13].G)).toEqual({ deck: 4, hand: 1 });
  });

  test('the implicit `default` phase is a third phase, which the game never uses', () => {
    const game = legacy.fromLegacyGame(seed.cardGamePhases(legacy));
    expect(Object.keys(game.phases!)).toEqual(['draw', 'play', 'default']);
  });

  test('same G and ctx as boardgame.io 0.29.2, for one player and for two', () => {
    expectSameAs('0.29', seed.cardGamePhases, 1, script);
    expectSameAs('0.29', seed.cardGamePhases, 2, [
      ...times(5, move('drawCard')),
      event('endTurn'),
      ...times(5, move('playCard', '1')),
    ]);
  });

  test('documented difference: a phase change starts a new turn, and turns count from 1', () => {
    const old = oldMatch('0.29', seed.cardGamePhases, 1);
    const ours = turnchartMatch(seed.cardGamePhases, 1, '0.2x');
    expect([old.state.ctx.turn, ours.state.ctx.turn]).toEqual([0, 1]);
    for (const step of times(5, move('drawCard'))) {
      old.apply(step);
      ours.apply(step);
    }
    expect([old.state.ctx.phase, ours.state.ctx.phase]).toEqual(['play', 'play']);
    expect([old.state.ctx.turn, ours.state.ctx.turn]).toEqual([0, 2]);
  });
});

describe('0.2x · What happens when a phase terminates?', () => {
  test('1. a phase with `next` goes there; one without goes back to the previous phase', () => {
    const states = run(seed.nextOption, 2, [event('endPhase'), event('endPhase'), event('endPhase')]);
    expect(phases(states)).toEqual(['A', 'B', 'A', 'B']);
  });

  test("2. endPhase({ next: 'B' }) from a move overrides `next`", () => {
    const states = run(seed.endPhaseNext, 2, [move('goToB'), event('endPhase')]);
    // A's own next is C; B has none and returns to A.
    expect(phases(states)).toEqual(['A', 'B', 'A']);
  });

  test("2. endPhase({ next: 'B' }) from the client, and through the reducer", () => {
    const client = Client({ game: seed.endPhaseNext(legacy), numPlayers: 2 });
    client.events.endPhase!({ next: 'B' });
    expect(client.getState()!.ctx.phase).toBe('B');
    client.events.endPhase!();
    expect(client.getState()!.ctx.phase).toBe('A');
    client.events.endPhase!();
    expect(client.getState()!.ctx.phase).toBe('C');
    const [, ...states] = run(seed.endPhaseNext, 2, [event('endPhase', '0', { next: 'B' })]);
    expect(states[0].ctx.phase).toBe('B');
  });

  test("3. endPhaseIf returning { next: 'B' } overrides `next`", () => {
    const states = run(seed.endPhaseIfNext, 2, [move('ready')]);
    expect(phases(states)).toEqual(['A', 'B']);
  });

  test('the previous phase is `default` at the beginning of the game', () => {
    const states = run(seed.previousPhase, 2, [
      event('endPhase'), // A → default (the phase before A)
      event('endPhase'), // default → A
      move('goTo', '0', 'C'),
      event('endPhase'), // C → A
      event('endPhase'), // A → C
      move('goTo', '0', 'B'),
      event('endPhase'), // B → C
    ]);
    expect(phases(states)).toEqual(['A', 'default', 'A', 'C', 'A', 'C', 'B', 'C']);
  });

  test('the phase history lives in G under a namespaced key that game code never sees', () => {
    const [start, next] = run(seed.previousPhase, 2, [move('mark')]);
    expect(start.G[LEGACY_STATE_KEY]).toEqual({ prevPhase: 'default', returnTo: 'default', began: 'A' });
    // The move saw G without the key: it only pushed to `visits`.
    expect(userG(next.G)).toEqual({ visits: ['A'] });
    // The client's view of G leaves it out too.
    const client = Client({ game: seed.previousPhase(legacy), numPlayers: 2 });
    expect(client.getState()!.G).toEqual({ visits: [] });
  });

  test('same G and ctx as boardgame.io 0.29.2 on random playouts', () => {
    let changed = 0;
    for (const fixture of [seed.nextOption, seed.endPhaseNext, seed.endPhaseIfNext, seed.previousPhase]) {
      for (let s = 1; s <= 6; s++) {
        const result = playout({
          release: '0.29',
          fixture,
          numPlayers: 2,
          seed: s,
          steps: 30,
          ignore: ['turn'],
          candidates: candidates({
            numPlayers: 2,
            moves: { mark: [[]], goToB: [[]], ready: [[]], goTo: [['A'], ['B'], ['C'], ['default']] },
            events: { endTurn: [[]], endPhase: [[], [{ next: 'A' }], [{ next: 'B' }], [{ next: 'C' }]] },
          }),
        });
        expect(result.mismatch).toBeUndefined();
        changed += result.changed;
      }
    }
    expect(changed).toBeGreaterThan(100);
  });
});
