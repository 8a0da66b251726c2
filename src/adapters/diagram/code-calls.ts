/**
 * Call arrows read from the game's code (game-code.ts), for the calls no play
 * made: from the state a move is made in (every state handling `move.<name>`),
 * or the box a phase's hook belongs to, to where the call leads:
 *
 * - `setActivePlayers({ others: 'discard' })`, `setStage('discard')`: into
 *   the named stages, in every seat region of the turn; with `others`, the
 *   caller to `idle`; with `revert`, an arrow back from the stage;
 * - `setPhase('score')`: to that phase; `endGame(...)`: to the game's end;
 *   `endTurn({ next })`, `pass({ next })`: a new turn (written in the turn's
 *   box, as a loop).
 *
 * Where a call leads is read off the chart itself: the first ancestor of
 * the calling state with a transition for the call's rule, and of its
 * targets the one the call's literal names where the rule has several.
 * `endPhase` is no call here: boardgame.io 0.50 ignores its argument and
 * ends the phase by its `next`, a declared arrow.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { ruleName } from '../qa/rule-name';
import type { CodeCall, GameCode } from './game-code';
import type { PlayedCall } from './reached';
import { eventOf, isDescendant, isSeating, transitionsOf } from './state-nodes';

/** A call arrow: from the state a request is made in to where the rule it calls leads. */
export interface CallEdge {
  from: AnyStateNode;
  to: AnyStateNode;
  /** The request (`playCard`), or the moves a revert follows. */
  request: string;
  /** `setActivePlayers`, `revert`, `setPhase`, ... */
  call: string;
  event: string;
  rule: string;
  /** Read from the code, not seen in play. */
  fromCode?: boolean;
  /** The transition's own source (a seat region, `phases`): its target's region when not given. */
  source?: AnyStateNode;
}

/** The rule a call of the flow takes (the guard the chart names it by), and whether the call needs a `next` for it. */
const FLOW_CALLS: Record<string, { rule: string; needs?: string[] }> = {
  setPhase: { rule: 'setPhase(phase)' },
  endGame: { rule: 'endGame(result)' },
  endTurn: { rule: 'endTurn({ next })', needs: ['next'] },
  pass: { rule: 'pass({ next, remove })', needs: ['next', 'remove'] },
};

/** Every state under `root` with a transition for `event` (where a move is made). */
function statesHandling(root: AnyStateNode, event: string): AnyStateNode[] {
  const found: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    if (transitionsOf(node).some((transition) => eventOf(transition) === event)) found.push(node);
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(root);
  return found;
}

/** The seat region (the parallel turn's child) a state lies in. */
function regionOf(node: AnyStateNode): AnyStateNode | undefined {
  for (let at: AnyStateNode | undefined = node; at?.parent; at = at.parent)
    if (at.parent.type === 'parallel') return at;
  return undefined;
}

/** The moves that end a stage's seats' turn there: what a revert follows. */
function movesIn(state: AnyStateNode): string {
  const moves = transitionsOf(state).flatMap((t) => (eventOf(t).startsWith('move.') ? [eventOf(t).slice(5)] : []));
  return moves.length ? moves.join(', ') : 'the last move';
}

/** Where a call from `from` leads: the first ancestor whose transition takes `rule`, its targets named by `strings`. */
function callTargets(
  from: AnyStateNode,
  event: string,
  rule: string,
  strings: readonly string[],
): { source: AnyStateNode; targets: AnyStateNode[] } | undefined {
  for (let at: AnyStateNode | undefined = from; at; at = at.parent) {
    const taking = transitionsOf(at).filter(
      (transition) => eventOf(transition) === event && ruleName(transition.guard) === rule,
    );
    // A turn's seating edges (one per seating the next turn can start in) re-enter the turn: a new turn is its loop.
    const targets = [
      ...new Set(taking.flatMap((transition) => (isSeating(transition) ? [at] : (transition.target ?? [])))),
    ];
    if (targets.length === 0) continue;
    // Several targets: the argument chooses, and only a literal the code names is known.
    return { source: at, targets: targets.length > 1 ? targets.filter((t) => strings.includes(t.key)) : targets };
  }
  return undefined;
}

