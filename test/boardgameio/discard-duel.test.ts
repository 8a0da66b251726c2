/**
 * A card game with phases (draw, play) and a stage (discard, set by
 * setActivePlayers with minMoves/maxMoves) on both clients: the same game file
 * and actions give the same G, ctx, isActive, _stateID, log, undo stacks and
 * printed lines after every step, through a scripted match and seeded random
 * playouts with several players acting.
 */
import { discardDuel } from './games/discard-duel';
import { expectSame, pick, playBoth, prng, scriptOn, type Act } from './support';

const duel = (lib: any) => discardDuel(lib);

/** A sensible player: draws, plays even cards to make the others discard, tries a few refused actions on the way. */
function scriptedMatch(numPlayers: number): Act[] {
  let tick = 0;
  return scriptOn(duel, { numPlayers }, 120, (state) => {
    tick++;
    const { ctx, G } = state;
    if (ctx.gameover !== undefined) return undefined;
    if (ctx.phase === 'draw') {
      if (tick % 7 === 0) return { as: ctx.currentPlayer, event: 'endTurn' };
      return { as: ctx.currentPlayer, move: 'drawCard' };
    }
    if (ctx.activePlayers) {
      const [player] = Object.keys(ctx.activePlayers);
      if (tick % 5 === 0) return { as: player, event: 'endStage' };
      if (tick % 5 === 1) return { as: player, move: 'discard', args: [99] };
      if (tick % 5 === 2) return { as: ctx.currentPlayer, event: 'endTurn' };
      return { as: player, move: 'discard', args: [0] };
    }
    const hand: number[] = G.hands[ctx.currentPlayer];
    if (hand.length === 0) return { as: ctx.currentPlayer, move: 'drawCard' };
    if (tick % 6 === 0) return { as: ctx.currentPlayer, move: 'rollDie' };
    if (tick % 6 === 1) return { as: ctx.currentPlayer, undo: true };
    if (tick % 6 === 2) return { as: ctx.currentPlayer, redo: true };
    const even = hand.findIndex((card) => card % 2 === 0);
    return { as: ctx.currentPlayer, move: 'playCard', args: [even >= 0 ? even : 0] };
  });
}

test.each([2, 3])(
  'a scripted match with %i players goes through both phases and the discard stage the same way',
  (numPlayers) => {
    const script = scriptedMatch(numPlayers);
    const traces = playBoth(duel, script, { numPlayers });
    expectSame(traces, script);
    const states = traces.turnchart.states;
    expect(states.some((s) => s.ctx.phase === 'play')).toBe(true);
    expect(states.some((s) => s.ctx.activePlayers && Object.values(s.ctx.activePlayers).includes('discard'))).toBe(
      true,
    );
    expect(states.some((s) => s.ctx.phase === 'draw' && s.G.phasesPlayed >= 2)).toBe(true);
    const log = states.at(-1).log;
    expect(log.some((entry: any) => entry.action.payload.type === 'endStage' && entry.automatic)).toBe(true);
    expect(log.some((entry: any) => entry.action.payload.type === 'endPhase' && entry.automatic)).toBe(true);
    expect(log.some((entry: any) => entry.metadata !== undefined)).toBe(true);
  },
);

const MOVES = ['drawCard', 'playCard', 'discard', 'rollDie'] as const;
const EVENTS = ['endTurn', 'pass', 'endStage', 'endPhase'] as const;

/** Random players doing random things, legal or not. */
function randomPlayout(seed: number, numPlayers: number): Act[] {
  const rand = prng(seed);
  return scriptOn(duel, { numPlayers }, 150, (state) => {
    const { ctx } = state;
    const player =
      rand() < 0.7
        ? ctx.activePlayers
          ? pick(rand, Object.keys(ctx.activePlayers))
          : ctx.currentPlayer
        : String(Math.floor(rand() * numPlayers));
    const roll = rand();
    if (roll < 0.6) return { as: player, move: pick(rand, MOVES), args: [Math.floor(rand() * 4)] };
    if (roll < 0.85) return { as: player, event: pick(rand, EVENTS) };
    if (roll < 0.9) return { as: player, event: 'setPhase', args: [pick(rand, ['draw', 'play'])] };
    if (roll < 0.95) return { as: player, undo: true };
    return { as: player, redo: true };
  });
}

test.each([
  [11, 2],
  [12, 3],
  [13, 3],
  [14, 4],
  [15, 2],
  [16, 3],
])('a random playout (seed %i, %i players) is the same on both clients', (seed, numPlayers) => {
  const script = randomPlayout(seed, numPlayers);
  const traces = playBoth(duel, script, { numPlayers });
  expectSame(traces, script);
  expect(traces.turnchart.states.at(-1)._stateID).toBeGreaterThan(10);
});

test('a match with no seed in the game: both engines draw their own seed, so only the shapes compare', () => {
  const noSeed = (lib: any) => ({ ...discardDuel(lib), seed: undefined });
  const traces = playBoth(noSeed, [{ move: 'drawCard' }]);
  const [bgio, ours] = [traces.bgio.states[1], traces.turnchart.states[1]];
  expect(typeof ours.random).toBe(typeof bgio.random);
  expect(Object.keys(ours.G)).toEqual(Object.keys(bgio.G));
  expect(ours.ctx).toEqual(bgio.ctx);
  expect(ours._undo[0].random.seed).toEqual(expect.any(String));
});
