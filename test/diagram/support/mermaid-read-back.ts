/**
 * A Mermaid parse read back as state label paths (`phases/draw cards/turn/player0/idle`),
 * to compare with a machine's state paths. A box that draws several states
 * (`draw cards · turn · each player (×3)`, mermaid-boxes.ts) is read back as
 * each of them, and the loops written in its name (`↻ endTurn, pass · order.next`)
 * as its loops.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import type { ParsedNode, ParseResult } from './mermaid';

export interface ParsedState {
  path: string;
  description: string[];
}

export interface ParsedChart {
  /** Label path (`phases/draw cards/turn/player0/idle`) of every state the drawing shows. */
  paths: Set<string>;
  /** Every state the drawing shows, with the description written on it. */
  states: ParsedState[];
  /** Arrows between boxes, each end named by its box's outermost state (`phases/draw cards`). */
  edges: { from: string; to: string; label: string }[];
  /** The loops written in a box's name, by the box's outermost state. */
  loops: Map<string, string[]>;
  /** Each state's box, by its outermost state. */
  boxOf: Map<string, string>;
  /** Regions (concurrent sections) under each state path. */
  regions: Map<string, number>;
}

/** Mermaid's own nodes for `[*]`: `<composite id>_start` / `_end`, labelled with their id. */
const isPseudo = (node: ParsedNode) => node.label === node.id && /_(start|end)$/.test(node.id);
const isDivider = (node: ParsedNode) => node.isGroup && node.label === '';

/** A box's name: the states it draws (outermost first), and its loops. */
function boxName(label: string): { names: string[]; loops: string[] } {
  const [names, ...loops] = label.split(' ↻ ');
  return { names: names.replace(/ \(not reached\)$/, '').split(' · '), loops };
}

/** The parser's view, in terms of state label paths, skipping the groups Mermaid makes for `--` sections. */
export function readBack(result: ParseResult): ParsedChart {
  if (!result.ok) throw new Error(`Mermaid could not parse the diagram: ${result.error}`);
  expect(result.type).toBe('stateDiagram');
  const byId = new Map(result.nodes.map((node) => [node.id, node]));
  const stateParent = (node: ParsedNode): ParsedNode | undefined => {
    let parent = node.parentId === undefined ? undefined : byId.get(node.parentId);
    while (parent && isDivider(parent)) parent = parent.parentId === undefined ? undefined : byId.get(parent.parentId);
    return parent;
  };
  /** A node's box path (its outermost state) and the paths of every state it draws, outermost first. */
  const drawn = new Map<string, string[]>();
  const pathsOf = (node: ParsedNode): string[] => {
    const known = drawn.get(node.id);
    if (known) return known;
    const parent = stateParent(node);
    const inside = parent ? `${pathsOf(parent).at(-1)}/` : '';
    const names = isPseudo(node) ? ['[*]'] : boxName(node.label).names;
    const paths = names.map((_, index) => inside + names.slice(0, index + 1).join('/'));
    drawn.set(node.id, paths);
    return paths;
  };
  const boxOf = new Map<string, string>();
  const states: ParsedState[] = [];
  const loops = new Map<string, string[]>();
  for (const node of result.nodes) {
    if (isDivider(node) || isPseudo(node)) continue;
    const paths = pathsOf(node);
    paths.forEach((path, index) => {
      boxOf.set(path, paths[0]);
      states.push({ path, description: index === paths.length - 1 ? node.description : [] });
    });
    const written = boxName(node.label).loops;
    if (written.length) loops.set(paths[0], written);
  }
  const regions = new Map<string, number>();
  for (const node of result.nodes) {
    if (!isDivider(node)) continue;
    const owner = pathsOf(byId.get(node.parentId!)!).at(-1)!;
    regions.set(owner, (regions.get(owner) ?? 0) + 1);
  }
  return {
    paths: new Set(states.map((state) => state.path)),
    states,
    edges: result.edges.map((edge) => ({
      from: pathsOf(byId.get(edge.start)!)[0],
      to: pathsOf(byId.get(edge.end)!)[0],
      label: edge.label,
    })),
    loops,
    boxOf,
    regions,
  };
}

/** Every state of the machine as its key path (`phases/draw/turn/player0/idle`), parents first. */
export function statePaths(machine: AnyStateMachine): string[] {
  const paths: string[] = [];
  const visit = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      paths.push(child.path.join('/'));
      visit(child);
    }
  };
  visit(machine.root);
  return paths;
}
