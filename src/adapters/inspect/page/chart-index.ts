/**
 * The chart's tree (sent by the server as ChartTreeNode[]) read against a
 * state value: which state nodes are active, which seat each region is, and
 * which drawn boxes to light up (a folded seat is drawn by another's box).
 * Pure, like match-view.ts.
 */
import type { ChartTreeNode } from '../protocol';

/** The ids of the active state nodes for a state value, given the chart's tree. */
export function activeStateIds(nodes: ChartTreeNode[], value: unknown): Set<string> {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const root = nodes.find((node) => node.parent === undefined);
  const active = new Set<string>();
  const childByKey = (node: ChartTreeNode, key: string) =>
    node.children.map((id) => byId.get(id)!).find((child) => child.key === key);
  const walk = (node: ChartTreeNode, at: unknown) => {
    active.add(node.id);
    if (typeof at === 'string') {
      const child = childByKey(node, at);
      if (child) active.add(child.id);
    } else if (at && typeof at === 'object') {
      for (const [key, inner] of Object.entries(at)) {
        const child = childByKey(node, key);
        if (child) walk(child, inner);
      }
    }
  };
  if (root) walk(root, value);
  return active;
}

/** The state of each seat's region (`player0` → `idle`), read from the state value. */
export function seatStates(value: unknown): Record<string, string> {
  const seats: Record<string, string> = {};
  const visit = (at: unknown) => {
    if (!at || typeof at !== 'object') return;
    for (const [key, inner] of Object.entries(at)) {
      const seat = /^player(.+)$/.exec(key);
      if (seat && typeof inner === 'string') seats[seat[1]] = inner;
      else visit(inner);
    }
  };
  visit(value);
  return seats;
}

/** The chart's tree, indexed: each node, the box drawing it, its path of keys, its seat. */
export interface ChartIndex {
  byId: Map<string, ChartTreeNode>;
  /** The id of the box that draws a node (itself, unless its seat is folded into another's). */
  drawnOf(id: string): string;
  /** The node's keys from the root's child down (`phases`, `draw`, `turn`, `player0`, `A`). */
  pathOf(id: string): string[];
  /** The seat of a node in a seat region (`player3` and below → `3`). */
  seatOf(id: string): string | undefined;
}

export function chartIndex(nodes: ChartTreeNode[]): ChartIndex {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const pathOf = (id: string): string[] => {
    const node = byId.get(id);
    if (!node || node.parent === undefined) return [];
    return [...pathOf(node.parent), node.key];
  };
  const seatOf = (id: string): string | undefined => {
    for (let node = byId.get(id); node; node = node.parent === undefined ? undefined : byId.get(node.parent)) {
      const parent = node.parent === undefined ? undefined : byId.get(node.parent);
      const seat = /^player(\d+)$/.exec(node.key);
      if (seat && parent && parent.children.length > 1 && byId.get(parent.children[0])?.key.startsWith('player'))
        return seat[1];
    }
    return undefined;
  };
  return { byId, drawnOf: (id) => byId.get(id)?.drawn ?? id, pathOf, seatOf };
}

/** What the chart shows for a state value: the boxes of active leaf states (with the seats in each), and the boxes of their ancestors. */
export function activeBoxes(
  index: ChartIndex,
  value: unknown,
): { leaves: Map<string, string[]>; ancestors: Set<string> } {
  const leaves = new Map<string, string[]>();
  const ancestors = new Set<string>();
  const all = activeStateIds([...index.byId.values()], value);
  for (const id of all) {
    const node = index.byId.get(id)!;
    const isLeaf = !node.children.some((child) => all.has(child));
    const drawn = index.drawnOf(id);
    if (!isLeaf) {
      ancestors.add(drawn);
      continue;
    }
    const seats = leaves.get(drawn) ?? [];
    const seat = index.seatOf(id);
    if (seat !== undefined && !seats.includes(seat)) seats.push(seat);
    leaves.set(drawn, seats);
  }
  for (const leaf of leaves.keys()) ancestors.delete(leaf);
  return { leaves, ancestors };
}
