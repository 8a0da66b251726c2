import { createGame, type GameState } from 'turnchart';
import { attempt, play, randomPlayout, type Action } from '../support/playout';
import { firstDifference } from '../support/reference';
import { Draft, HAND_SIZE, ROUNDS, score, type DraftResult, type DraftState } from './game';

/** A stacked deal for three seats (see the scores worked out below). */
const HANDS = {
  0: ['Altar', 'Apothecary', 'Tavern', 'Walls'],
  1: ['Workshop', 'Barracks', 'Baths', 'Market'],
  2: ['Fortress', 'Temple', 'Library', 'Forum'],
};

const names = (cards: { name: string }[]) => cards.map((c) => c.name);

/** The phase of every chart state the machine passes through, from xstate's inspection stream. */
function chartPhases(events: { type: string; snapshot?: { value?: unknown } }[]): string[] {
  const phases: string[] = [];
  for (const event of events) {
    if (event.type !== '@xstate.microstep' && event.type !== '@xstate.snapshot') continue;
    const value = event.snapshot?.value;
    const phase =
      typeof value === 'object' && value !== null && 'phases' in value
        ? Object.keys((value as { phases: object }).phases)[0]
        : String(value);
    if (phases.at(-1) !== phase) phases.push(phase);
  }
  return phases;
}

