import { createGame, type Ctx, type TurnchartGame } from 'turnchart';
import { play, randomPlayout, type Action } from '../support/playout';
import { firstDifference } from '../support/reference';
import { PHASES, TurnOrders, turnsIn } from './game';

/** Who plays each turn of each phase, with the playOrder and playOrderPos of ctx during that turn. */
const EXPECTED: Record<(typeof PHASES)[number], { players: string[]; playOrder: string[]; positions: number[] }> = {
  // RESET: position 0 first.
  reset: { players: ['0', '1', '2'], playOrder: ['0', '1', '2', '3'], positions: [0, 1, 2] },
  // DEFAULT: the seat after the one who ended the last phase (seat 2).
  default: { players: ['3', '0', '1'], playOrder: ['0', '1', '2', '3'], positions: [3, 0, 1] },
  // CONTINUE: the seat who ended the last phase (seat 1) again.
  continue: { players: ['1', '2', '3'], playOrder: ['0', '1', '2', '3'], positions: [1, 2, 3] },
  // ONCE: everyone once from position 0, then the phase ends by itself.
  once: { players: ['0', '1', '2', '3'], playOrder: ['0', '1', '2', '3'], positions: [0, 1, 2, 3] },
  // CUSTOM(['3', '1']): round-robin over two seats.
  custom: { players: ['3', '1', '3'], playOrder: ['3', '1'], positions: [0, 1, 0] },
  // CUSTOM_FROM('seating'): the playOrder is G.seating.
  customFrom: { players: ['2', '0', '1'], playOrder: ['2', '0', '1'], positions: [0, 1, 2] },
  // { playOrder, first, next }: seat 0 sits out, backwards from the last position, once.
  countdown: { players: ['3', '2', '1'], playOrder: ['1', '2', '3'], positions: [2, 1, 0] },
};

const TOTAL_TURNS = Object.values(EXPECTED).reduce((sum, phase) => sum + phase.players.length, 0);

type Seen = Pick<Ctx, 'phase' | 'currentPlayer' | 'playOrder' | 'playOrderPos' | 'turn'>;

/** The turn-order fields of ctx at the start of every turn, read through subscribe. */
function watchTurns(match: TurnchartGame): Seen[] {
  const seen: Seen[] = [];
  const note = (ctx: Ctx) => {
    if (ctx.gameover !== undefined || seen.at(-1)?.turn === ctx.turn) return;
    seen.push({
      phase: ctx.phase,
      currentPlayer: ctx.currentPlayer,
      playOrder: ctx.playOrder,
      playOrderPos: ctx.playOrderPos,
      turn: ctx.turn,
    });
  };
  note(match.getState().ctx);
  match.subscribe(({ ctx }) => note(ctx));
  return seen;
}

function expectedSequence(): Omit<Seen, 'turn'>[] {
  return PHASES.flatMap((phase) =>
    EXPECTED[phase].players.map((currentPlayer, i) => ({
      phase,
      currentPlayer,
      playOrder: EXPECTED[phase].playOrder,
      playOrderPos: EXPECTED[phase].positions[i],
    })),
  );
}

describe('turn-orders example (seed 004): one phase per turn order', () => {
  test('scripted: everyone plays once per turn; each phase follows its order', () => {
    const match = createGame(TurnOrders, { numPlayers: 4, seed: 'turn-orders' });
    const seen = watchTurns(match);
    expect(match.getState().ctx).toMatchObject({
      phase: 'reset',
      currentPlayer: '0',
      playOrder: ['0', '1', '2', '3'],
      playOrderPos: 0,
    });

    for (const phase of PHASES) {
      const { players, playOrder, positions } = EXPECTED[phase];
      players.forEach((player, i) => {
        const { ctx } = match.getState();
        expect({
          phase: ctx.phase,
          currentPlayer: ctx.currentPlayer,
          playOrder: ctx.playOrder,
          playOrderPos: ctx.playOrderPos,
        }).toEqual({
          phase,
          currentPlayer: player,
          playOrder,
          playOrderPos: positions[i],
        });
        // Only the current player may move.
        const other = String((Number(player) + 1) % 4);
        expect(match.move('play', [], other)).toMatchObject({ ok: false, error: { code: 'PLAYER_NOT_ACTIVE' } });
        play(TurnOrders, match, player, { move: 'play' });
      });
      expect(turnsIn(match.getState().G, phase).map((turn) => turn.player)).toEqual(players);
    }

    const { G, ctx } = match.getState();
    expect(ctx.gameover).toEqual({ turns: TOTAL_TURNS });
    expect(match.getStateValue()).toBe('gameover');
    expect(G.turns.every((turn) => turn.played)).toBe(true);
    expect(seen.map(({ turn, ...rest }) => rest)).toEqual(expectedSequence());
    expect(seen.map((s) => s.turn)).toEqual(Array.from({ length: TOTAL_TURNS }, (_, i) => i + 1));
  });

  test('the phases come one after another, each entered in the chart', () => {
    const match = createGame(TurnOrders, { numPlayers: 4, seed: 'phases' });
    const phases: string[] = [];
    match.subscribe(({ ctx }) => {
      if (ctx.phase !== null && phases.at(-1) !== ctx.phase) phases.push(ctx.phase);
    });
    phases.push(match.getState().ctx.phase!);
    while (match.getState().ctx.gameover === undefined) {
      const { phase, currentPlayer } = match.getState().ctx;
      expect(match.getStateValue()).toEqual({
        phases: { [phase!]: { turn: expect.objectContaining({ [`player${currentPlayer}`]: 'active' }) } },
      });
      play(TurnOrders, match, currentPlayer, { event: 'endTurn' });
    }
    expect(phases).toEqual([...PHASES]);
  });

  test('endTurn({ next }) hands the turn to a chosen seat; the order goes on from there', () => {
    const match = createGame(TurnOrders, { numPlayers: 4, seed: 'next' });
    play(TurnOrders, match, '0', { move: 'play' });
    play(TurnOrders, match, '1', { event: 'endTurn', arg: { next: '3' } });
    expect(match.getState().ctx).toMatchObject({ phase: 'reset', currentPlayer: '3', playOrderPos: 3 });
    // That was the third turn of the reset phase: DEFAULT goes on after seat 3, with seat 0.
    play(TurnOrders, match, '3', { move: 'play' });
    expect(match.getState().ctx).toMatchObject({ phase: 'default', currentPlayer: '0', playOrderPos: 0 });
  });

  test.each([1, 2, 3, 4, 5])('random playout %i: playing or skipping, the seats follow the same orders', (seed) => {
    const match = createGame(TurnOrders, { numPlayers: 4, seed });
    const seen = watchTurns(match);
    const options = (): Action[] => [{ move: 'play' }, { event: 'endTurn' }];
    const steps = randomPlayout(TurnOrders, match, { seed, options });
    const { G, ctx } = match.getState();
    expect(ctx.gameover).toEqual({ turns: TOTAL_TURNS });
    expect(steps).toHaveLength(TOTAL_TURNS);
    expect(seen.map(({ turn, ...rest }) => rest)).toEqual(expectedSequence());
    // Some turns were played and some skipped, and G recorded which.
    const played = steps.filter((step) => 'move' in step.action).length;
    expect(played).toBeGreaterThan(0);
    expect(played).toBeLessThan(TOTAL_TURNS);
    expect(G.turns.filter((turn) => turn.played)).toHaveLength(played);
    // boardgame.io 0.50.2 plays the same actions to the same G and ctx (turn.onEnd's second call included).
    expect(firstDifference(TurnOrders, { numPlayers: 4, seed }, steps)).toBeUndefined();
  });
});
