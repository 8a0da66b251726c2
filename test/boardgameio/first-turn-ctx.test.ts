/**
 * The first turn's ctx is written out by the flow as every later copy is
 * (flow-operations.ts, startTurn): its keys, values and their order must
 * stay boardgame.io's, which a snapshot or a JSON state compares byte for byte.
 */
import { InitializeGame } from 'turnchart/boardgameio';
import { counter } from './games/counter';
import { bgioInternal, bgioLib, turnchartLib } from './support';

test.each([
  ['a turn without active players', {}],
  ['a turn with active players', { everyone: true }],
  ['a turn whose active players must move', { minMoves: 2 }],
])("the first turn's ctx is boardgame.io's, key for key in its order: %s", (_name, options) => {
  for (const numPlayers of [2, 5]) {
    const theirs = bgioInternal.InitializeGame({ game: counter(bgioLib, options), numPlayers });
    const ours = InitializeGame({ game: counter(turnchartLib, options), numPlayers });
    expect(JSON.stringify(ours.ctx)).toBe(JSON.stringify(theirs.ctx));
  }
});
