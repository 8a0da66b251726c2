/**
 * A shared counter, with the long-form move options the undo rules read
 * (`undoable: false`, an `undoable` function) and a player view. By default
 * the current player adds; options let every player add at any time.
 */
import type { BoardgameLib } from './lib';

export interface CounterState {
  total: number;
  byPlayer: Record<string, number>;
}

export interface CounterOptions {
  disableUndo?: boolean;
  /** Every player may add at any time (ActivePlayers.ALL). */
  everyone?: boolean;
  /** Every player may add, and must add this many times before leaving the active set (`endStage`). */
  minMoves?: number;
}

type Context = { G: CounterState; playerID: string };

export function counter({ ActivePlayers, Stage }: BoardgameLib, options: CounterOptions = {}) {
  const add = ({ G, playerID }: Context, n = 1) => {
    G.total += n;
    G.byPlayer[playerID] = (G.byPlayer[playerID] ?? 0) + n;
  };
  return {
    name: 'counter',
    seed: 'counter',
    ...(options.disableUndo ? { disableUndo: true } : {}),
    setup: (_context: unknown, setupData?: { start?: number }): CounterState => ({
      total: setupData?.start ?? 0,
      byPlayer: {},
    }),
    ...(options.minMoves ? { turn: { activePlayers: { all: Stage.NULL, minMoves: options.minMoves } } } : {}),
    ...(options.everyone ? { turn: { activePlayers: ActivePlayers.ALL } } : {}),
    moves: {
      add,
      addForGood: { move: add, undoable: false },
      addWhileSmall: { move: add, undoable: ({ G }: Context) => G.total < 5 },
    },
    playerView: ({ G, playerID }: { G: CounterState; playerID: string | null }) => ({
      ...G,
      mine: playerID === null || playerID === undefined ? null : (G.byPlayer[playerID] ?? 0),
    }),
  };
}

/** The counter with these options, as a game file of the library it is given (what makeClient and playBoth take). */
export const counterGame =
  (options: CounterOptions = {}) =>
  (lib: BoardgameLib) =>
    counter(lib, options);
