/**
 * Folding of identical seat regions: regions of one parallel state that are
 * alike but for their index (a turnchart turn's seats: same states, same
 * transitions, guard and action params that differ only in `seat`) are drawn
 * once, by their first region, which stands for the others' state nodes.
 */
import type { AnyStateNode } from 'xstate';
import { delayedLabel, eventOf, isDelayed, isDescendant, transitionsOf } from './state-nodes';

/** Params without the region's own index under `seat` (`{ seat: 2, to: 'idle' }` → `{ to: 'idle' }`). */
function seatFree(params: unknown, index: number): unknown {
  if (params === null || typeof params !== 'object') return params;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params))
    if (!(key === 'seat' && (value === index || value === String(index)))) out[key] = value;
  return out;
}

function guardShape(guard: unknown, index: number): unknown {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'function') return `fn:${guard.name}`;
  if (typeof guard === 'string') return guard;
  const { type, params } = guard as { type?: unknown; params?: unknown };
  return [typeof type === 'function' ? `fn:${type.name}` : type, seatFree(params, index)];
}

function actionShape(action: unknown, index: number): unknown {
  if (typeof action === 'function') return `fn:${action.name}`;
  if (action === null || typeof action !== 'object') return action;
  const { type, params } = action as { type?: unknown; params?: unknown };
  return [typeof type === 'function' ? `fn:${type.name}` : type, seatFree(params, index)];
}

/**
 * What a region is, without its index: its states, their transitions (event,
 * guard, targets relative to the region, actions) and entry / exit actions,
 * with the index's `seat` params left out. Two regions with one signature
 * behave alike but for their seat.
 */
function regionSignature(region: AnyStateNode, index: number): string {
  const base = region.path.length;
  const where = (target: AnyStateNode) =>
    isDescendant(target, region) || target === region ? `.${target.path.slice(base).join('.')}` : `#${target.id}`;
  const shape = (node: AnyStateNode): unknown => [
    node.key === region.key ? '' : node.key,
    node.type,
    node.initial?.target?.map(where) ?? null,
    node.entry.map((a: unknown) => actionShape(a, index)),
    node.exit.map((a: unknown) => actionShape(a, index)),
    transitionsOf(node).map((t) => [
      // A timer's event names its state, and so its seat: its label says what it is.
      isDelayed(node, t) ? `after:${delayedLabel(node, t)}` : eventOf(t),
      guardShape(t.guard, index),
      (t.target ?? []).map(where),
      t.reenter ?? false,
      (t.actions ?? []).map((a: unknown) => actionShape(a, index)),
    ]),
    (Object.values(node.states) as AnyStateNode[]).map(shape),
  ];
  return JSON.stringify(shape(region));
}

/** `each player (×4)`, `players 1, 2, 3 (×3)`, or for other machines `left, right (×2)`. */
export function foldLabel(keys: readonly string[], all: boolean): string {
  const seats = keys.map((key) => /^player(\d+)$/.exec(key)?.[1]);
  if (seats.every((seat) => seat !== undefined))
    return all ? `each player (×${keys.length})` : `players ${seats.join(', ')} (×${keys.length})`;
  return `${keys.join(', ')} (×${keys.length})`;
}

/** Which state node draws which: the first region of each group of identical ones stands for the others. */
export interface SeatFolding {
  /** The drawn state node standing for `node` (itself unless it lies in a folded-away region). */
  drawn(node: AnyStateNode): AnyStateNode;
  /** Whether `node` is drawn by another (a folded-away region or a state in one). */
  folded(node: AnyStateNode): boolean;
  /** The state nodes a drawn one stands for, besides itself. */
  mirrors(node: AnyStateNode): readonly AnyStateNode[];
  /** For a region drawn for a group: the group, itself first. */
  group(node: AnyStateNode): readonly AnyStateNode[] | undefined;
}

/** Every parallel state's regions grouped by signature under `root`; with `fold` false, nothing folds. */
export function foldSeatRegions(root: AnyStateNode, fold: boolean): SeatFolding {
  const stateFor = new Map<AnyStateNode, AnyStateNode>();
  const members = new Map<AnyStateNode, AnyStateNode[]>();
  const groupRegions = (node: AnyStateNode) => {
    const children = Object.values(node.states) as AnyStateNode[];
    if (fold && node.type === 'parallel' && children.length > 1) {
      const groups = new Map<string, AnyStateNode[]>();
      children.forEach((child, index) => {
        const signature = child.type === 'compound' ? regionSignature(child, index) : `own:${index}`;
        groups.set(signature, [...(groups.get(signature) ?? []), child]);
      });
      for (const group of groups.values()) {
        if (group.length < 2) continue;
        members.set(group[0], group);
        const base = group[0].path.length;
        for (const other of group.slice(1)) {
          const mirror = (at: AnyStateNode) => {
            let drawn: AnyStateNode = group[0];
            for (const key of at.path.slice(base)) drawn = drawn.states[key];
            stateFor.set(at, drawn);
            for (const child of Object.values(at.states) as AnyStateNode[]) mirror(child);
          };
          mirror(other);
        }
      }
    }
    for (const child of children) if (!stateFor.has(child)) groupRegions(child);
  };
  groupRegions(root);
  const mirrors = new Map<AnyStateNode, AnyStateNode[]>();
  for (const [at, by] of stateFor) mirrors.set(by, [...(mirrors.get(by) ?? []), at]);
  return {
    drawn: (node) => stateFor.get(node) ?? node,
    folded: (node) => stateFor.has(node),
    mirrors: (node) => mirrors.get(node) ?? [],
    group: (node) => members.get(node),
  };
}
