/**
 * boardgame.io 0.3x–0.4x's Turn Orders guide: every example, in its
 * original form, runs on turnchart through turnchart/legacy and behaves as the
 * seed says; the same game files give the same G and shared ctx fields on
 * boardgame.io 0.39.16 (read as 0.3x) and 0.49.13 (read as 0.4x), step by
 * step, except for the documented differences (docs/legacy.md), asserted
 * here.
 */
import { Client, type LegacyApi } from 'turnchart/legacy';
import * as seed from './fixtures/turn-orders-04x';
import { candidates, playout } from './support/playout';
import { API_OF, compare, oldMatch, turnchartMatch, type Fixture, type Release, type Step } from './support/releases';

const move = (name: string, playerID: string, ...args: unknown[]): Step => ({ move: name, args, playerID });
const event = (name: string, playerID: string, ...args: unknown[]): Step => ({ event: name, args, playerID });

function run(fixture: Fixture, numPlayers: number, steps: Step[], api: LegacyApi = '0.3x') {
  const match = turnchartMatch(fixture, numPlayers, api);
  const states = [match.state];
  for (const step of steps) {
    match.apply(step);
    states.push(match.state);
  }
  return states;
}

const current = (states: any[]) => states.map((s) => s.ctx.currentPlayer);

describe('0.3x–0.4x · ctx turn-order fields', () => {
  test('currentPlayer, activePlayers, playOrder, playOrderPos at the start; ctx.playerID in moves', () => {
    const [start, next] = run(seed.endTurnNext, 3, [move('play', '0')]);
    expect(start.ctx).toMatchObject({
      currentPlayer: '0',
      activePlayers: null,
      playOrder: ['0', '1', '2'],
      playOrderPos: 0,
    });
    expect(next.G.log).toEqual(['0@null#1']);
  });
});

describe('0.3x–0.4x · TurnOrder presets', () => {
  // Each phase of the fixture ends after a number of recorded moves (ONCE: after the round).
  const round = (n: number, from: number) =>
    Array.from({ length: n }, (_, i) => [
      move('play', String((from + i) % 3)),
      event('endTurn', String((from + i) % 3)),
    ]).flat();

  test('DEFAULT goes round; RESET starts from 0; ONCE goes round once; CUSTOM and CUSTOM_FROM set playOrder', () => {
    const steps: Step[] = [
      ...round(3, 0), // default: 0, 1, 2 → ends after the third move (the next phase starts)
      ...round(3, 0), // reset: from 0
      ...round(3, 0), // once: 0, 1, 2, then the phase ends
      move('play', '1'),
      event('endTurn', '1'),
      move('play', '2'),
      event('endTurn', '2'),
      move('play', '1'),
      event('endTurn', '1'), // custom ['1', '2']
    ];
    const states = run(seed.orderPresets, 3, steps);
    const last = states[states.length - 1];
    expect(last.G.log).toEqual([
      '0@default#1',
      '1@default#2',
      '2@default#3',
      '0@reset#4',
      '1@reset#5',
      '2@reset#6',
      '0@once#7',
      '1@once#8',
      '2@once#9',
      '1@custom#10',
      '2@custom#11',
      '1@custom#12',
    ]);
    // CUSTOM_FROM('order') reads G.order when its phase begins.
    expect(last.ctx).toMatchObject({ phase: 'customFrom', playOrder: ['2', '0', '1'], currentPlayer: '2' });
  });
});

describe('0.3x–0.4x · ActivePlayers presets and turn.activePlayers', () => {
  test('game-level turn: { order: TurnOrder.DEFAULT, activePlayers: ActivePlayers.ALL }: anyone moves, in any order', () => {
    const states = run(seed.gameTurn, 3, [
      move('play', '2'),
      move('play', '1'),
      move('play', '2'),
      event('endTurn', '0'),
    ]);
    expect(states[3].G.log).toEqual(['2@null#1', '1@null#1', '2@null#1']);
    expect(states[4].ctx).toMatchObject({ currentPlayer: '1', activePlayers: { 0: null, 1: null, 2: null } });
  });

  test('ALL, ALL_ONCE, OTHERS, OTHERS_ONCE', () => {
    const states = run(seed.activePlayersPresets, 3, [
      event('endPhase', '0'), // all → allOnce
      move('play', '1'),
      move('play', '1'),
      move('play', '0'),
      move('play', '2'), // each once; player 1's second move is refused
      event('endPhase', '1'), // others
      move('play', '1'), // an other player (the current one is 2)
      event('endPhase', '1'), // othersOnce (an active player ends it: the current one is not active)
    ]);
    expect(states[1].ctx.activePlayers).toEqual({ 0: null, 1: null, 2: null });
    expect(states[2].ctx.activePlayers).toEqual({ 0: null, 2: null });
    expect(states[3].G).toBe(states[2].G);
    // Once every player has moved, the turn returns to the current player.
    expect(states[5].ctx.activePlayers).toBeNull();
    expect(states[7].ctx).toMatchObject({ phase: 'others', currentPlayer: '2', activePlayers: { 0: null, 1: null } });
    expect(states[7].G.log.slice(-1)).toEqual(['1@others#3']);
    expect(states[8].ctx).toMatchObject({
      phase: 'othersOnce',
      currentPlayer: '0',
      activePlayers: { 1: null, 2: null },
      _activePlayersMaxMoves: { 1: 1, 2: 1 },
    });
  });

  test('per-phase: A lets everyone move, B goes round ONCE, then the phase ends', () => {
    const steps = [
      move('play', '1'),
      move('play', '2'),
      move('play', '0'),
      move('play', '0'),
      event('endTurn', '0'),
      move('play', '1'),
      event('endTurn', '1'),
      move('play', '2'),
      event('endTurn', '2'),
    ];
    const states = run(seed.perPhase, 3, steps);
    expect(states.map((s) => s.ctx.phase)).toEqual(['A', 'A', 'A', 'B', 'B', 'B', 'B', 'B', 'B', null]);
    expect(states[9].G.log).toEqual(['1@A#1', '2@A#1', '0@A#1', '0@B#2', '1@B#3', '2@B#4']);
  });
});

