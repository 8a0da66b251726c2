/**
 * Seed 002 (Phases, 0.2x): the draw/play card game and the legacy `flow`
 * section, rewritten in the 0.50 API:
 *   flow.startingPhase        -> phases.<name>.start
 *   phases.<name>.allowedMoves -> phases.<name>.moves
 *   endPhaseIf                -> phases.<name>.endIf (may return { next })
 *   onPhaseBegin / onPhaseEnd -> phases.<name>.onBegin / onEnd
 *   endTurnIf                 -> turn.endIf
 *   endGameIf                 -> endIf (game level)
 *   onTurnBegin / onTurnEnd / onMove -> turn.onBegin / onEnd / onMove
 *   endPhase({ next: 'B' })   -> setPhase('B')
 * Hooks take `{ G, ctx, ... }` and mutate the draft or return a new G.
 */
import { NULL_PHASE_KEY, type Game } from 'turnchart';
import { startMatch } from './seed-match';

interface Cards {
  deck: number;
  hand: number;
}

const drawCard = ({ G }: { G: Cards }) => {
  G.deck--;
  G.hand++;
};
const playCard = ({ G }: { G: Cards }) => {
  G.deck++;
  G.hand--;
};

/** The seed's first game: one player, two moves, no phases. */
const cardGame: Game<Cards> = {
  setup: () => ({ deck: 5, hand: 0 }),
  moves: { drawCard, playCard },
};

/** The seed's phased game: draw until the deck is empty, then play until the hand is empty. */
const phasedCardGame = (): Game<Cards> => ({
  setup: () => ({ deck: 5, hand: 0 }),
  moves: { drawCard, playCard },
  phases: {
    draw: { start: true, moves: { drawCard }, endIf: ({ G }) => G.deck <= 0, next: 'play' },
    play: { moves: { playCard }, endIf: ({ G }) => G.hand <= 0, next: 'draw' },
  },
});

interface Log {
  log: string[];
}

/** A hook (or move) that appends `label` to G.log. */
const record =
  (label: string) =>
  ({ G }: { G: Log }): void => {
    G.log.push(label);
  };

function repeat(times: number, step: () => void): void {
  for (let i = 0; i < times; i++) step();
}

describe('seed 002 · card game without phases', () => {
  test('a single-player game with two moves: drawCard takes a card from the deck into the hand, playCard puts one back', () => {
    const m = startMatch(cardGame, 1);
    m.expectCtx({ phase: null, turn: 1, currentPlayer: '0', numMoves: 0, activePlayers: null });
    m.move('drawCard', '0');
    expect(m.G()).toEqual({ deck: 4, hand: 1 });
    m.expectCtx({ turn: 1, numMoves: 1 });
    m.move('playCard', '0');
    expect(m.G()).toEqual({ deck: 5, hand: 0 });
    m.expectCtx({ phase: null, turn: 1, numMoves: 2 });
  });

  test('"you can draw or play a card at any time, including taking a card when the deck is empty"', () => {
    const m = startMatch(cardGame, 1);
    repeat(6, () => m.move('drawCard', '0'));
    expect(m.G()).toEqual({ deck: -1, hand: 6 });
    repeat(7, () => m.move('playCard', '0'));
    expect(m.G()).toEqual({ deck: 6, hand: -1 });
    m.expectCtx({ phase: null, turn: 1, numMoves: 13 });
  });
});

