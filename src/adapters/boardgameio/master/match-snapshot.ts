/**
 * A match's game state as the server stores it: the game machine's own
 * persisted snapshot (xstate's `getPersistedSnapshot()`: the chart's state
 * value and the context `{ G, ctx, random, stateID }`), plus the undo and
 * redo stacks boardgame.io keeps beside it. Restoring goes through the
 * machine too (`resolveState`), so a stored match is a state the chart can
 * stand in, and a snapshot any xstate tool can load.
 */
import type { Snapshot } from 'xstate';
import {
  createGameMachine,
  chartValueFor,
  nextDeadline,
  type GameMachine,
  type TurnchartContext,
} from '../../../machines';
import { contextOf, pluginsOf } from '../game-state';
import type { BoundGame } from '../taped-game';
import type { State, UndoEntry } from '../types';

/**
 * An undo or redo entry as stored: `current: true` stands for the state's
 * own G, ctx and plugins (the newest undo entry is the state itself, and
 * writing it out again doubled each stored state).
 */
export type StoredUndoEntry = UndoEntry | (Omit<UndoEntry, 'G' | 'ctx' | 'plugins'> & { current: true });

/** What the store keeps of one game state. */
export interface StoredState {
  /** The game machine's persisted snapshot (JSON-safe). */
  snapshot: Snapshot<unknown> & { value: unknown; context: TurnchartContext };
  /** boardgame.io's undo and redo stacks: the server runs UNDO and REDO too. */
  undo: StoredUndoEntry[];
  redo: StoredUndoEntry[];
}

function storedEntries(state: State, entries: UndoEntry[]): StoredUndoEntry[] {
  return entries.map((entry) => {
    if (entry.G !== state.G || entry.ctx !== state.ctx || entry.plugins !== state.plugins) return entry;
    const { G: _G, ctx: _ctx, plugins: _plugins, ...rest } = entry;
    return { ...rest, current: true };
  });
}

function restoredEntries(
  state: Pick<State, 'G' | 'ctx' | 'plugins'>,
  entries: StoredUndoEntry[] | undefined,
): UndoEntry[] {
  return (entries ?? []).map((entry) => {
    if (!('current' in entry)) return entry;
    const { current: _current, ...rest } = entry;
    return { G: state.G, ctx: state.ctx, plugins: state.plugins, ...rest };
  });
}

function machineOf(bound: BoundGame, numPlayers: number): GameMachine {
  return createGameMachine(bound.turnchart, { numPlayers });
}

/** The machine's own persisted snapshot of a state: what `getPersistedSnapshot(resolveState(...))` returns. */
export function machineSnapshotOf(bound: BoundGame, state: State): StoredState['snapshot'] {
  const machine = machineOf(bound, state.ctx.numPlayers);
  const snapshot = machine.resolveState({
    value: chartValueFor(bound.compiled, state.ctx),
    context: contextOf(state, bound.game),
  });
  return machine.getPersistedSnapshot(snapshot) as StoredState['snapshot'];
}

/**
 * The stored form of a boardgame.io state (its `deltalog` goes to the log,
 * not here). The snapshot is written in the shape `machineSnapshotOf`
 * returns (a test holds them equal) without resolving the state through
 * the machine, which costs far more per action (docs/performance.md,
 * "Served matches"). The chart has no history states and no child actors.
 */
export function storedStateOf(bound: BoundGame, state: State): StoredState {
  const snapshot = {
    status: state.ctx.gameover !== undefined ? 'done' : 'active',
    value: chartValueFor(bound.compiled, state.ctx),
    historyValue: {},
    context: contextOf(state, bound.game),
    children: {},
  } as unknown as StoredState['snapshot'];
  return { snapshot, undo: storedEntries(state, state._undo), redo: storedEntries(state, state._redo) };
}

/** When the stored state's next time limit runs out (ms), or null: what a store indexes to reschedule timeouts. */
export function storedDeadline(state: StoredState): number | null {
  // A store keeps what it is given: a state without ctx (a test's, a foreign one) has no deadline.
  const ctx = state?.snapshot?.context?.ctx;
  return ctx?.time ? (nextDeadline(ctx)?.at ?? null) : null;
}

/** The boardgame.io state a stored one stands for, checked by the machine. */
export function stateOfStored(bound: BoundGame, stored: StoredState): State {
  const { context } = stored.snapshot;
  const machine = machineOf(bound, context.ctx.numPlayers);
  const restored = machine.resolveState(stored.snapshot as Parameters<typeof machine.resolveState>[0]);
  const { G, ctx, random, stateID } = restored.context as TurnchartContext;
  const plugins = pluginsOf(random);
  return {
    G,
    ctx,
    plugins,
    _undo: restoredEntries({ G, ctx, plugins }, stored.undo),
    _redo: restoredEntries({ G, ctx, plugins }, stored.redo),
    _stateID: stateID,
  };
}
