/**
 * A machine as a Mermaid `stateDiagram-v2`: composite states for compound
 * states (phases, the turn), `--`-separated concurrent regions for the
 * parallel turn's seats (identical seats folded into one region
 * `each player (×N)` unless `seats: 'unfold'`), children in flow order,
 * `[*] -->` for initial states, `--> [*]` after final states, and one edge
 * per pair of states and kind (see chart-graph.ts), labelled compactly with
 * each event and its rule, one rule a line (`endPhase, pass · next`,
 * `automatic · endIf`), lines kept short so that Mermaid does not wrap them
 * itself. Argument-driven edges are folded by default into one loop on the
 * box they leave, labelled with each (`⇢ setStage(stage) → any state`: the
 * seat goes where the argument says, in this box; Mermaid draws notes far
 * from their box, across the picture); with `arguments: 'dashed'` they are
 * edges, told by their label (Mermaid's state diagrams have no dashed
 * arrows). Events handled in place (moves that change no state) are
 * written as the state's description, so the picture reads
 * "in discard: move.discard". The legend is written as comments at the end.
 * States are grouped into boxes as the SVG groups them (mermaid-boxes.ts: a
 * phase, its turn and its one seat region are one box, its loops in its name).
 *
 * Mermaid state ids are global to a diagram and must be plain words, so every
 * state gets an id made from its path (`phases_draw_turn_player0_idle`) and
 * its real name as a quoted label: names with spaces, dashes or parentheses
 * such as `(no phase)` are safe.
 */
import type { AnyStateMachine } from 'xstate';
import { chartGraph } from './chart-graph';
import type { ChartUsage } from './chart-usage';
import type { ArgumentEdges, ChartEdge, ChartGraph, ChartNode } from './chart-graph-types';
import { wrapPhrases } from './label-text';
import { mermaidBoxes } from './mermaid-boxes';
import { liftCrossingEdges } from './mermaid-crossing';

export interface MermaidOptions {
  /** Argument-driven edges (`setPhase(phase)`, a region's `setStage` ...): notes on their box (`fold`, default), edges (`dashed`), or `none`. */
  arguments?: ArgumentEdges | boolean;
  /** Identical seat regions drawn once (`fold`, default) or each (`unfold`). */
  seats?: 'fold' | 'unfold';
  /** State node ids some play reached: the others are marked `(not reached)` (see reached.ts). */
  reached?: ReadonlySet<string>;
  /** How `reached` was found, for the legend. */
  reachedBy?: string;
  /** What the game uses (`chartUsage`): only those rules are drawn, calls as dashed arrows from where they are made. */
  usage?: ChartUsage;
  /** With `usage`, draw every rule of the chart anyway. */
  all?: boolean;
  /** End with the legend, as comments (default true). */
  legend?: boolean;
  /** Write the events a state handles in place as its description (default true). */
  moves?: boolean;
  /** Layout direction of the diagram (Mermaid's default, top to bottom, when omitted). */
  direction?: 'TB' | 'BT' | 'LR' | 'RL';
}

const INDENT = '  ';

/**
 * Mermaid's configuration, in the diagram's front matter: 30 px between
 * ranks rather than 50 (a phase under the next, a seat's states in a row),
 * which takes a fifth off a many-phase game's height and still leaves room
 * for every label (mermaid-render.test.ts).
 */
const FRONT_MATTER = ['---', 'config:', '  state:', '    rankSpacing: 30', '---'];

/**
 * Characters that would end or change a Mermaid label (`"` ends it, `;` ends
 * the statement, `<` starts HTML), written as Mermaid's `#code;` entities;
 * `#` and `&` too, so that a name never reads as an entity by chance.
 */
const LABEL_ENTITIES: Record<string, string> = {
  '"': '#quot;',
  ';': '#59;',
  '<': '#lt;',
  '>': '#gt;',
  '#': '#35;',
  '&': '#38;',
};