describe('seed 002 · the draw and play phases (startingPhase, allowedMoves, endPhaseIf, next)', () => {
  test('startingPhase: "draw" (now `start: true`) makes the game begin in the draw phase', () => {
    const m = startMatch(phasedCardGame(), 1);
    m.expectCtx({ phase: 'draw', turn: 1, currentPlayer: '0', playOrderPos: 0, numMoves: 0 });
    expect(m.match.getStateValue()).toEqual({ phases: { draw: { turn: { player0: 'active' } } } });
  });

  test('allowedMoves (now phase `moves`): only drawCard is allowed in the draw phase', () => {
    const m = startMatch(phasedCardGame(), 1);
    m.rejectMove('MOVE_NOT_ALLOWED', 'playCard', '0');
    m.move('drawCard', '0');
    expect(m.G()).toEqual({ deck: 4, hand: 1 });
    m.rejectMove('MOVE_NOT_ALLOWED', 'playCard', '0');
    m.expectCtx({ phase: 'draw', numMoves: 1 });
  });

  test('the draw phase ends when its endPhaseIf (now endIf) sees an empty deck, and next: "play" follows', () => {
    const m = startMatch(phasedCardGame(), 1);
    repeat(4, () => m.move('drawCard', '0'));
    expect(m.G()).toEqual({ deck: 1, hand: 4 });
    m.expectCtx({ phase: 'draw', turn: 1, numMoves: 4 });
    m.move('drawCard', '0');
    expect(m.G()).toEqual({ deck: 0, hand: 5 });
    m.expectCtx({ phase: 'play', turn: 2, currentPlayer: '0', playOrderPos: 0, numMoves: 0 });
    expect(m.match.getStateValue()).toEqual({ phases: { play: { turn: { player0: 'active' } } } });
  });

  test('in the play phase only playCard is allowed; it ends when the hand is empty and next: "draw" returns to drawing', () => {
    const m = startMatch(phasedCardGame(), 1);
    repeat(5, () => m.move('drawCard', '0'));
    m.rejectMove('MOVE_NOT_ALLOWED', 'drawCard', '0');
    repeat(4, () => m.move('playCard', '0'));
    m.expectCtx({ phase: 'play', turn: 2, numMoves: 4 });
    m.move('playCard', '0');
    expect(m.G()).toEqual({ deck: 5, hand: 0 });
    m.expectCtx({ phase: 'draw', turn: 3, numMoves: 0 });
    m.move('drawCard', '0');
    expect(m.G()).toEqual({ deck: 4, hand: 1 });
  });

  test('"Every game also has an implicit default phase": without a starting phase the game is in no phase (null) and the global moves apply', () => {
    const game: Game<Cards> = {
      ...phasedCardGame(),
      phases: { draw: { moves: { drawCard } }, play: { moves: { playCard } } },
    };
    const m = startMatch(game, 1);
    m.expectCtx({ phase: null, turn: 1 });
    m.move('playCard', '0');
    m.move('drawCard', '0');
    expect(m.G()).toEqual({ deck: 5, hand: 0 });
    m.event('setPhase', '0', 'draw');
    m.expectCtx({ phase: 'draw', turn: 2, numMoves: 0 });
    m.rejectMove('MOVE_NOT_ALLOWED', 'playCard', '0');
  });
});

describe('seed 002 · terminating a phase', () => {
  const abGame = (): Game<Log> => ({
    setup: () => ({ log: [] }),
    moves: { skip: ({ events }) => events.endPhase(), jumpToC: ({ events }) => events.setPhase('C') },
    phases: { A: { start: true, next: 'B' }, B: { next: 'C' }, C: {} },
  });

  test('"The endPhase event is dispatched ... from the client directly": phase A ends and its next, B, begins', () => {
    const m = startMatch(abGame(), 2);
    m.expectCtx({ phase: 'A', turn: 1, currentPlayer: '0' });
    m.event('endPhase', '0');
    m.expectCtx({ phase: 'B', turn: 2, currentPlayer: '1', playOrderPos: 1, numMoves: 0 });
    expect(m.G()).toEqual({ log: [] });
  });

  test('"The endPhase event is dispatched ... in the game logic": a move calling events.endPhase() ends the phase', () => {
    const m = startMatch(abGame(), 2);
    m.move('skip', '0');
    m.expectCtx({ phase: 'B', turn: 2, currentPlayer: '1', playOrderPos: 1 });
    m.move('skip', '1');
    m.expectCtx({ phase: 'C', turn: 3, currentPlayer: '0', playOrderPos: 0 });
  });

  test('a phase with no next ends into no phase at all (0.50 has no "previous phase" rule)', () => {
    const m = startMatch(abGame(), 2);
    m.event('setPhase', '0', 'C');
    m.expectCtx({ phase: 'C', turn: 2 });
    m.event('endPhase', '1');
    m.expectCtx({ phase: null, turn: 3, currentPlayer: '0', playOrderPos: 0 });
    expect(m.match.getStateValue()).toEqual({
      phases: { [NULL_PHASE_KEY]: { turn: { player0: 'active', player1: 'idle' } } },
    });
  });

  test('"If a phase specifies the next option ... that is chosen as the next phase": A -> B -> C', () => {
    const m = startMatch(abGame(), 2);
    m.event('endPhase', '0');
    m.expectCtx({ phase: 'B' });
    m.event('endPhase', '1');
    m.expectCtx({ phase: 'C', turn: 3 });
  });

  test('endPhase({ next: "C" }) is setPhase("C") in 0.50: it overrides the phase\'s own next', () => {
    const m = startMatch(abGame(), 2);
    m.event('setPhase', '0', 'C');
    m.expectCtx({ phase: 'C', turn: 2, currentPlayer: '1' });
    const fromMove = startMatch(abGame(), 2);
    fromMove.move('jumpToC', '0');
    fromMove.expectCtx({ phase: 'C', turn: 2, currentPlayer: '1' });
  });

  test('0.50 ignores an argument to endPhase: endPhase({ next: "C" }) still follows next: "B"', () => {
    const m = startMatch(abGame(), 2);
    m.event('endPhase', '0', { next: 'C' });
    m.expectCtx({ phase: 'B', turn: 2 });
  });

  test('"endPhaseIf can return an object specifying the next phase": endIf returning { next: "C" } wins over next: "B"', () => {
    const game: Game<{ go: boolean }> = {
      setup: () => ({ go: false }),
      moves: { go: ({ G }) => void (G.go = true), wait: () => undefined },
      phases: { A: { start: true, next: 'B', endIf: ({ G }) => (G.go ? { next: 'C' } : false) }, B: {}, C: {} },
    };
    const m = startMatch(game, 2);
    m.move('wait', '0');
    m.expectCtx({ phase: 'A', turn: 1, numMoves: 1 });
    m.move('go', '0');
    m.expectCtx({ phase: 'C', turn: 2, currentPlayer: '1', numMoves: 0 });
    expect(m.G()).toEqual({ go: true });
  });
});

