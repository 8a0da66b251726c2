/**
 * Leaving and re-entering part of the chart the way xstate's microstep does
 * (exit hooks deepest and last first, entry hooks in document order), for the
 * direct walk (direct-walk.ts): the new configuration, and the hooks run.
 */
import type { AnyMachineSnapshot, AnyStateNode, EventObject } from 'xstate';
import type { Entered, TurnIndex } from './direct-index';
import type { Effects } from './direct-effects';
import { configuration } from './xstate-internals';

type Snapshot = AnyMachineSnapshot;

/** `nodes` in document order (sorted in place, only when they are not already). */
export function inOrder(nodes: AnyStateNode[]): AnyStateNode[] {
  for (let i = 1; i < nodes.length; i++) {
    if (nodes[i - 1].order > nodes[i].order) return nodes.sort((a, b) => a.order - b.order);
  }
  return nodes;
}

/**
 * Exit every active node of `exiting` (deepest and last first), enter
 * `entered` (in document order), as xstate's microstep does; the
 * configuration array is kept when the set of nodes does not change.
 */
export function reenter(
  snapshot: Snapshot,
  exiting: Set<AnyStateNode>,
  entered: Entered,
  event: EventObject,
  contexts: { exit: unknown; entry: unknown },
  effects: Effects,
): AnyStateNode[] {
  const exited = configuration(snapshot)
    .filter((node: AnyStateNode) => exiting.has(node))
    .sort((a: AnyStateNode, b: AnyStateNode) => b.order - a.order);
  effects.hooks(exited, 'exit', contexts.exit, event);
  effects.hooks(entered.entryHooked, 'entry', contexts.entry, event);
  const same = exited.length === entered.nodes.length && exited.every((node: AnyStateNode) => entered.set.has(node));
  return same
    ? configuration(snapshot)
    : configuration(snapshot)
        .filter((node: AnyStateNode) => !exiting.has(node))
        .concat(entered.nodes);
}

/**
 * `reenter` for the turn, the common case: the turn, its regions and one
 * state per seat are active, so only hooked nodes are visited and the
 * configuration is the same exactly when every seat lands where it was.
 */
export function reenterTurn(
  snapshot: Snapshot,
  turn: TurnIndex,
  seats: Record<string, string>,
  entered: Entered,
  event: EventObject,
  contexts: { exit: unknown; entry: unknown },
  effects: Effects,
): AnyStateNode[] {
  for (const node of turn.exitHooked) {
    const region = node.parent!;
    // A seat's state is active only when the seat is in it; the turn and the regions always are.
    if (region.parent === turn.turn && seats[region.key] !== node.key) continue;
    effects.hook(node, 'exit', contexts.exit, event);
  }
  effects.hooks(entered.entryHooked, 'entry', contexts.entry, event);
  for (const key in entered.turnValue) {
    if (seats[key] !== entered.turnValue[key])
      return configuration(snapshot)
        .filter((node: AnyStateNode) => !turn.subtree.has(node))
        .concat(entered.nodes);
  }
  return configuration(snapshot);
}