/** A label that Mermaid reads back as the same text, on one line. */
export function mermaidLabel(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[";<>#&]/g, (char) => LABEL_ENTITIES[char]);
}

/**
 * A key made into a word for an id. Mermaid names the `[*]` of a composite
 * state `<its id>_start` / `<its id>_end`, so a child may not be `start` or `end`.
 */
function safeWord(text: string): string {
  const word = text.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  if (word === '') return 'state';
  return word === 'start' || word === 'end' ? `${word}_` : word;
}

/** A unique Mermaid id per state: its path of keys made into one word. */
function mermaidIds(graph: ChartGraph): Map<string, string> {
  const ids = new Map<string, string>();
  const used = new Set<string>();
  for (const node of graph.nodes.values()) {
    if (node === graph.root) continue;
    const parentId = node.parent === graph.root.id ? undefined : ids.get(node.parent!);
    const base = parentId ? `${parentId}_${safeWord(node.key)}` : `s_${safeWord(node.key)}`;
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}_${n}`;
    used.add(id);
    ids.set(node.id, id);
  }
  return ids;
}

/** Events joined into one description label. */
export function eventLabel(events: readonly string[]): string {
  return events.join(', ');
}

/** Longest line of an edge label: Mermaid wraps a longer one itself (at 200 px, about 24 characters), anywhere. */
const LABEL_LINE = 24;

/** Label lines (one per rule, each wrapped at its commas and before its rule) as one Mermaid label, a line break (`<br/>`) between lines. */
export function labelLines(lines: readonly string[]): string {
  return lines
    .flatMap((line) => wrapPhrases(line, LABEL_LINE))
    .map(mermaidLabel)
    .join('<br/>');
}

/** An edge's label: one line per rule. */
export function edgeLabel(edge: ChartEdge): string {
  return labelLines(edge.labels);
}

/** The machine as Mermaid `stateDiagram-v2` source text. */
export function toMermaid(machine: AnyStateMachine, options: MermaidOptions = {}): string {
  const graph = chartGraph(machine, {
    arguments: options.arguments,
    seats: options.seats,
    reached: options.reached,
    reachedBy: options.reachedBy,
    usage: options.usage,
    all: options.all,
  });
  const showMoves = options.moves ?? true;
  const ids = mermaidIds(graph);
  const boxes = mermaidBoxes(graph);
  const idOf = (nodeId: string) => ids.get(boxes.boxOf(nodeId))!;

  const edgesIn = new Map<string, ChartEdge[]>();
  for (const edge of liftCrossingEdges(graph, graph.edges)) {
    const container = edgeBlock(graph, edge);
    edgesIn.set(container, [...(edgesIn.get(container) ?? []), edge]);
  }

  const lines: string[] = [...FRONT_MATTER, 'stateDiagram-v2'];
  let backs = false;
  lines.push(`${INDENT}%% the statechart of machine ${mermaidComment(graph.root.key)}, drawn by turnchart`);
  if (graph.root.internal.length > 0) {
    lines.push(
      `${INDENT}%% in every state, the machine's root handles ${mermaidComment(eventLabel(graph.root.internal))}`,
    );
  }
  if (options.direction) lines.push(`${INDENT}direction ${options.direction}`);

  /** The statements inside a box (or at top level for the root): those of the states drawn in it, outermost first. */
  const body = (box: ChartNode[], depth: number): void => {
    const pad = INDENT.repeat(depth);
    const node = box.at(-1)!;
    if (boxes.leftToRight(node)) lines.push(`${pad}direction LR`);
    // One state in the box: it starts there, no marker needed.
    if (node.initial && node.children.length > 1) lines.push(`${pad}[*] --> ${idOf(node.initial)}`);
    const children = node.children.map((childId) => graph.nodes.get(childId)!);
    children.forEach((child, index) => {
      if (node.kind === 'parallel' && index > 0) lines.push(`${pad}--`);
      declare(child, depth);
    });
    const written = new Set<string>();
    const here = box.flatMap((state) => edgesIn.get(state.id) ?? []).filter((edge) => !boxes.isNamed(edge));
    // Two arrows between the same states, both ways: Mermaid may put their labels on top of each other, so in the
    // drawing of what the game uses the first carries both, the way back marked ↩, and the second is drawn bare.
    const back = new Map<ChartEdge, ChartEdge>();
    if (options.usage && !options.all)
      here.forEach((edge, index) => {
        const reverse = here.find(
          (other, at) => at > index && other.source === edge.target && other.target === edge.source && !back.has(other),
        );
        if (reverse && edge.source !== edge.target && ![...back.values()].includes(edge)) back.set(edge, reverse);
      });
    const bare = new Set(back.values());
    for (const edge of here) {
      const loop = edge.source === edge.target ? loopNotes(graph, [graph.nodes.get(edge.source)!]) : [];
      if (loop.length) written.add(edge.source);
      const arrow = `${pad}${idOf(edge.source)} --> ${idOf(edge.target)}`;
      if (bare.has(edge)) {
        lines.push(arrow);
        continue;
      }
      const returning = back.get(edge)?.labels.map((label) => `↩ ${label}`) ?? [];
      if (returning.length) backs = true;
      lines.push(`${arrow} : ${labelLines([...edge.labels, ...loop, ...returning])}`);
    }
    // Argument-driven edges folded on a box that has no loop of its own: a loop with them alone.
    for (const child of node.kind === 'parallel' ? [] : children) {
      const loop = written.has(child.id) ? [] : loopNotes(graph, boxes.chain(child));
      if (loop.length) lines.push(`${pad}${idOf(child.id)} --> ${idOf(child.id)} : ${labelLines(loop)}`);
    }
    for (const childId of node.children) {
      if (graph.nodes.get(childId)!.kind === 'final') lines.push(`${pad}${idOf(childId)} --> [*]`);
    }
  };

  const declare = (node: ChartNode, depth: number): void => {
    const pad = INDENT.repeat(depth);
    const head = `${pad}state "${mermaidLabel(boxes.name(node))}" as ${idOf(node.id)}`;
    if (node.children.length === 0) {
      lines.push(head);
      if (showMoves && node.internal.length > 0)
        lines.push(`${pad}${idOf(node.id)} : ${mermaidLabel(eventLabel(node.internal))}`);
      for (const action of node.actions) lines.push(`${pad}${idOf(node.id)} : ${mermaidLabel(action)}`);
      return;
    }
    const box = boxes.chain(node);
    for (const state of box) {
      if (showMoves && state.internal.length > 0)
        lines.push(`${pad}%% ${mermaidComment(state.key)} handles ${mermaidComment(eventLabel(state.internal))}`);
      for (const action of state.actions)
        lines.push(`${pad}%% ${mermaidComment(state.key)}: ${mermaidComment(action)}`);
    }
    lines.push(`${head} {`);
    body(box, depth + 1);
    lines.push(`${pad}}`);
  };

  body([graph.root], 1);
  // Mermaid does not draw a free-standing note in a state diagram: the legend is written as comments.
  // Mermaid's state diagrams have no dashed arrows: a call is told by its label.
  const legend = [
    ...graph.legend.map((line) => line.replace(/^dashed, /, '').replace(/^dashed: /, 'name(argument): ')),
    ...boxes.legend,
    ...(backs ? ['↩ rule: the arrow back between the same two states'] : []),
  ];
  if ((options.legend ?? true) && legend.length)
    lines.push(`${INDENT}%% legend:`, ...legend.map((line) => `${INDENT}%%   ${mermaidComment(line)}`));
  return `${lines.join('\n')}\n`;
}

