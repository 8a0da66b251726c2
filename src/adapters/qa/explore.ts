/**
 * Breadth-first exploration of a game's chart with xstate's graph traversal
 * (`getAdjacencyMap` from `xstate/graph`): from the match's first state, every
 * request some seat may send (see candidates.ts) is followed, states are told
 * apart by a key (by default the chart's state value, so G is abstracted
 * away: the first match to reach a state value stands for all), and the
 * exploration stops at a depth and a state budget. It records, for every
 * state, the shortest request path that reached it first, and which chart
 * transitions were taken on the way.
 */
import { getAdjacencyMap } from 'xstate/graph';
import {
  getStateNodes,
  type ActorLogic,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
} from 'xstate';
import {
  createGameMachine,
  type GameMachine,
  type RequestEvent,
  type TurnchartContext,
  type TurnchartEvent,
  type Game,
} from '../../machines';
import { acceptedRequests, type CandidateOptions } from './candidates';
import { chartIndex, nodePath as chartPathOf, type ChartTransition } from './chart-index';
import { observedStart, observedTransition, type GameSnapshot, type ObservedStep } from './observed-transition';

export interface ExploreOptions {
  numPlayers: number;
  /** Seed of the explored match (default `turnchart-explore`). */
  seed?: string | number;
  setupData?: unknown;
  /** Requests from the first state beyond which states are not expanded (default 20). */
  maxDepth?: number;
  /** Distinct states beyond which no more are expanded (default 5000). */
  maxStates?: number;
  candidates?: CandidateOptions;
  /** Build the chart from this game instead (same chart, other code: see endif-oracle.ts). */
  machineGame?: Game;
  /**
   * How states are told apart: `value` (default) by the chart's state value
   * alone, so G is abstracted away and the first match to reach a value stands
   * for all; `value+G` by the state value and G, so moves that only change G
   * lead somewhere new; or a function.
   */
  dedupe?: Dedupe;
  /** The requests to follow from a state (default: every request some seat may send now). */
  requests?: (snapshot: GameSnapshot, machine: GameMachine) => RequestEvent[];
  /** How to take a request (default: the machine's pure transition). */
  transition?: (machine: GameMachine, snapshot: GameSnapshot, request: RequestEvent) => ObservedStep;
  /** Called now and then while exploring. */
  onProgress?: (info: { states: number; expanded: number; depth: number }) => void;
}

export type Dedupe = 'value' | 'value+G' | ((snapshot: GameSnapshot) => string);

export interface ExploredEdge {
  request: RequestEvent;
  to: string;
}

export interface ExploredState {
  key: string;
  snapshot: GameSnapshot;
  depth: number;
  /** The state this one was first reached from, and the request that did it (none for the first state). */
  parent?: string;
  via?: RequestEvent;
  /** Whether the requests from this state were followed (false beyond the depth or state budget). */
  expanded: boolean;
  edges: ExploredEdge[];
}

export interface Exploration {
  machine: GameMachine;
  initialKey: string;
  /** In the order they were first reached (so by depth). */
  states: Map<string, ExploredState>;
  /** How often each chart transition was taken, over every request followed (and the match's start). */
  taken: Map<ChartTransition, number>;
  truncated: { depth: boolean; states: boolean };
  /**
   * For every state node the explored requests entered, even for an instant
   * (a phase an `endIf` ends at once): the first request that did, and the
   * state it was sent from. Keyed by node path (`phases.play`).
   */
  entered: Map<string, { from: string; request: RequestEvent }>;
  /** Paths of every state node active in an explored state or entered on the way. */
  active: Set<string>;
}

export const valueKey = (snapshot: GameSnapshot): string => JSON.stringify(snapshot.value);
export const valueAndGKey = (snapshot: GameSnapshot): string =>
  JSON.stringify([snapshot.value, (snapshot.context as TurnchartContext).G]);

function keyFunction(dedupe: Dedupe | undefined): (snapshot: GameSnapshot) => string {
  if (typeof dedupe === 'function') return dedupe;
  return dedupe === 'value+G' ? valueAndGKey : valueKey;
}

/** The requests from the first state to `key`, then `last` if given. */
export function pathThrough(exploration: Exploration, key: string, last?: RequestEvent): RequestEvent[] {
  return last ? [...pathTo(exploration, key), last] : pathTo(exploration, key);
}

/** The requests from the first state to `key`. */
export function pathTo(exploration: Exploration, key: string): RequestEvent[] {
  const path: RequestEvent[] = [];
  let at = exploration.states.get(key);
  while (at?.via && at.parent !== undefined) {
    path.push(at.via);
    at = exploration.states.get(at.parent);
  }
  return path.reverse();
}

function defaultRequests(game: Game, options: CandidateOptions | undefined) {
  return (snapshot: GameSnapshot) =>
    acceptedRequests(game, snapshot.context as TurnchartContext, options).map((accepted) => accepted.request);
}