/** The state a call is drawn from: its own, or the box it leads back into (a new turn is a loop on the turn). */
export function drawnFrom(from: AnyStateNode, to: AnyStateNode): AnyStateNode {
  return from === to || isDescendant(from, to) ? to : from;
}

/** Every state under `root` whose time limit is `timer` (a delayed transition under that rule). */
function statesTiming(root: AnyStateNode, timer: string): AnyStateNode[] {
  const found: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    if (node.after.some((delayed) => ruleName(delayed.guard) === timer)) found.push(node);
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(root);
  return found;
}

/**
 * The states a call is made from: a move's, the states its timer runs in for
 * a time limit's, or the box of a phase's hook (`phases.draw.onBegin`, `phases.draw.turn.onMove`).
 */
function callingStates(machine: AnyStateMachine, { by, move, timer }: CodeCall): AnyStateNode[] {
  if (move) return statesHandling(machine.root, `move.${move}`);
  if (timer) return statesTiming(machine.root, timer);
  const hook = /^phases\.(.+?)\.(turn\.)?(onBegin|onEnd|onMove|endIf)$/.exec(by);
  const phases = machine.root.states.phases as AnyStateNode | undefined;
  const phase = hook ? (phases?.states[hook[1]] as AnyStateNode | undefined) : undefined;
  if (!hook || !phase) return [];
  const turn = hook[2] ? (phase.states.turn as AnyStateNode | undefined) : phase;
  return turn ? [turn] : [];
}

/** The call arrows the code makes that no play made (`played`). */
export function codeCallEdges(code: GameCode, machine: AnyStateMachine, played: readonly PlayedCall[]): CallEdge[] {
  const edges: CallEdge[] = [];
  for (const call of code.calls) {
    const request = call.timer ?? call.move ?? call.by.split('.').pop()!;
    if (played.some((seen) => seen.request === request && seen.event === call.event)) continue;
    const edge = (from: AnyStateNode, to: AnyStateNode, rule: string, name = call.event, by = request): CallEdge => ({
      from,
      to,
      request: by,
      call: name,
      event: call.event,
      rule,
      fromCode: true,
    });
    if (call.event === 'setActivePlayers' || call.event === 'setStage') {
      if (!call.move) continue;
      const rule = call.event === 'setStage' ? 'setStage(stage)' : 'setActivePlayers(set)';
      const stages = call.strings.filter((text) => code.stages.has(text));
      const keys = new Set(call.keys);
      for (const from of statesHandling(machine.root, `move.${call.move}`)) {
        const region = regionOf(from);
        const turn = region?.parent;
        if (!region || !turn || !stages.length) continue;
        // `others`: the caller is not in the new set, and waits.
        const idle = region.states.idle as AnyStateNode | undefined;
        if (keys.has('others') && idle) edges.push(edge(from, idle, rule));
        // Into that stage in every seat region of the same turn; a revert brings the caller back.
        for (const stage of stages)
          for (const seat of Object.values(turn.states) as AnyStateNode[]) {
            const to = seat.states[stage] as AnyStateNode | undefined;
            if (!to) continue;
            edges.push(edge(from, to, rule));
            if (keys.has('revert') && seat === region) edges.push(edge(to, from, rule, 'revert', movesIn(to)));
          }
      }
      continue;
    }
    const flow = FLOW_CALLS[call.event];
    if (!flow || (flow.needs && !flow.needs.some((key) => call.keys.includes(key)))) continue;
    for (const from of callingStates(machine, call)) {
      const found = callTargets(from, call.event, flow.rule, call.strings);
      for (const to of found?.targets ?? [])
        edges.push({ ...edge(drawnFrom(from, to), to, flow.rule), source: found!.source });
    }
  }
  return edges;
}
