/**
 * What some play of a game does on its chart, for the drawings: the states it
 * enters (the others are drawn grey), the transitions it takes (a rule no play
 * takes and nothing in the game's code calls is left out), and where the
 * game's own code sends seats and phases (`playCard` puts the others in
 * `discard`), drawn as dashed arrows from the state the request was made in.
 * The plays, from a match's start, with turnchart's QA tools:
 *
 * - the explorer (`exploreChart`, breadth first over every request some seat
 *   may send, states told apart by their state value), within a budget of
 *   states: it goes wide, and sees the states a request only passes through
 *   (a phase whose `endIf` ends it at once);
 * - seeded random playouts (`runPlayouts`, as `turnchart check` plays), to the
 *   game's end or a budget of requests, replayed on the machine to see every
 *   transition they take: they go deep, to the phases and the end that only
 *   many moves reach;
 * - recorded traces (turnchart-trace/1 files), replayed the same way;
 * - and, in the inspector, the match being played (the page adds it).
 *
 * A state no play enters is one no explored play reaches; a longer or luckier
 * play might, so the drawings say how it was found.
 */
import { getStateNodes, type AnyStateNode, type AnyTransitionDefinition } from 'xstate';
import {
  createGameMachine,
  type GameMachine,
  type RequestEvent,
  type TurnchartContext,
  type TurnchartEvent,
  type Game,
} from '../../machines';
import { exploreChart } from '../qa/explore';
import { nodePath } from '../qa/chart-index';
import { observedStart, observedTransition, type GameSnapshot, type ObservedStep } from '../qa/observed-transition';
import { createRunLog } from '../qa/real-runs';
import { runPlayouts } from '../qa/playouts';
import { ruleName } from '../qa/rule-name';
import type { Trace } from '../qa/trace';
import { eventOf, isSeating } from './state-nodes';

export interface ReachedOptions {
  numPlayers: number;
  seed?: string | number;
  setupData?: unknown;
  /** States the explorer expands at most (default 200). */
  maxStates?: number;
  /** Random playouts (default 20) of at most `maxActions` requests each (default 2000: most games end before). */
  playouts?: number;
  maxActions?: number;
  /** Recorded matches of this game to replay too. */
  traces?: readonly Trace[];
}

/** A rule the game's code took from a request: from the state the request was made in to where the rule led. */
export interface PlayedCall {
  /** The state node the requesting seat was in (its leaf), or the phase for a request outside the seats. */
  from: string;
  /** The state node the rule led to. */
  to: string;
  /** The transition's own source (a seat region, `phases`). */
  source: string;
  event: string;
  rule: string;
  /** The request that made it: `playCard`, `endTurn`. */
  request: string;
  /** The request's arguments (`['militia']`): what made the move call it, when the move takes any. */
  args?: unknown[];
  /** Taken by boardgame.io's `revert` (the seats' moves ran out), not by a call of the request's code. */
  revert?: boolean;
}

export interface ReachedStates {
  /** The ids of the state nodes some play entered. */
  ids: Set<string>;
  /** For the legend: `first 200 states explored, 20 random games`. */
  description: string;
  /** Every transition some play took, by transitionKey. */
  taken: Set<string>;
  calls: PlayedCall[];
}

/** A transition as a string: source id, event, rule, target ids. */
export function transitionKey(transition: AnyTransitionDefinition, target?: AnyStateNode): string {
  const targets = target ? [target.id] : (transition.target ?? []).map((node) => node.id);
  return JSON.stringify([transition.source.id, eventOf(transition), ruleName(transition.guard) ?? '', targets]);
}

/** The rules that take their target from a call's argument (or a revert): drawn from where they are called. */
export const CALL_RULES = new Set([
  'setStage(stage)',
  'setActivePlayers(set)',
  'setPhase(phase)',
  'endTurn({ next })',
  'pass({ next, remove })',
  'endGame(result)',
]);

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

/** Where a request is made: the requesting seat's leaf state (`…turn.player1.discard`), else the active phase. */
function requestedIn(machine: GameMachine, snapshot: GameSnapshot, playerID: string | undefined): AnyStateNode {
  const nodes = getStateNodes(machine.root, snapshot.value) as AnyStateNode[];
  const seat = nodes.find((node) => node.type === 'atomic' && node.path.includes(`player${playerID}`));
  return seat ?? nodes.filter((node) => node.path[0] === 'phases' && node.path.length === 2)[0] ?? machine.root;
}