/**
 * The state nodes active once a transition reaches `target`: its ancestors,
 * itself, and the states it starts in (a compound state's initial child, a
 * parallel state's every region), down to the atomic ones.
 */
function enteredWith(target: AnyStateNode): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  for (let at = target.parent; at; at = at.parent) nodes.push(at);
  const enter = (node: AnyStateNode) => {
    nodes.push(node);
    if (node.type === 'parallel') for (const child of Object.values(node.states) as AnyStateNode[]) enter(child);
    const initial = node.type === 'compound' ? node.initial?.target?.[0] : undefined;
    if (initial) enter(initial);
  };
  enter(target);
  return nodes;
}

export function exploreChart(game: Game, options: ExploreOptions): Exploration {
  const machine = createGameMachine(options.machineGame ?? game, { numPlayers: options.numPlayers });
  const index = chartIndex(machine, game);
  const maxDepth = options.maxDepth ?? 20;
  const maxStates = options.maxStates ?? 5000;
  const stateKey = keyFunction(options.dedupe);
  const requests =
    options.requests ?? ((snapshot: GameSnapshot) => defaultRequests(game, options.candidates)(snapshot));
  const take =
    options.transition ??
    ((m: GameMachine, snapshot: GameSnapshot, request: RequestEvent) =>
      observedTransition(m, snapshot, request as TurnchartEvent));

  const taken = new Map<ChartTransition, number>();
  const count = (transitions: readonly AnyTransitionDefinition[]) => {
    for (const definition of transitions) {
      const transition = index.byDefinition.get(definition);
      if (transition) taken.set(transition, (taken.get(transition) ?? 0) + 1);
    }
  };

  const start = observedStart(machine, { seed: options.seed ?? 'turnchart-explore', setupData: options.setupData });
  count(start.transitions);

  const states = new Map<string, ExploredState>();
  const keys = new WeakMap<GameSnapshot, string>();
  const truncated = { depth: false, states: false };
  let expanded = 0;

  const entered = new Map<string, { from: string; request: RequestEvent }>();
  const logic = {
    transition: (snapshot: GameSnapshot, event: RequestEvent) => {
      const step = take(machine, snapshot, event);
      count(step.transitions);
      const from = keys.get(snapshot)!;
      for (const definition of step.transitions) {
        for (const target of definition.target ?? []) {
          for (const node of enteredWith(target)) {
            const path = chartPathOf(node);
            if (!entered.has(path)) entered.set(path, { from, request: event });
          }
        }
      }
      return step.snapshot;
    },
    getInitialSnapshot: () => start.snapshot,
    getPersistedSnapshot: (snapshot: GameSnapshot) => snapshot,
  } as unknown as ActorLogic<GameSnapshot, RequestEvent & EventObject, unknown>;

  const adjacency = getAdjacencyMap(logic, {
    fromState: start.snapshot,
    serializeState: (snapshot, event, previous) => {
      const known = keys.get(snapshot);
      if (known !== undefined) return known as never;
      const key = stateKey(snapshot);
      keys.set(snapshot, key);
      if (!states.has(key)) {
        const parent = previous ? keys.get(previous) : undefined;
        const depth = parent !== undefined ? states.get(parent)!.depth + 1 : 0;
        states.set(key, {
          key,
          snapshot,
          depth,
          ...(parent !== undefined && event ? { parent, via: event } : {}),
          expanded: false,
          edges: [],
        });
      }
      return key as never;
    },
    stopWhen: (snapshot) => {
      const state = states.get(keys.get(snapshot)!)!;
      if (snapshot.status !== 'active') return true;
      if (state.depth >= maxDepth) {
        truncated.depth = true;
        return true;
      }
      if (expanded >= maxStates) {
        truncated.states = true;
        return true;
      }
      return false;
    },
    events: (snapshot) => {
      const state = states.get(keys.get(snapshot)!)!;
      state.expanded = true;
      expanded++;
      options.onProgress?.({ states: states.size, expanded, depth: state.depth });
      return requests(snapshot, machine);
    },
  });

  for (const [key, entry] of Object.entries(adjacency)) {
    const state = states.get(key);
    if (!state) continue;
    for (const { event, state: next } of Object.values(entry.transitions) as {
      event: RequestEvent;
      state: GameSnapshot;
    }[]) {
      state.edges.push({ request: event, to: keys.get(next) ?? stateKey(next) });
    }
  }
  const initialKey = keys.get(start.snapshot)!;
  const active = new Set<string>(entered.keys());
  const values = new Set<string>();
  for (const state of states.values()) {
    const json = JSON.stringify(state.snapshot.value);
    if (values.has(json)) continue;
    values.add(json);
    for (const node of getStateNodes(machine.root, state.snapshot.value)) active.add(chartPathOf(node));
  }
  return { machine, initialKey, states, taken, truncated, entered, active };
}
