import { createGame, type GameState } from 'turnchart';
import { attempt, play, randomPlayout, resultOf, shuffled, type Action } from '../support/playout';
import { firstDifference } from '../support/reference';
import {
  ActionBuy,
  CARDS,
  DISCARD_DOWN_TO,
  MAX_ROUNDS,
  STARTING_DECK,
  SUPPLY,
  budget,
  victoryPoints,
  type ActionBuyState,
  type CardName,
} from './game';

const FILLER: CardName[] = ['copper', 'copper', 'estate', 'copper', 'copper'];
/** Stacked decks, top card first: seat 0 opens with a Militia, and a Village and a second Militia next turn. */
const DECKS: Record<string, CardName[]> = {
  0: ['militia', 'copper', 'copper', 'copper', 'estate', 'village', 'militia', 'copper', 'copper', 'copper', ...FILLER],
  1: ['copper', 'copper', 'estate', 'estate', 'copper', ...FILLER, ...FILLER],
  2: ['copper', 'estate', 'copper', 'estate', 'copper', ...FILLER, ...FILLER],
};

type Match = ReturnType<typeof createGame<ActionBuyState>>;

/** Each seat's state in the chart: the regions player0..player2 of the turn. */
function seatStates(match: Match): string[] {
  const value = match.getStateValue() as { phases: Record<string, { turn: Record<string, string> }> };
  const turn = value.phases['(no phase)'].turn;
  return Object.keys(turn)
    .sort()
    .map((region) => turn[region]);
}

function expectStages(match: Match, activePlayers: Record<string, string> | null, chart: string[]): void {
  expect(match.getState().ctx.activePlayers).toEqual(activePlayers);
  expect(seatStates(match)).toEqual(chart);
}

const hand = (match: Match, seat: string) => match.getState().G.players[seat].hand;

/** How many Militias each random playout plays (the playouts are deterministic). */
const EXPECTED_ATTACKS: Record<number, number> = { 1: 2, 2: 0, 3: 0, 4: 2 };