/** Records what steps of play do on the chart. */
class PlayRecorder {
  readonly ids = new Set<string>();
  readonly taken = new Set<string>();
  readonly calls = new Map<string, PlayedCall>();
  constructor(private readonly machine: GameMachine) {}

  start(step: ObservedStep): void {
    for (const transition of step.transitions) this.note(transition);
  }

  step(before: GameSnapshot, request: RequestEvent, step: ObservedStep): void {
    let limited = false;
    for (const transition of step.transitions) {
      this.note(transition);
      const rule = ruleName(transition.guard) ?? '';
      if (rule === 'maxMoves' || rule === 'activePlayers.emptied') limited = true;
      if (!CALL_RULES.has(rule)) continue;
      const from = requestedIn(this.machine, before, request.playerID);
      const name = request.type.replace(/^move\./, '');
      const revert = limited && rule === 'setActivePlayers(set)';
      // A new turn re-enters the turn, seated anew: the call leads to the turn, not to one seat's state.
      for (const target of isSeating(transition) ? [transition.source] : (transition.target ?? [])) {
        const call: PlayedCall = {
          from: from.id,
          to: target.id,
          source: transition.source.id,
          event: eventOf(transition),
          rule,
          request: name,
          ...(request.args?.length ? { args: request.args } : {}),
          ...(revert ? { revert } : {}),
        };
        this.calls.set(JSON.stringify(call), call);
      }
    }
  }

  private note(transition: AnyTransitionDefinition): void {
    this.taken.add(transitionKey(transition));
    for (const target of transition.target ?? []) {
      this.taken.add(transitionKey(transition, target));
      enter(target, this.ids);
    }
  }

  /** A match's requests from its start, each taken and recorded. */
  replay(first: GameSnapshot, path: readonly RequestEvent[]): void {
    let snapshot = first;
    for (const request of path) {
      const step = observedTransition(this.machine, snapshot, request as TurnchartEvent);
      if (!step.rejection) this.step(snapshot, request, step);
      snapshot = step.snapshot;
    }
  }
}

export function reachedStates(game: Game, options: ReachedOptions): ReachedStates {
  const machine = createGameMachine(game, { numPlayers: options.numPlayers });
  const seed = options.seed ?? 'turnchart-reached';
  const recorder = new PlayRecorder(machine);
  const idOf = new Map<string, string>();
  const visit = (node: AnyStateNode) => {
    idOf.set(nodePath(node), node.id);
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);

  const maxStates = options.maxStates ?? 200;
  const exploration = exploreChart(game, {
    numPlayers: options.numPlayers,
    seed,
    setupData: options.setupData,
    maxStates,
    transition: (m, snapshot, request) => {
      const step = observedTransition(m, snapshot, request as TurnchartEvent);
      if (!step.rejection) recorder.step(snapshot, request, step);
      return step;
    },
  });
  for (const path of exploration.active) {
    const id = idOf.get(path);
    if (id !== undefined) recorder.ids.add(id);
  }

  const playouts = options.playouts ?? 20;
  const first = observedStart(machine, { seed, setupData: options.setupData });
  recorder.start(first);
  runPlayouts(game, first.snapshot.context as TurnchartContext, createRunLog(), {
    candidates: {},
    playouts,
    maxActions: options.maxActions ?? 2000,
    seed: `${seed}/playouts`,
    onPlayout: (path) => recorder.replay(first.snapshot, path),
  });

  for (const trace of options.traces ?? []) {
    const start = observedStart(machine, { seed: trace.game.seed ?? seed, setupData: trace.game.setupData });
    recorder.start(start);
    recorder.replay(
      start.snapshot,
      trace.actions.filter((action) => !action.rejection).map((action) => action.request as RequestEvent),
    );
  }

  const explored =
    exploration.truncated.states || exploration.truncated.depth
      ? `first ${exploration.states.size} states explored`
      : `all ${exploration.states.size} states explored`;
  const traces = options.traces?.length ? `, ${options.traces.length} traces` : '';
  return {
    ids: recorder.ids,
    description: `${explored}, ${playouts} random games${traces}`,
    taken: recorder.taken,
    calls: [...recorder.calls.values()],
  };
}