/**
 * The argument-driven edges folded on a box, as lines of its loop: its
 * states' own (`⇢ setPhase(phase) → draw, play`), and, on a parallel state,
 * its regions' after the region's name (`each player (×2):`,
 * `⇢ setStage(stage) → active`): Mermaid's layout fails on a loop on a region.
 */
function loopNotes(graph: ChartGraph, box: readonly ChartNode[]): string[] {
  return box
    .filter((node) => node.kind !== 'region' || !box.some((other) => other.id === node.parent))
    .flatMap((node) => {
      const own = node.notes.map((note) => `⇢ ${note.text}`);
      if (node.kind !== 'parallel') return own;
      const regions = node.children.map((child) => graph.nodes.get(child)!).filter((region) => region.notes.length);
      return [
        ...own,
        ...regions.flatMap((region) => [`${region.label}:`, ...region.notes.map((note) => `⇢ ${note.text}`)]),
      ];
    });
}

/**
 * Where an edge is written. Mermaid moves both ends of an edge written inside
 * a composite state into that state, so an edge goes in its ends' common
 * parent when they are siblings (or one state, for a self-loop), and at top
 * level otherwise, where it moves nothing.
 */
function edgeBlock(graph: ChartGraph, edge: ChartEdge): string {
  const source = graph.nodes.get(edge.source)!;
  const target = graph.nodes.get(edge.target)!;
  const parent = source.parent === undefined ? undefined : graph.nodes.get(source.parent);
  if (parent && source.parent === target.parent && parent.kind !== 'parallel') return parent.id;
  return graph.root.id;
}

function mermaidComment(text: string): string {
  return text.replace(/\s+/g, ' ');
}