describe("0.3x–0.4x · a custom turn order (the guide's `turn` object as written)", () => {
  test('playOrder, first, next; activePlayers value / all / others / currentPlayer, moveLimit, next', () => {
    const states = run(seed.customTurn, 4, [
      move('play', '3'),
      move('play', '0'),
      move('play', '0'),
      move('play', '0'), // player 0 is done after two moves
      move('play', '1'),
      move('play', '1'),
      move('play', '2'),
      move('play', '2'),
      move('play', '3'),
      move('play', '3'), // the set is empty: `next` makes the current player active
      event('endTurn', '3'),
    ]);
    // playOrder reversed; first 0 → player 3; `value` wins for 0 and 1, the others keep Stage.NULL (`true`).
    expect(states[0].ctx).toMatchObject({
      playOrder: ['3', '2', '1', '0'],
      currentPlayer: '3',
      activePlayers: { 0: 'myStage', 1: null, 2: null, 3: null },
      _activePlayersMaxMoves: { 0: 2, 1: 2, 2: 2, 3: 2 },
    });
    expect(states[3].ctx.activePlayers).toEqual({ 1: null, 2: null, 3: null });
    expect(states[4].G).toBe(states[3].G);
    expect(states[10].ctx.activePlayers).toEqual({ 3: null });
    expect(states[11].ctx).toMatchObject({
      currentPlayer: '2',
      playOrderPos: 1,
      activePlayers: { 0: 'myStage', 1: null, 2: null, 3: null },
    });
  });

  test('documented difference: a `true` stage value is Stage.NULL in ctx.activePlayers', () => {
    const old = oldMatch('0.39', seed.customTurn, 4);
    const ours = turnchartMatch(seed.customTurn, 4, '0.3x');
    expect(old.state.ctx.activePlayers).toEqual({ 0: 'myStage', 1: null, 2: true, 3: true });
    expect(ours.state.ctx.activePlayers).toEqual({ 0: 'myStage', 1: null, 2: null, 3: null });
  });
});

describe('0.3x–0.4x · endTurn / turn.endIf with { next }', () => {
  test('endTurn({ next: playerID }) from a move', () => {
    const states = run(seed.endTurnNext, 4, [move('handTo', '0', '2'), move('handTo', '2', '1')]);
    expect(current(states)).toEqual(['0', '2', '1']);
  });

  test("this.props.events.endTurn({ next: '3' }) from the client", () => {
    const client = Client({ game: seed.endTurnNext(), numPlayers: 4 });
    client.events.endTurn!({ next: '3' });
    expect(client.getState()!.ctx.currentPlayer).toBe('3');
  });

  test("turn.endIf: (G, ctx) => ({ next: '3' }): player 3 is made the new player", () => {
    const states = run(seed.endIfNext, 4, [move('play', '0'), move('play', '3'), move('play', '3')]);
    expect(current(states)).toEqual(['0', '3', '3', '3']);
    expect(states.map((s) => s.ctx.turn)).toEqual([1, 2, 3, 4]);
  });

  test('documented difference: 0.3x checked turn.endIf only after moves; turnchart (as 0.4x) also after stage events', () => {
    const steps = [event('endStage', '0')];
    const old39 = oldMatch('0.39', seed.endIfNext, 4);
    const old49 = oldMatch('0.49', seed.endIfNext, 4);
    const ours = turnchartMatch(seed.endIfNext, 4, '0.3x');
    for (const step of steps) [old39, old49, ours].forEach((m) => m.apply(step));
    expect([old39, old49, ours].map((m) => m.state.ctx.currentPlayer)).toEqual(['0', '3', '3']);
  });
});

describe('0.3x–0.4x · the same game files on boardgame.io 0.39.16 and 0.49.13', () => {
  const fixtures: [string, Fixture][] = Object.entries(seed);
  test.each(
    fixtures.flatMap(([name, fixture]) =>
      (['0.39', '0.49'] as Release[]).map((release) => [name, release, fixture] as const),
    ),
  )('%s on %s: same G and ctx on random playouts', (_name, release, fixture) => {
    let changed = 0;
    for (let s = 1; s <= 5; s++) {
      const result = playout({
        release,
        fixture,
        numPlayers: 4,
        seed: s,
        steps: 40,
        candidates: candidates({
          numPlayers: 4,
          moves: { play: [[]], skip: [[]], handTo: [['1'], ['2']] },
          events: { endTurn: [[]], endStage: [[]], endPhase: [[]], pass: [[]] },
        }),
      });
      expect(result.mismatch).toBeUndefined();
      changed += result.changed;
    }
    expect(changed).toBeGreaterThan(20);
    // The translation compares all the ctx fields the old release has (with 0.3x's moveLimit under its 0.4x name).
    const fields = compare(
      oldMatch(release, fixture, 4).state,
      turnchartMatch(fixture, 4, API_OF[release]).state,
    ).fields;
    expect(fields).toEqual(
      expect.arrayContaining([
        'turn',
        'currentPlayer',
        'playOrder',
        'playOrderPos',
        'phase',
        'activePlayers',
        'numMoves',
        '_activePlayersMaxMoves',
      ]),
    );
  });
});
