/**
 * What a multiplayer client's master reports, read as steps of the debug
 * panel's timeline. The master's log says which actions it applied (each
 * action's entries share the `_stateID` it started from); an update brings
 * the state after one action, a sync only the state after all of them. The
 * states in between are rebuilt by replaying the actions on the client's
 * reducer, and kept only when the replay lands exactly on the master's state
 * (it cannot with hidden information, dice or undo: then the actions make one
 * step).
 */
import { GAME_EVENT, MAKE_MOVE, REDO, UNDO } from '../../boardgameio/action-creators';
import { applyAction } from '../../boardgameio/reducer';
import type { BoundGame } from '../../boardgameio/taped-game';
import type { LogEntry, State } from '../../boardgameio/types';
import type { LoggedRequest } from '../../inspect/page/match-view';

/** A line of the page's log for a reported step: its request (none for several actions) and what followed. */
export interface ReportedLine {
  request?: LoggedRequest;
  steps: string[];
}

/** The master's log cut into actions: consecutive entries with one `_stateID`. */
export function actionsOf(log: readonly LogEntry[]): LogEntry[][] {
  const groups: LogEntry[][] = [];
  for (const entry of log) {
    const group = groups[groups.length - 1];
    if (group && group[0]._stateID === entry._stateID) group.push(entry);
    else groups.push([entry]);
  }
  return groups;
}

/** The entry the player's action wrote (a move, else the first event no trigger caused); what it caused follows it. */
function leadOf(group: readonly LogEntry[]): LogEntry | undefined {
  return group.find((entry) => entry.action.type === MAKE_MOVE) ?? group.find((entry) => !entry.automatic);
}

export const isUndoOrRedo = (group: readonly LogEntry[]): boolean =>
  group.some((entry) => entry.action.type === UNDO || entry.action.type === REDO);

const argsOf = (args: unknown): unknown[] =>
  args === undefined || args === null ? [] : Array.isArray(args) ? args : [args];

const stepName = (entry: LogEntry): string => {
  const { type, payload } = entry.action;
  return type === MAKE_MOVE ? `move.${payload.type}` : type === GAME_EVENT ? String(payload.type) : type;
};

/** One action: its request and the events it caused; several: no request, every entry a step. */
export function lineOf(groups: readonly LogEntry[][]): ReportedLine {
  const lead = groups.length === 1 ? leadOf(groups[0]) : undefined;
  if (!lead || (lead.action.type !== MAKE_MOVE && lead.action.type !== GAME_EVENT))
    return { steps: groups.flat().map(stepName) };
  const { payload } = lead.action;
  const request = { type: stepName(lead), playerID: String(payload.playerID ?? '?'), args: argsOf(payload.args) };
  return { request, steps: groups[0].filter((entry) => entry !== lead).map(stepName) };
}

/** Same log entry: the same action on the same state. */
const sameEntry = (a: LogEntry, b: LogEntry): boolean =>
  a._stateID === b._stateID &&
  a.action.type === b.action.type &&
  a.action.payload?.type === b.action.payload?.type &&
  JSON.stringify(a.action.payload?.args) === JSON.stringify(b.action.payload?.args);

/** `log` starts with `prefix`: a history that goes on from ours. */
export const extendsLog = (prefix: readonly LogEntry[], log: readonly LogEntry[]): boolean =>
  prefix.length <= log.length && prefix.every((entry, index) => sameEntry(entry, log[index]));

/** Deep equality of JSON data, whatever the key order. */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const other = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  if (keys.length !== other.length) return false;
  return keys.every((key) => sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** The same point of a match: `_stateID`, G and ctx. */
export const sameState = (a: State, b: State): boolean =>
  a._stateID === b._stateID && sameData(a.G, b.G) && sameData(a.ctx, b.ctx);

/**
 * The state after each action, replayed from `from`, the last one `target`
 * itself; undefined when a replay is not the master's history (a game with a
 * player view, an action refused or thrown here, an end that is not `target`).
 */
export function replayed(
  bound: BoundGame,
  from: State,
  groups: readonly LogEntry[][],
  target: State,
): State[] | undefined {
  if (bound.game.playerView) return undefined;
  const states: State[] = [];
  let state = from;
  for (const group of groups) {
    const lead = leadOf(group);
    if (!lead || (lead.action.type !== MAKE_MOVE && lead.action.type !== GAME_EVENT)) return undefined;
    let next;
    try {
      next = applyAction(bound, state, lead.action).state;
    } catch {
      return undefined;
    }
    if (next.transients?.error !== undefined) return undefined;
    states.push((state = next));
  }
  if (!sameState(state, target)) return undefined;
  states[states.length - 1] = target;
  return states;
}
