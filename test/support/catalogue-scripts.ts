/**
 * Scripts shared by the catalogue-shape tests (issue 18), played on
 * boardgame.io 0.50.2 (test/boardgameio/) and on 0.49 (test/legacy/) by games
 * of the same shape in each calling convention. Each step is made by the
 * current player.
 */

/** A bidding phase (moves `pass`, `endTurn`; three passes end it) and a scoring phase (moves `endGame`, `pass`). */
export const EVENT_NAMED_MOVES_SCRIPT: ({ move: string } | { event: string })[] = [
  { move: 'endTurn' },
  { event: 'endTurn' },
  { move: 'pass' },
  { event: 'pass' },
  { move: 'pass' },
  { move: 'pass' },
  { move: 'endGame' },
  { move: 'pass' },
  { event: 'endTurn' },
  // Not a move of the scoring phase: refused on both.
  { move: 'endTurn' },
  { event: 'endGame' },
  { move: 'endGame' },
];