describe('action-buy example (Dominion-like stages and an attack)', () => {
  test('scripted: action → buy each turn; the Militia sends the others to discard and reverts the attacker to action', () => {
    const match = createGame(ActionBuy, { numPlayers: 3, seed: 'action-buy', setupData: { decks: DECKS } });
    const act = (seat: string, action: Action) => play(ActionBuy, match, seat, action);

    // | after | ctx.activePlayers | seats in the chart |
    expectStages(match, { 0: 'action' }, ['action', 'idle', 'idle']);
    expect(hand(match, '0')).toEqual(['militia', 'copper', 'copper', 'copper', 'estate']);

    act('0', { move: 'playAction', args: ['militia'] });
    expectStages(match, { 1: 'discard', 2: 'discard' }, ['idle', 'discard', 'discard']);
    expect(match.getState().G).toMatchObject({ actions: 0, coins: 2 });
    // The attacker waits: no move and no event until the others have discarded.
    expect(match.move('buy', ['silver'], '0')).toMatchObject({ ok: false, error: { code: 'MOVE_NOT_ALLOWED' } });
    expect(match.event('endStage', undefined, '0')).toMatchObject({ ok: false });

    act('1', { move: 'discardDown', args: [2, 3] });
    expectStages(match, { 2: 'discard' }, ['idle', 'idle', 'discard']);
    expect(hand(match, '1')).toEqual(['copper', 'copper', 'copper']);
    // Exactly one move each: seat 1 is done.
    expect(match.move('discardDown', [], '1')).toMatchObject({ ok: false, error: { code: 'MOVE_NOT_ALLOWED' } });
    // Seat 2 must keep exactly three cards.
    expect(attempt(ActionBuy, match, '2', { move: 'discardDown', args: [1] })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_MOVE' },
    });
    act('2', { move: 'discardDown', args: [1, 3] });
    // revert: the attacker is back in its action stage.
    expectStages(match, { 0: 'action' }, ['action', 'idle', 'idle']);
    expect(match.getState().ctx._prevActivePlayers).toEqual([]);

    // No action card left in hand (a treasure is none): endStage goes to the stage's next, buy.
    expect(attempt(ActionBuy, match, '0', { move: 'playAction', args: ['copper'] })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_MOVE' },
    });
    act('0', { event: 'endStage' });
    expectStages(match, { 0: 'buy' }, ['buy', 'idle', 'idle']);
    expect(budget(match.getState().G, '0')).toBe(5);
    expect(attempt(ActionBuy, match, '0', { move: 'buy', args: ['gold'] })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_MOVE' },
    });
    // The last buy ends the turn; the next player starts in action.
    act('0', { move: 'buy', args: ['smithy'] });
    expect(match.getState().ctx).toMatchObject({ currentPlayer: '1', turn: 2 });
    expectStages(match, { 1: 'action' }, ['idle', 'action', 'idle']);
    expect(match.getState().G.players[0]).toMatchObject({
      hand: ['village', 'militia', 'copper', 'copper', 'copper'],
      inPlay: [],
    });
    expect(match.getState().G.players[0].discard).toEqual(expect.arrayContaining(['militia', 'smithy', 'estate']));

    // Seat 1 buys a Silver with its three Coppers; seat 2 ends its turn without buying.
    act('1', { event: 'endStage' });
    act('1', { move: 'buy', args: ['silver'] });
    act('2', { event: 'endTurn' });
    expectStages(match, { 0: 'action' }, ['action', 'idle', 'idle']);

    // Village (+1 card, +2 actions), then Militia again: the others discard from five cards each.
    act('0', { move: 'playAction', args: ['village'] });
    expect(match.getState().G.actions).toBe(2);
    act('0', { move: 'playAction', args: ['militia'] });
    expectStages(match, { 1: 'discard', 2: 'discard' }, ['idle', 'discard', 'discard']);
    act('2', { move: 'discardDown', args: [0, 1] });
    expectStages(match, { 1: 'discard' }, ['idle', 'discard', 'idle']);
    act('1', { move: 'discardDown', args: [3, 4] });
    expectStages(match, { 0: 'action' }, ['action', 'idle', 'idle']);
    expect(match.getState().G).toMatchObject({ actions: 1, coins: 2 });
    expect(hand(match, '1')).toHaveLength(DISCARD_DOWN_TO);
    expect(hand(match, '2')).toHaveLength(DISCARD_DOWN_TO);
  });

  test('the game ends when the Provinces are gone; the most victory points win', () => {
    const rich: CardName[] = ['gold', 'gold', 'silver', 'copper', 'copper'];
    const decks = {
      0: Array(15).fill(rich).flat(),
      1: Array(15).fill(FILLER).flat(),
      2: Array(15).fill(FILLER).flat(),
    };
    const match = createGame(ActionBuy, { numPlayers: 3, seed: 'provinces', setupData: { decks } });
    for (let round = 0; match.getState().ctx.gameover === undefined; round++) {
      for (const seat of ['0', '1', '2']) {
        if (match.getState().ctx.gameover !== undefined) break;
        play(ActionBuy, match, seat, { event: 'endStage' });
        play(ActionBuy, match, seat, { move: 'buy', args: [seat === '0' ? 'province' : 'copper'] });
      }
    }
    const { G, ctx } = match.getState();
    // Seat 0 bought all six Provinces in six turns; seats 1 and 2 a Copper each turn (five each).
    expect(G.supply).toMatchObject({ province: 0, copper: SUPPLY.copper - 10 });
    expect(ctx.turn).toBe(16);
    // 6 × 6 points against the 15 Estates in each of the other decks.
    expect(ctx.gameover).toEqual({ scores: { 0: 36, 1: 15, 2: 15 }, winner: '0' });
    expect(match.getStateValue()).toBe('gameover');
  });

  test.each([
    [3, 1],
    [3, 2],
    [4, 3],
    [4, 4],
  ])(
    'random playout with %i seats (seed %i): every attack reverts to the attacker; the result counts every card',
    (numPlayers, seed) => {
      const match = createGame(ActionBuy, { numPlayers, seed });
      const options = ({ G, ctx }: GameState<ActionBuyState>, seat: string, rand: () => number): Action[] => {
        const stage = ctx.activePlayers?.[seat];
        const cards = G.players[seat].hand;
        if (stage === 'discard') {
          const extra = Math.max(0, cards.length - DISCARD_DOWN_TO);
          return [
            {
              move: 'discardDown',
              args: shuffled(
                cards.map((_, i) => i),
                rand,
              ).slice(0, extra),
            },
          ];
        }
        if (stage === 'action')
          return [
            ...cards.map((card) => ({ move: 'playAction', args: [card] })),
            { event: 'endStage' },
            { event: 'endStage' },
          ];
        return [
          ...(Object.keys(CARDS) as CardName[]).map((card) => ({ move: 'buy', args: [card] })),
          { event: 'endTurn' },
        ];
      };
      let attacks = 0;
      let attacker: string | undefined;
      const steps = randomPlayout(ActionBuy, match, {
        seed,
        options,
        afterStep: ({ playerID, action }, { ctx }) => {
          if (
            'move' in action &&
            action.move === 'playAction' &&
            ctx.activePlayers &&
            Object.values(ctx.activePlayers).includes('discard')
          ) {
            attacks++;
            attacker = playerID;
            const others = Object.fromEntries(
              ctx.playOrder.filter((seat) => seat !== playerID).map((seat) => [seat, 'discard']),
            );
            expect(ctx.activePlayers).toEqual(others);
            expect(seatStates(match)).toEqual(ctx.playOrder.map((seat) => (seat === playerID ? 'idle' : 'discard')));
          }
          if ('move' in action && action.move === 'discardDown' && ctx.activePlayers?.[attacker!] === 'action') {
            expect(ctx.activePlayers).toEqual({ [attacker!]: 'action' });
            expect(seatStates(match)).toEqual(ctx.playOrder.map((seat) => (seat === attacker ? 'action' : 'idle')));
          }
        },
      });
      const { G, ctx } = match.getState();
      expect(G.supply.province === 0 || ctx.turn === MAX_ROUNDS * numPlayers + 1).toBe(true);
      // Every card is somewhere: the starting decks plus what left the supply.
      const owned = Object.values(G.players).flatMap((p) => [...p.deck, ...p.hand, ...p.discard, ...p.inPlay]);
      const bought = (Object.keys(SUPPLY) as CardName[]).reduce(
        (total, card) => total + SUPPLY[card] - G.supply[card],
        0,
      );
      expect(owned).toHaveLength(numPlayers * STARTING_DECK.length + bought);
      const scores = Object.fromEntries(Object.entries(G.players).map(([seat, cards]) => [seat, victoryPoints(cards)]));
      expect(ctx.gameover).toEqual(resultOf(scores));
      expect(attacks).toBe(EXPECTED_ATTACKS[seed]);
      // Shuffles included, boardgame.io 0.50.2 plays the same actions to the same G and ctx.
      expect(firstDifference(ActionBuy, { numPlayers, seed }, steps)).toBeUndefined();
    },
  );

  test('random playouts do attack', () => {
    let attacks = 0;
    for (let seed = 1; seed <= 3; seed++) {
      const match = createGame(ActionBuy, { numPlayers: 3, seed });
      randomPlayout(ActionBuy, match, {
        seed,
        options: ({ G, ctx }, seat) => {
          const stage = ctx.activePlayers?.[seat];
          const cards = G.players[seat].hand;
          if (stage === 'discard')
            return [{ move: 'discardDown', args: cards.map((_, i) => i).slice(DISCARD_DOWN_TO) }];
          if (stage === 'action')
            return [...cards.map((card) => ({ move: 'playAction', args: [card] })), { event: 'endStage' }];
          return [
            { move: 'buy', args: ['militia'] },
            { move: 'buy', args: ['copper'] },
          ];
        },
        afterStep: ({ action }, { ctx }) => {
          if (
            ctx.activePlayers &&
            Object.values(ctx.activePlayers).includes('discard') &&
            'move' in action &&
            action.move === 'playAction'
          )
            attacks++;
        },
      });
    }
    expect(attacks).toBeGreaterThan(0);
  });
});
