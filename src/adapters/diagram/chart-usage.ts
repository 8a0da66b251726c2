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
import { codeCallEdges, drawnFrom, type CallEdge } from './code-calls';
import { readGameCode, type GameCode } from './game-code';
import { CALL_RULES, transitionKey, type PlayedCall, type ReachedStates } from './reached';
import { eventOf, isAutomatic } from './state-nodes';

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

/** An argument as a label writes it: a string quoted (`'militia'`), anything else as JSON. */
function argumentText(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : (JSON.stringify(value) ?? String(value));
}

/** Longest argument list a label names, in characters: a longer one says too much to read on an arrow. */
const ARGS_SHOWN = 24;

/**
 * How a call arrow names the request that made the call: with its arguments
 * when every play in which it made that call gave the same ones (`playAction('militia')`:
 * the card the move plays is what sends the others to discard), else by the
 * request's name alone.
 */
function requestLabels(calls: readonly PlayedCall[]): (call: PlayedCall) => string {
  const keyOf = (call: PlayedCall) => JSON.stringify([call.request, call.event]);
  const argsOf = new Map<string, Set<string>>();
  for (const call of calls) {
    const key = keyOf(call);
    argsOf.set(key, (argsOf.get(key) ?? new Set()).add(JSON.stringify(call.args ?? [])));
  }
  return (call) => {
    // A revert follows the move that used up the seats' moves: its arguments did not choose it.
    const args = call.revert ? [] : (call.args ?? []);
    const text = args.map(argumentText).join(', ');
    const same = argsOf.get(keyOf(call))!.size === 1;
    return same && args.length > 0 && text.length <= ARGS_SHOWN ? `${call.request}(${text})` : call.request;
  };
}

/** The call arrows: those play took, then those the code makes that play did not show. */
export function callEdges(usage: ChartUsage, machine: AnyStateMachine): CallEdge[] {
  const byId = (id: string) => machine.getStateNodeById(id) as AnyStateNode;
  const played = usage.played?.calls ?? [];
  const requestOf = requestLabels(played);
  const edges: CallEdge[] = played.map((call) => ({
    // A new turn (`endTurn({ next })`) is drawn as a loop on the turn the call was made in.
    from: drawnFrom(byId(call.from), byId(call.to)),
    to: byId(call.to),
    request: requestOf(call),
    call: call.revert ? 'revert' : call.event,
    event: call.event,
    rule: call.rule,
    source: byId(call.source),
  }));
  return [...edges, ...codeCallEdges(usage.code, machine, played)];
}