describe('seed 002 · automatic setup and cleanup (onPhaseBegin / onPhaseEnd)', () => {
  test('onPhaseBegin (onBegin) runs when a phase begins and onPhaseEnd (onEnd) when it ends, in order', () => {
    const game: Game<Log> = {
      setup: () => ({ log: [] }),
      phases: {
        phaseA: { start: true, next: 'phaseB', onBegin: record('A begins'), onEnd: record('A ends') },
        phaseB: { onBegin: record('B begins'), onEnd: record('B ends') },
      },
    };
    const m = startMatch(game, 2);
    expect(m.G().log).toEqual(['A begins']);
    m.event('endPhase', '0');
    expect(m.G().log).toEqual(['A begins', 'A ends', 'B begins']);
    m.expectCtx({ phase: 'phaseB', turn: 2 });
    m.event('endPhase', '1');
    expect(m.G().log).toEqual(['A begins', 'A ends', 'B begins', 'B ends']);
    m.expectCtx({ phase: null, turn: 3 });
  });

  test('"specified just like normal moves": a phase hook may also return a new G instead of mutating it', () => {
    const game: Game<Cards> = {
      setup: () => ({ deck: 0, hand: 0 }),
      moves: { drawCard },
      phases: { deal: { start: true, onBegin: ({ G }) => ({ ...G, deck: 5 }), onEnd: ({ G }) => ({ ...G, hand: 0 }) } },
    };
    const m = startMatch(game, 1);
    expect(m.G()).toEqual({ deck: 5, hand: 0 });
    m.move('drawCard', '0');
    m.move('drawCard', '0');
    expect(m.G()).toEqual({ deck: 3, hand: 2 });
    m.event('endPhase', '0');
    expect(m.G()).toEqual({ deck: 3, hand: 0 });
    m.expectCtx({ phase: null, turn: 2 });
  });

  test("a phase change runs turn.onEnd, then the old phase's onEnd, then the new phase's onBegin, then turn.onBegin", () => {
    const game: Game<Log> = {
      setup: () => ({ log: [] }),
      turn: { onBegin: record('turn begins'), onEnd: record('turn ends') },
      phases: {
        A: { start: true, next: 'B', onBegin: record('A begins'), onEnd: record('A ends') },
        B: { onBegin: record('B begins') },
      },
    };
    const m = startMatch(game, 2);
    expect(m.G().log).toEqual(['A begins', 'turn begins']);
    m.event('endPhase', '0');
    expect(m.G().log).toEqual(['A begins', 'turn begins', 'turn ends', 'A ends', 'B begins', 'turn begins']);
    m.expectCtx({ phase: 'B', turn: 2, currentPlayer: '1' });
  });
});

