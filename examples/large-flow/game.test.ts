import { createGame, createGameMachine, type GameState } from 'turnchart';
import { play, randomPlayout, resultOf, type Action } from '../support/playout';
import { firstDifference } from '../support/reference';
import { ERAS, RESOURCES, TERRAINS, TinyCiv, score, type TinyCivState } from './game';

const SEATS = ['0', '1', '2', '3', '4', '5'];
type Match = ReturnType<typeof createGame<TinyCivState>>;

/** The chart's state of every seat, in the current phase. */
function seatStates(match: Match): string[] {
  const value = match.getStateValue() as { phases: Record<string, { turn: Record<string, string> }> };
  const [phase] = Object.values(value.phases);
  return SEATS.map((seat) => phase.turn[`player${seat}`]);
}

/** Each seat in turn ends its turn without doing anything; returns who the current players were. */
function everyoneEndsTurn(match: Match): string[] {
  const players: string[] = [];
  const phase = match.getState().ctx.phase;
  while (match.getState().ctx.phase === phase && match.getState().ctx.gameover === undefined) {
    const seat = match.getState().ctx.currentPlayer;
    players.push(seat);
    play(TinyCiv, match, seat, { event: 'endTurn' });
  }
  return players;
}

describe('large-flow example (Tiny Civ: 6 seats, 4 phases, 5 stages)', () => {
  test("the chart: a state per phase, each with a turn of six seat regions holding idle, active and that phase's stages", () => {
    const machine = createGameMachine(TinyCiv, { numPlayers: 6 });
    const phases = machine.root.states.phases.states;
    const stages: Record<string, string[]> = {
      found: [],
      grow: ['harvest'],
      trade: ['propose', 'respond'],
      war: ['attack', 'defend'],
    };
    expect(Object.keys(phases)).toEqual(expect.arrayContaining(Object.keys(stages)));
    for (const [phase, own] of Object.entries(stages)) {
      const turn = phases[phase].states.turn;
      expect(turn.type).toBe('parallel');
      expect(Object.keys(turn.states)).toEqual(SEATS.map((seat) => `player${seat}`));
      for (const region of Object.values(turn.states))
        expect(Object.keys(region.states).sort()).toEqual(['active', 'idle', ...own].sort());
    }
  });

  test('scripted: found, then three eras of grow, trade and war; the best civilisation wins', () => {
    const match = createGame(TinyCiv, { numPlayers: 6, seed: 'tiny-civ' });
    const act = (seat: string, action: Action) => play(TinyCiv, match, seat, action);

    // found: TurnOrder.ONCE, one settle each, no stages.
    const terrains = ['river', 'coast', 'hills', 'river', 'coast', 'hills'] as const;
    SEATS.forEach((seat, i) => {
      expect(match.getState().ctx).toMatchObject({ phase: 'found', currentPlayer: seat, activePlayers: null });
      expect(seatStates(match)).toEqual(SEATS.map((s) => (s === seat ? 'active' : 'idle')));
      expect(match.event('endTurn', undefined, seat)).toMatchObject({ ok: false, error: { code: 'MIN_MOVES_TURN' } });
      act(seat, { move: 'settle', args: [terrains[i]] });
    });

    // grow: every seat in harvest at once, for one move.
    expect(match.getState().ctx).toMatchObject({
      phase: 'grow',
      activePlayers: Object.fromEntries(SEATS.map((s) => [s, 'harvest'])),
    });
    expect(seatStates(match)).toEqual(SEATS.map(() => 'harvest'));
    const harvests = ['food', 'gold', 'army', 'food', 'gold', 'army'];
    const waiting = new Set(SEATS);
    for (const seat of ['5', '3', '1', '0', '2']) {
      act(seat, { move: 'harvest', args: [harvests[Number(seat)]] });
      waiting.delete(seat);
      expect(seatStates(match)).toEqual(SEATS.map((s) => (waiting.has(s) ? 'harvest' : 'idle')));
    }
    act('4', { move: 'harvest', args: ['gold'] });
    expect(match.getState().G.civs['0']).toMatchObject({ food: 3, gold: 2, army: 1 });
    expect(match.getState().G.civs['2']).toMatchObject({ food: 0, gold: 2, army: 4 });

    // trade (era 1 starts with seat 0): an offer puts the partner in respond; revert brings the proposer back to propose.
    expect(match.getState().ctx).toMatchObject({ phase: 'trade', currentPlayer: '0', activePlayers: { 0: 'propose' } });
    expect(seatStates(match)).toEqual(['propose', 'idle', 'idle', 'idle', 'idle', 'idle']);
    act('0', { move: 'offer', args: ['1', 'food', 'gold'] });
    expect(match.getState().ctx.activePlayers).toEqual({ 1: 'respond' });
    expect(seatStates(match)).toEqual(['idle', 'respond', 'idle', 'idle', 'idle', 'idle']);
    act('1', { move: 'accept' });
    expect(match.getState().ctx.activePlayers).toEqual({ 0: 'propose' });
    expect(seatStates(match)).toEqual(['propose', 'idle', 'idle', 'idle', 'idle', 'idle']);
    expect(match.move('offer', ['2', 'gold', 'army'], '0')).toMatchObject({
      ok: false,
      error: { code: 'INVALID_MOVE' },
    });
    expect(everyoneEndsTurn(match)).toEqual(SEATS);

    // war (era 1 starts with seat 0): seat 2 raids seat 3, seat 5 raids seat 0, who fortifies.
    expect(match.getState().ctx).toMatchObject({ phase: 'war', currentPlayer: '0', activePlayers: { 0: 'attack' } });
    act('0', { event: 'endTurn' });
    act('1', { event: 'endTurn' });
    act('2', { move: 'raid', args: ['3'] });
    expect(seatStates(match)).toEqual(['idle', 'idle', 'idle', 'defend', 'idle', 'idle']);
    act('3', { move: 'hold' });
    expect(seatStates(match)).toEqual(['idle', 'idle', 'attack', 'idle', 'idle', 'idle']);
    act('2', { event: 'endTurn' });
    act('3', { event: 'endTurn' });
    act('4', { event: 'endTurn' });
    act('5', { move: 'raid', args: ['0'] });
    expect(match.getState().ctx.activePlayers).toEqual({ 0: 'defend' });
    act('0', { move: 'fortify' });
    expect(match.getState().ctx.activePlayers).toEqual({ 5: 'attack' });
    act('5', { event: 'endTurn' });
    expect(match.getState().G.battles).toEqual([
      { era: 1, attacker: '2', target: '3', fortified: false, won: true, loot: 2 },
      { era: 1, attacker: '5', target: '0', fortified: true, won: false, loot: 0 },
    ]);

    // Eras 2 and 3: everyone harvests food; nobody trades or raids. Trade and war start one seat further each era.
    for (const era of [2, 3]) {
      expect(match.getState().ctx.phase).toBe('grow');
      for (const seat of SEATS) act(seat, { move: 'harvest', args: ['food'] });
      const start = String(era - 1);
      expect(match.getState().ctx).toMatchObject({ phase: 'trade', currentPlayer: start });
      const tradeTurns = everyoneEndsTurn(match);
      expect(tradeTurns[0]).toBe(start);
      expect([...tradeTurns].sort()).toEqual(SEATS);
      expect(match.getState().ctx).toMatchObject({ phase: 'war', currentPlayer: start });
      everyoneEndsTurn(match);
    }

    const { G, ctx } = match.getState();
    expect(G.phaseLog).toEqual([
      'found',
      'grow 1',
      'trade 1',
      'war 1',
      'grow 2',
      'trade 2',
      'war 2',
      'grow 3',
      'trade 3',
      'war 3',
    ]);
    expect(Object.values(G.civs).map((civ) => civ.cities)).toEqual([2, 2, 2, 3, 2, 2]);
    expect(ctx.gameover).toEqual({ scores: { 0: 13, 1: 14, 2: 17, 3: 15, 4: 16, 5: 15 }, winner: '2' });
    expect(match.getStateValue()).toBe('gameover');
  });

  /** What a seat might do in its current stage (or in `found`, with no stage). */
  function options({ ctx }: GameState<TinyCivState>, seat: string, rand: () => number): Action[] {
    const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)];
    const other = () => pick(SEATS.slice(0, ctx.numPlayers).filter((s) => s !== seat));
    switch (ctx.activePlayers?.[seat]) {
      case 'harvest':
        return RESOURCES.map((resource) => ({ move: 'harvest', args: [resource] }));
      case 'propose':
        return [{ move: 'offer', args: [other(), pick(RESOURCES), pick(RESOURCES)] }, { event: 'endTurn' }];
      case 'respond':
        return [{ move: 'accept' }, { move: 'decline' }];
      case 'attack':
        return [{ move: 'raid', args: [other()] }, { event: 'endTurn' }];
      case 'defend':
        return [{ move: 'fortify' }, { move: 'hold' }];
      default:
        return [...TERRAINS.map((terrain) => ({ move: 'settle', args: [terrain] })), { event: 'endTurn' }];
    }
  }

  test.each([
    [6, 1],
    [6, 2],
    [7, 3],
    [8, 4],
  ])('random playout with %i seats (seed %i): ten phases, three eras, the best score wins', (numPlayers, seed) => {
    const match = createGame(TinyCiv, { numPlayers, seed });
    const stagesSeen = new Set<string>();
    const steps = randomPlayout(TinyCiv, match, {
      seed,
      options,
      afterStep: (_, { ctx }) => {
        for (const stage of Object.values(ctx.activePlayers ?? {})) stagesSeen.add(String(stage));
      },
    });
    const { G, ctx } = match.getState();
    expect(G.phaseLog).toEqual([
      'found',
      ...Array.from({ length: ERAS }, (_, e) => [`grow ${e + 1}`, `trade ${e + 1}`, `war ${e + 1}`]).flat(),
    ]);
    expect(stagesSeen).toEqual(new Set(['harvest', 'propose', 'respond', 'attack', 'defend']));
    // Every seat settled and harvested in every era.
    for (const civ of Object.values(G.civs)) expect(civ.terrain).not.toBeNull();
    expect(Object.values(G.harvested)).toEqual(Array(numPlayers).fill(ERAS));
    expect(G.battles.every((battle) => battle.loot <= 3 && (battle.won || battle.loot === 0))).toBe(true);
    const scores = Object.fromEntries(Object.entries(G.civs).map(([seat, civ]) => [seat, score(civ)]));
    expect(ctx.gameover).toEqual(resultOf(scores));
    expect(steps.length).toBeGreaterThan(numPlayers * (1 + ERAS * 3));
    // boardgame.io 0.50.2 plays the same actions to the same G and ctx.
    expect(firstDifference(TinyCiv, { numPlayers, seed }, steps)).toBeUndefined();
  });
});
