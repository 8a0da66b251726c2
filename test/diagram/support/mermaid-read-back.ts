/**
 * A Mermaid parse read back as state label paths (`phases/draw cards/turn/player0/idle`),
 * to compare with a machine's state paths.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import type { ParsedNode, ParseResult } from './mermaid';

export interface ParsedChart {
  /** Label path (`phases/draw cards/turn/player0/idle`) of every state the parser saw. */
  paths: Set<string>;
  pathOf: Map<string, string>;
  nodes: ParsedNode[];
  edges: { from: string; to: string; label: string }[];
  /** Regions (concurrent sections) under each state path. */
  regions: Map<string, number>;
}

/** Mermaid's own nodes for `[*]`: `<composite id>_start` / `_end`, labelled with their id. */
const isPseudo = (node: ParsedNode) => node.label === node.id && /_(start|end)$/.test(node.id);
const isDivider = (node: ParsedNode) => node.isGroup && node.label === '';

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
  const pathOf = new Map<string, string>();
  const path = (node: ParsedNode): string => {
    const parent = stateParent(node);
    const own = isPseudo(node) ? '[*]' : node.label;
    return parent ? `${path(parent)}/${own}` : own;
  };
  for (const node of result.nodes) if (!isDivider(node)) pathOf.set(node.id, path(node));
  const regions = new Map<string, number>();
  for (const node of result.nodes) {
    if (!isDivider(node)) continue;
    const owner = pathOf.get(node.parentId!)!;
    regions.set(owner, (regions.get(owner) ?? 0) + 1);
  }
  const states = result.nodes.filter((node) => !isDivider(node) && !isPseudo(node));
  return {
    paths: new Set(states.map((node) => pathOf.get(node.id)!)),
    pathOf,
    nodes: states,
    edges: result.edges.map((edge) => ({
      from: pathOf.get(edge.start)!,
      to: pathOf.get(edge.end)!,
      label: edge.label,
    })),
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