describe('seed 002 · triggers and hooks (endTurnIf, endGameIf, onTurnBegin, onTurnEnd, onMove)', () => {
  test('endTurnIf (turn.endIf) "ends the turn if this returns a truthy value"', () => {
    const game: Game<Cards> = { ...cardGame, turn: { endIf: ({ ctx }) => (ctx.numMoves ?? 0) >= 2 } };
    const m = startMatch(game, 3);
    m.move('drawCard', '0');
    m.expectCtx({ currentPlayer: '0', turn: 1, numMoves: 1 });
    m.move('drawCard', '0');
    m.expectCtx({ currentPlayer: '1', playOrderPos: 1, turn: 2, numMoves: 0 });
    m.rejectMove('PLAYER_NOT_ACTIVE', 'drawCard', '0');
    m.move('playCard', '1');
    m.move('playCard', '1');
    m.expectCtx({ currentPlayer: '2', playOrderPos: 2, turn: 3 });
    expect(m.G()).toEqual({ deck: 5, hand: 0 });
  });

  test('endGameIf (game endIf) "ends the game if this returns anything other than undefined"; the value becomes ctx.gameover', () => {
    const game: Game<Cards> = { ...cardGame, endIf: ({ G }) => (G.hand >= 3 ? { winner: '0' } : undefined) };
    const m = startMatch(game, 1);
    m.move('drawCard', '0');
    m.move('drawCard', '0');
    m.expectCtx({ gameover: undefined, phase: null, turn: 1 });
    m.move('drawCard', '0');
    expect(m.G()).toEqual({ deck: 2, hand: 3 });
    m.expectCtx({ gameover: { winner: '0' }, turn: 1, numMoves: 3 });
    expect(m.match.getStateValue()).toBe('gameover');
    m.rejectMove('GAME_OVER', 'playCard', '0');
    m.rejectEvent('GAME_OVER', 'endTurn', '0');
  });

  test('ending the game from a phase ends that phase too: its onEnd runs (turn.onEnd does not, as in 0.50.2) and ctx.phase becomes null', () => {
    const game: Game<Cards & Log> = {
      setup: () => ({ deck: 5, hand: 0, log: [] }),
      endIf: ({ G }) => (G.deck === 0 ? 'deck empty' : undefined),
      phases: { draw: { start: true, moves: { drawCard }, onEnd: record('draw ends') } },
      turn: { onEnd: record('turn ends') },
    };
    const m = startMatch(game, 1);
    repeat(5, () => m.move('drawCard', '0'));
    expect(m.G()).toEqual({ deck: 0, hand: 5, log: ['draw ends'] });
    m.expectCtx({ gameover: 'deck empty', phase: null, turn: 1 });
  });

  test('onTurnBegin, onMove and onTurnEnd (turn.onBegin / onMove / onEnd) run at the start of a turn, after each move and at its end', () => {
    const game: Game<Log> = {
      setup: () => ({ log: [] }),
      moves: { act: record('move') },
      turn: {
        onBegin: ({ G, ctx }) => void G.log.push(`begin ${ctx.currentPlayer}`),
        onMove: ({ G, playerID }) => void G.log.push(`onMove ${playerID}`),
        onEnd: ({ G, ctx }) => void G.log.push(`end ${ctx.currentPlayer}`),
      },
    };
    const m = startMatch(game, 2);
    expect(m.G().log).toEqual(['begin 0']);
    m.move('act', '0');
    expect(m.G().log).toEqual(['begin 0', 'move', 'onMove 0']);
    m.event('endTurn', '0');
    expect(m.G().log).toEqual(['begin 0', 'move', 'onMove 0', 'end 0', 'begin 1']);
    m.expectCtx({ currentPlayer: '1', turn: 2, numMoves: 0 });
  });

  test('"These can also be overridden at the phase level": a phase\'s turn config replaces the game\'s turn config', () => {
    const game: Game<Log> = {
      setup: () => ({ log: [] }),
      moves: { act: () => undefined },
      turn: { onBegin: record('game turn begins') },
      phases: {
        A: { start: true, next: 'B' },
        B: { turn: { onBegin: record('B turn begins'), endIf: ({ ctx }) => (ctx.numMoves ?? 0) >= 1 } },
      },
    };
    const m = startMatch(game, 2);
    expect(m.G().log).toEqual(['game turn begins']);
    m.move('act', '0');
    m.expectCtx({ phase: 'A', currentPlayer: '0', numMoves: 1 });
    m.event('endPhase', '0');
    expect(m.G().log).toEqual(['game turn begins', 'B turn begins']);
    m.expectCtx({ phase: 'B', currentPlayer: '1', turn: 2 });
    m.move('act', '1');
    expect(m.G().log).toEqual(['game turn begins', 'B turn begins', 'B turn begins']);
    m.expectCtx({ phase: 'B', currentPlayer: '0', playOrderPos: 0, turn: 3, numMoves: 0 });
  });
});
