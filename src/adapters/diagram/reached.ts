/**
 * Which states of a game's chart some play reaches, for the drawings to grey
 * out the others, with turnchart's QA tools from a match's start:
 *
 * - the explorer (`exploreChart`, breadth first over every request some seat
 *   may send, states told apart by their state value), within a budget of
 *   states: it goes wide, and sees the states a request only passes through
 *   (a phase whose `endIf` ends it at once);
 * - seeded random playouts (`runPlayouts`, as `turnchart check` plays),
 *   replayed on the machine to see every state they pass through: they go
 *   deep, to the phases and the game's end that only many moves reach.
 *
 * A state neither entered is one no explored play reaches; a longer or
 * luckier play might, so the drawings say how it was found.
 */
import type { AnyStateNode } from 'xstate';
import {
  createGameMachine,
  type RequestEvent,
  type TurnchartContext,
  type TurnchartEvent,
  type Game,
} from '../../machines';
import { exploreChart } from '../qa/explore';
import { nodePath } from '../qa/chart-index';
import { observedStart, observedTransition } from '../qa/observed-transition';
import { createRunLog } from '../qa/real-runs';
import { runPlayouts } from '../qa/playouts';

export interface ReachedOptions {
  numPlayers: number;
  seed?: string | number;
  setupData?: unknown;
  /** States the explorer expands at most (default 200). */
  maxStates?: number;
  /** Random playouts (default 20) of at most `maxActions` requests (default 200). */
  playouts?: number;
  maxActions?: number;
}

export interface ReachedStates {
  /** The ids of the state nodes some explored play entered. */
  ids: Set<string>;
  /** For the legend: `the first 200 states by value, 20 random games`. */
  description: string;
}

/** A transition's target entered: its ancestors, itself, and the states it starts in (initial children, every region). */
function enter(target: AnyStateNode, into: Set<string>): void {
  for (let at = target.parent; at; at = at.parent) into.add(at.id);
  const down = (node: AnyStateNode) => {
    into.add(node.id);
    if (node.type === 'parallel') for (const child of Object.values(node.states) as AnyStateNode[]) down(child);
    const initial = node.type === 'compound' ? node.initial?.target?.[0] : undefined;
    if (initial) down(initial);
  };
  down(target);
}

export function reachedStates(game: Game, options: ReachedOptions): ReachedStates {
  const machine = createGameMachine(game, { numPlayers: options.numPlayers });
  const seed = options.seed ?? 'turnchart-reached';
  const idOf = new Map<string, string>();
  const visit = (node: AnyStateNode) => {
    idOf.set(nodePath(node), node.id);
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);

  const ids = new Set<string>();
  const maxStates = options.maxStates ?? 200;
  const exploration = exploreChart(game, {
    numPlayers: options.numPlayers,
    seed,
    setupData: options.setupData,
    maxStates,
  });
  for (const path of exploration.active) {
    const id = idOf.get(path);
    if (id !== undefined) ids.add(id);
  }

  const playouts = options.playouts ?? 20;
  const first = observedStart(machine, { seed, setupData: options.setupData });
  for (const transition of first.transitions) for (const target of transition.target ?? []) enter(target, ids);
  const replay = (path: readonly RequestEvent[]) => {
    let snapshot = first.snapshot;
    for (const request of path) {
      const step = observedTransition(machine, snapshot, request as TurnchartEvent);
      for (const transition of step.transitions) for (const target of transition.target ?? []) enter(target, ids);
      snapshot = step.snapshot;
    }
  };
  runPlayouts(game, first.snapshot.context as TurnchartContext, createRunLog(), {
    candidates: {},
    playouts,
    maxActions: options.maxActions ?? 200,
    seed: `${seed}/playouts`,
    onPlayout: replay,
  });

  const explored =
    exploration.truncated.states || exploration.truncated.depth
      ? `the first ${exploration.states.size} states`
      : `all ${exploration.states.size} states`;
  return { ids, description: `${explored} by value, ${playouts} random games` };
}
