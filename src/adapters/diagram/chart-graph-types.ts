/** The plain graph chartGraph builds of a machine: its nodes, edges, notes and options (see chart-graph.ts). */
import type { ChartUsage } from './chart-usage';
export type ChartNodeKind = 'root' | 'compound' | 'parallel' | 'region' | 'atomic' | 'final' | 'history';

export interface ChartNode {
  /** The xstate state node id (unique in the machine); for a folded region, its first region's. */
  id: string;
  /** The state's key in its parent (the machine id for the root). */
  key: string;
  /** The name to show: the key, or `each player (×6)` for folded regions. */
  label: string;
  kind: ChartNodeKind;
  parent?: string;
  /** Drawn children, in flow order. */
  children: string[];
  /** The child entered first, for a compound state. */
  initial?: string;
  /** Events handled without leaving the state (targetless transitions), in order. */
  internal: string[];
  /** Entry and exit actions, e.g. `entry / turn.stages.discard.onBegin` (turnchart shows game hooks this way). */
  actions: string[];
  /** Argument-driven edges folded into the box they leave from (see ChartNote). */
  notes: ChartNote[];
  /** For a folded region: the ids of the regions it stands for (itself first). */
  members?: string[];
  /** False when `reached` was given and no play reached this state (nor, folded, any of its members). */
  reached?: boolean;
  depth: number;
  /** A turn the drawing may draw closed (with `expanded`, see chart-collapse.ts). */
  collapsible?: boolean;
  /** Drawn closed: the names of the states inside it, listed in its box. */
  collapsed?: string[];
}

/** Argument-driven transitions written in a box: from its state (or, hoisted, from every child of it) to any of `targets`. */
export interface ChartNote {
  /** `setStage(stage) → active, discard`, `setActivePlayers(set) → any state`. */
  text: string;
  event: string;
  rule?: string;
  /** The drawn states they leave (the box's own, or every child's when written on the parent). */
  sources: string[];
  /** The drawn states they may lead to. */
  targets: string[];
  reached?: boolean;
}

/** `flow`: a declared rule's one target (solid); `argument`: a target chosen by data (dashed). */
export type ChartEdgeKind = 'flow' | 'argument';

/** One transition of an edge: its event, the name of its guard (none when unguarded), whether the flow takes it by itself. */
export interface ChartEdgeRule {
  event: string;
  rule?: string;
  automatic?: boolean;
  /** One of the targets a phase's `next` function returns, read from its code. */
  computed?: boolean;
}

export interface ChartEdge {
  source: string;
  target: string;
  /** The distinct events of the edge's transitions, in order. */
  events: string[];
  /** Every (event, rule) pair of the edge, in order, without repeats. */
  rules: ChartEdgeRule[];
  /** The label, one compact line per rule: `endPhase, pass · next`, `automatic · endIf`, `setPhase(phase)`, `maxMoves`. */
  labels: string[];
  /** The same lines with the rules' full names: `endPhase, pass · phases.draw.next`. */
  titles: string[];
  kind: ChartEdgeKind;
  /** False when `reached` was given and its source or target was not reached. */
  reached?: boolean;
  /** A call arrow (see chart-usage.ts): the rules it stands for, taken from these states (seat regions, `phases`). */
  calls?: { sources: string[]; targets: string[] };
  /** Read from the game's code only, not seen in play. */
  fromCode?: boolean;
}

/** How argument-driven edges are shown: written in their source's box (`fold`), drawn dashed, or left out. */
export type ArgumentEdges = 'fold' | 'dashed' | 'none';

export interface ChartGraph {
  root: ChartNode;
  /** Every drawn node, in document order (parents before children, children in flow order). */
  nodes: Map<string, ChartNode>;
  edges: ChartEdge[];
  /** Every state node id of the machine → the id of the node that draws it (itself unless folded). */
  drawnAs: Map<string, string>;
  /** What the drawing shows, one line per convention used (for a legend). */
  legend: string[];
  /** How many of the machine's transitions are not drawn because the game does not use them (with `usage`). */
  hidden: number;
}

export interface ChartGraphOptions {
  /** Argument-driven edges: `fold` (default), `dashed`, `none`; `true` is `dashed`, `false` is `none`. */
  arguments?: ArgumentEdges | boolean;
  /** Identical seat regions: drawn once (`fold`, default) or each (`unfold`). */
  seats?: 'fold' | 'unfold';
  /** State node ids some play reached: the others are marked `reached: false`. */
  reached?: ReadonlySet<string>;
  /** How `reached` was found, for the legend (`12 explored states`). */
  reachedBy?: string;
  /** What the game uses (chart-usage.ts): only those rules are drawn, argument-driven ones as call arrows from where they are called. */
  usage?: ChartUsage;
  /** With `usage`: draw every rule anyway (and the root's bookkeeping). */
  all?: boolean;
  /**
   * Draw every turn (parallel state) closed but these (state node ids), for a
   * page that opens them on a click; none given: every state drawn open.
   */
  expanded?: readonly string[];
}

export function argumentEdges(value: ArgumentEdges | boolean | undefined): ArgumentEdges {
  if (value === true) return 'dashed';
  if (value === false) return 'none';
  return value ?? 'fold';
}
