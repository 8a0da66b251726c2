/**
 * A match's game state as the server stores it: the game machine's own
 * persisted snapshot (xstate's `getPersistedSnapshot()`: the chart's state
 * value and the context `{ G, ctx, random, stateID }`), plus the undo and
 * redo stacks boardgame.io keeps beside it. Restoring goes through the
 * machine too (`resolveState`), so a stored match is a state the chart can
 * stand in, and a snapshot any xstate tool can load.
 */
import type { Snapshot } from 'xstate';
import { createGameMachine, type GameMachine, type TurnchartContext } from '../../machines/game-machine';
import { chartValueFor } from '../../machines/chart/seat-state';
import { contextOf, pluginsOf } from '../boardgameio/game-state';
import type { BoundGame } from '../boardgameio/taped-game';
import type { State, UndoEntry } from '../boardgameio/types';

/** What the store keeps of one game state. */
export interface StoredState {
  /** The game machine's persisted snapshot (JSON-safe). */
  snapshot: Snapshot<unknown> & { value: unknown; context: TurnchartContext };
  /** boardgame.io's undo and redo stacks: the server runs UNDO and REDO too. */
  undo: UndoEntry[];
  redo: UndoEntry[];
}

function machineOf(bound: BoundGame, numPlayers: number): GameMachine {
  return createGameMachine(bound.turnchart, { numPlayers });
}

/** The machine's own persisted snapshot of a state: what `getPersistedSnapshot(resolveState(...))` returns. */
export function machineSnapshotOf(bound: BoundGame, state: State): StoredState['snapshot'] {
  const machine = machineOf(bound, state.ctx.numPlayers);
  const snapshot = machine.resolveState({ value: chartValueFor(bound.compiled, state.ctx) as any, context: contextOf(state, bound.game) });
  return machine.getPersistedSnapshot(snapshot) as StoredState['snapshot'];
}

/**
 * The stored form of a boardgame.io state (its `deltalog` goes to the log,
 * not here). The snapshot is written in the shape `machineSnapshotOf`
 * returns (a test holds them equal) without the machine's walk: resolving a
 * state and copying its context took 8% of a served action. The chart has
 * no history states and no child actors.
 */
export function storedStateOf(bound: BoundGame, state: State): StoredState {
  const snapshot = {
    status: state.ctx.gameover !== undefined ? 'done' : 'active',
    value: chartValueFor(bound.compiled, state.ctx),
    historyValue: {},
    context: contextOf(state, bound.game),
    children: {},
  } as unknown as StoredState['snapshot'];
  return { snapshot, undo: state._undo, redo: state._redo };
}

/** The boardgame.io state a stored one stands for, checked by the machine. */
export function stateOfStored(bound: BoundGame, stored: StoredState): State {
  const { context } = stored.snapshot;
  const machine = machineOf(bound, context.ctx.numPlayers);
  const restored = machine.resolveState(stored.snapshot as any);
  const { G, ctx, random, stateID } = restored.context as TurnchartContext;
  return { G, ctx, plugins: pluginsOf(random), _undo: stored.undo ?? [], _redo: stored.redo ?? [], _stateID: stateID };
}
