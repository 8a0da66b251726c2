/**
 * Which of a chart's rules a game can use, for the drawings to show only
 * those (unless asked for all): the chart has every rule the engine knows
 * (`endTurn({ next })`, `setStage(stage)` into every state, `maxMoves` from
 * every stage, a `next` function's every phase), most of which a given game
 * never takes. A transition is drawn when
 *
 * - some play took it (reached.ts: exploration, random games, traces), or
 * - it is the game's declared flow and its event can happen: players send it
 *   (`endTurn`, `pass`, `endStage`, unless the game's `events` disables them),
 *   the game's code calls it, or the flow takes it by itself (an `endIf`), or
 * - it goes to a target the game's code names: a `next` function's returned
 *   phases, an `endIf`'s `{ next }` (game-code.ts reads them).
 *
 * Transitions whose target is a call's argument (`setActivePlayers(set)`,
 * `setStage(stage)`, `setPhase(phase)`, ...) are not drawn from the seat
 * region or phase that takes them; they become call arrows (callEdges) from
 * the state the calling move is made in.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import type { Game } from '../../machines';
import { ruleName } from '../qa/rule-name';
import { playerEvents } from '../qa/candidates';
import { readGameCode, type GameCode } from './game-code';
import { CALL_RULES, transitionKey, type ReachedStates } from './reached';
import { eventOf, isAutomatic, transitionsOf } from './state-nodes';

export interface ChartUsage {
  code: GameCode;
  /** What play did; none when the game was not played (`--no-explore`). */
  played?: ReachedStates;
  /** The events players send themselves. */
  playerEvents: Set<string>;
}

export function chartUsage(game: Game, played?: ReachedStates): ChartUsage {
  return { code: readGameCode(game), ...(played ? { played } : {}), playerEvents: new Set(playerEvents(game)) };
}

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

const REQUEST_EVENTS = new Set([
  'endTurn',
  'pass',
  'endPhase',
  'setPhase',
  'endStage',
  'setStage',
  'setActivePlayers',
  'endGame',
]);
/** Bookkeeping rules every turn has; drawn only where play takes them or the code asks for them. */
const BOOKKEEPING = new Set(['maxMoves', 'activePlayers.emptied', 'endStage']);

/** The phase a rule belongs to (`phases.resolve.next` → `resolve`), if it is a phase's `next` or `endIf`. */
function phaseRule(rule: string): { phase: string; kind: 'next' | 'endIf' | 'endIfNext' } | undefined {
  const match = /^phases\.(.+)\.(next|endIf|endIf\(\{ next \}\))$/.exec(rule);
  if (!match) return undefined;
  return { phase: match[1], kind: match[2] === 'next' ? 'next' : match[2] === 'endIf' ? 'endIf' : 'endIfNext' };
}

/** The stages a call's strings name that a static call arrow could lead to, and whether it sets a limit or a revert. */
function calledStages(usage: ChartUsage, move: string, event: string): { stages: string[]; keys: Set<string> }[] {
  return usage.code.calls
    .filter((call) => call.move === move && call.event === event)
    .map((call) => ({ stages: call.strings.filter((text) => usage.code.stages.has(text)), keys: new Set(call.keys) }));
}

/** Whether a transition (to `target`) is drawn; call rules never are (they become call arrows). */
export function usesTransition(
  usage: ChartUsage,
  transition: AnyTransitionDefinition,
  target: AnyStateNode,
  fans: boolean,
): boolean {
  const rule = ruleName(transition.guard) ?? '';
  const event = eventOf(transition);
  if (CALL_RULES.has(rule)) return false;
  if (usage.played?.taken.has(transitionKey(transition, target))) return true;
  if (rule.endsWith('(loop stop)') || rule === '(no phase).next') return false;
  const phase = phaseRule(rule);
  if (phase && (fans || phase.kind === 'endIfNext')) {
    const returned =
      phase.kind === 'endIfNext' ? usage.code.endIfNextOf.get(phase.phase) : usage.code.nextOf.get(phase.phase);
    if (!returned?.values.includes(target.key)) return false;
  }
  if (BOOKKEEPING.has(rule)) {
    if (rule === 'maxMoves' && !usage.code.limitsMoves) return false;
    if (!usage.played) return true;
    // Not played: kept where the code sends seats with a limit (`setActivePlayers({ others: 'discard', maxMoves: 1 })`).
    const stage = transition.source.key;
    return usage.code.calls.some((call) => call.strings.includes(stage) && call.keys.includes('maxMoves'));
  }
  if (REQUEST_EVENTS.has(event) && !isAutomatic(transition, rule)) {
    return usage.playerEvents.has(event) || usage.code.calls.some((call) => call.event === event);
  }
  return true;
}

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

/** The call arrows: those play took, then those the code makes that play did not show. */
export function callEdges(usage: ChartUsage, machine: AnyStateMachine): CallEdge[] {
  const byId = (id: string) => machine.getStateNodeById(id) as AnyStateNode;
  const edges: CallEdge[] = (usage.played?.calls ?? []).map((call) => ({
    from: byId(call.from),
    to: byId(call.to),
    request: call.request,
    call: call.revert ? 'revert' : call.event,
    event: call.event,
    rule: call.rule,
    source: byId(call.source),
  }));
  for (const call of usage.code.calls) {
    if (!call.move || (call.event !== 'setActivePlayers' && call.event !== 'setStage')) continue;
    if (edges.some((edge) => edge.request === call.move && edge.event === call.event)) continue;
    const rule = call.event === 'setStage' ? 'setStage(stage)' : 'setActivePlayers(set)';
    for (const from of statesHandling(machine.root, `move.${call.move}`)) {
      const region = regionOf(from);
      const turn = region?.parent;
      if (!region || !turn) continue;
      for (const { stages, keys } of calledStages(usage, call.move, call.event)) {
        // `others`: the caller is not in the new set, and waits.
        const idle = region.states.idle as AnyStateNode | undefined;
        if (keys.has('others') && idle && stages.length)
          edges.push({ from, to: idle, request: call.move, call: call.event, event: call.event, rule, fromCode: true });
        for (const stage of stages) {
          // Into that stage in every seat region of the same turn; a revert brings the caller back.
          for (const seat of Object.values(turn.states) as AnyStateNode[]) {
            const to = seat.states[stage] as AnyStateNode | undefined;
            if (!to) continue;
            edges.push({ from, to, request: call.move, call: call.event, event: call.event, rule, fromCode: true });
            if (keys.has('revert') && seat === region) {
              const moves = transitionsOf(to).flatMap((t) =>
                eventOf(t).startsWith('move.') ? [eventOf(t).slice(5)] : [],
              );
              const request = moves.length ? moves.join(', ') : 'the last move';
              edges.push({ from: to, to: from, request, call: 'revert', event: call.event, rule, fromCode: true });
            }
          }
        }
      }
    }
  }
  return edges;
}