describe('draft example (7 Wonders-like simultaneous picks)', () => {
  test('scripted: everyone picks at once, hands rotate left then right, three rounds, then scoring', () => {
    const inspection: any[] = [];
    const match = createGame(Draft, {
      numPlayers: 3,
      seed: 'draft',
      setupData: { hands: HANDS },
      inspect: (event: any) => inspection.push(event),
    });
    const pick = (seat: string, index: number) => play(Draft, match, seat, { move: 'pick', args: [index] });

    // Round 1: every seat is active at once, in no stage.
    expect(match.getState().ctx).toMatchObject({ phase: 'pick', activePlayers: { 0: null, 1: null, 2: null } });
    expect(match.getStateValue()).toEqual({
      phases: { pick: { turn: { player0: 'active', player1: 'active', player2: 'active' } } },
    });
    // In any order: seat 2 first. It is done for the round; the others are still active.
    pick('2', 0);
    expect(match.getState().ctx.activePlayers).toEqual({ 0: null, 1: null });
    expect(match.getStateValue()).toEqual({
      phases: { pick: { turn: { player0: 'active', player1: 'active', player2: 'idle' } } },
    });
    expect(match.move('pick', [0], '2')).toMatchObject({ ok: false, error: { code: 'PLAYER_NOT_ACTIVE' } });
    // The picks are face down until everyone has picked.
    expect(match.getState().G.tableau).toEqual({ 0: [], 1: [], 2: [] });
    pick('0', 0);
    pick('1', 0);

    // Resolved: picks revealed, hands passed to the left (seat i's hand goes to seat i + 1).
    let { G, ctx } = match.getState();
    expect(ctx.phase).toBe('pick');
    expect(G.round).toBe(2);
    expect({ 0: names(G.tableau[0]), 1: names(G.tableau[1]), 2: names(G.tableau[2]) }).toEqual({
      0: ['Altar'],
      1: ['Workshop'],
      2: ['Fortress'],
    });
    expect({ 0: names(G.hands[0]), 1: names(G.hands[1]), 2: names(G.hands[2]) }).toEqual({
      0: ['Temple', 'Library', 'Forum'],
      1: ['Apothecary', 'Tavern', 'Walls'],
      2: ['Barracks', 'Baths', 'Market'],
    });
    expect(ctx.activePlayers).toEqual({ 0: null, 1: null, 2: null });

    // Round 2: passed to the right (seat i's hand goes to seat i - 1).
    pick('1', 0);
    pick('0', 0);
    pick('2', 0);
    ({ G } = match.getState());
    expect({ 0: names(G.hands[0]), 1: names(G.hands[1]), 2: names(G.hands[2]) }).toEqual({
      0: ['Tavern', 'Walls'],
      1: ['Baths', 'Market'],
      2: ['Library', 'Forum'],
    });

    // Round 3: the last card of each hand is discarded.
    pick('0', 1);
    pick('1', 0);
    pick('2', 1);
    ({ G, ctx } = match.getState());
    expect({ 0: names(G.tableau[0]), 1: names(G.tableau[1]), 2: names(G.tableau[2]) }).toEqual({
      0: ['Altar', 'Temple', 'Walls'],
      1: ['Workshop', 'Apothecary', 'Baths'],
      2: ['Fortress', 'Barracks', 'Forum'],
    });
    expect(names(G.discarded)).toEqual(['Tavern', 'Market', 'Library']);
    // Seat 0: civic 2 + 3, shields 2 beat seat 1 (+3), lose to seat 2 (−1): 7.
    // Seat 1: civic 3, two science (2² = 4), no shields: −1 twice: 5.
    // Seat 2: shields 4 beat both (+6), 2 coins (no point): 6.
    expect(ctx.gameover).toEqual({ scores: { 0: 7, 1: 5, 2: 6 }, winners: ['0'] } satisfies DraftResult);
    expect(G.phaseLog).toEqual(['pick 1', 'resolve 1', 'pick 2', 'resolve 2', 'pick 3', 'resolve 3', 'scoring']);
    expect(match.getStateValue()).toBe('gameover');
    // The chart itself went through every phase state, resolve and scoring included.
    expect(chartPhases(inspection)).toEqual([
      'pick',
      'resolve',
      'pick',
      'resolve',
      'pick',
      'resolve',
      'scoring',
      'gameover',
    ]);
  });

  test('a second pick in a round, a missing card, and the disabled events are refused', () => {
    const match = createGame(Draft, { numPlayers: 3, seed: 'refusals', setupData: { hands: HANDS } });
    expect(attempt(Draft, match, '0', { move: 'pick', args: [HAND_SIZE] })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_MOVE' },
    });
    for (const event of ['endTurn', 'endPhase', 'pass'] as const) {
      expect(attempt(Draft, match, '0', { event })).toMatchObject({ ok: false, error: { code: 'EVENT_DISABLED' } });
    }
    play(Draft, match, '0', { move: 'pick', args: [3] });
    expect(match.getState().G.chosen[0]).toMatchObject({ name: 'Walls' });
    expect(attempt(Draft, match, '0', { move: 'pick', args: [0] })).toMatchObject({ ok: false });
  });

  test.each([
    [3, 1],
    [4, 2],
    [5, 3],
    [7, 4],
  ])(
    'random playout with %i seats (seed %i): three rounds, every card accounted for, the best score wins',
    (numPlayers, seed) => {
      const match = createGame(Draft, { numPlayers, seed });
      const handsOf = (G: DraftState) =>
        Object.fromEntries(Object.entries(G.hands).map(([seat, hand]) => [seat, names(hand)]));
      // The hands at the start of each round's picks.
      const starts = [handsOf(match.getState().G)];
      const dealt = Object.values(starts[0]).flat();
      const options = ({ G }: GameState<DraftState>, seat: string): Action[] => [
        ...G.hands[seat].map((_, index) => ({ move: 'pick', args: [index] })),
        { event: 'endTurn' },
      ];
      const steps = randomPlayout(Draft, match, {
        seed,
        options,
        afterStep: (_, { G }) => {
          if (G.round <= ROUNDS && starts.length < G.round) starts.push(handsOf(G));
        },
      });
      const { G, ctx } = match.getState();
      expect(G.phaseLog).toEqual([
        ...Array.from({ length: ROUNDS }, (_, r) => [`pick ${r + 1}`, `resolve ${r + 1}`]).flat(),
        'scoring',
      ]);
      // Between rounds each hand, less the card picked from it, moved one seat: left (to seat + 1) after round 1, right after round 2.
      expect(starts).toHaveLength(ROUNDS);
      for (let round = 0; round < ROUNDS - 1; round++) {
        for (let seat = 0; seat < numPlayers; seat++) {
          const giver = String((seat + (round % 2 === 0 ? numPlayers - 1 : 1)) % numPlayers);
          const picked = G.tableau[giver][round].name;
          expect(starts[round + 1][seat]).toEqual(starts[round][giver].filter((name) => name !== picked));
          expect(starts[round + 1][seat]).toHaveLength(HAND_SIZE - round - 1);
        }
      }
      // Every seat drafted three cards; together with the discards they are exactly the cards dealt.
      for (const cards of Object.values(G.tableau)) expect(cards).toHaveLength(ROUNDS);
      expect(names([...Object.values(G.tableau).flat(), ...G.discarded]).sort()).toEqual(dealt.sort());
      const scores = Object.fromEntries(Object.keys(G.tableau).map((seat) => [seat, score(G.tableau, seat)]));
      const best = Math.max(...Object.values(scores));
      expect(ctx.gameover).toEqual({ scores, winners: Object.keys(scores).filter((seat) => scores[seat] === best) });
      // The deal included, boardgame.io 0.50.2 plays the same actions to the same G and ctx.
      expect(firstDifference(Draft, { numPlayers, seed }, steps)).toBeUndefined();
    },
  );
});
