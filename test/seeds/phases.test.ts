/**
 * boardgame.io 0.2x's Phases guide: the draw/play card game and the legacy `flow`
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
 * Setup, cleanup, triggers and hooks: phase-hooks-and-triggers.test.ts.
 */
import { NULL_PHASE_KEY, type Game } from 'turnchart';
import { startMatch } from './scenario-match';
import { cardGame, drawCard, phasedCardGame, playCard, repeat, type Cards, type Log } from './card-games';

describe('card game without phases', () => {
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

describe('the draw and play phases (startingPhase, allowedMoves, endPhaseIf, next)', () => {
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

describe('terminating a phase', () => {
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
