/**
 * Flow events as the older APIs call them, in terms of today's:
 *
 * - 0.2x: `endPhase({ next })` (and the array era's `endPhase('B')`) becomes
 *   `setPhase(next)`, because boardgame.io 0.50 ignores endPhase's argument
 *   and seed 002 documents it; the array era's `endTurn('1')` is
 *   `endTurn({ next: '1' })` and `endTurn(true)` a plain `endTurn()`;
 *   `setActionPlayers(arg)` becomes `setActivePlayers`.
 * - 0.3x / 0.4x: `endPhase` loses its argument (0.3x and 0.4x ignored it too,
 *   and turnchart refuses one naming no phase); `setActivePlayers` and
 *   `setStage` arguments lose `moveLimit` and `true` stage values
 *   (active-players.ts).
 *
 * The same translation serves the `ctx.events` object of game code and the
 * events a client or reducer receives.
 */
import { eventFunctions, type Ctx, type EventsAPI } from '../../machines';
import { actionPlayersArg, activePlayersArg, stageArg } from './active-players';
import type { LegacyApi } from './calling-convention';
import { withoutHistory } from './phase-history';

export interface EventCall {
  type: string;
  args: unknown[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The event to run for a legacy event call. `state` is needed only by 0.2x `setActionPlayers({ value })`. */
export function translateEvent(
  api: LegacyApi,
  type: string,
  args: unknown[],
  state?: { G: unknown; ctx: Ctx },
): EventCall {
  const [arg] = args;
  if (api === '0.2x') {
    switch (type) {
      case 'endPhase':
        if (typeof arg === 'string') return { type: 'setPhase', args: [arg] };
        if (isObject(arg) && arg.next !== undefined) return { type: 'setPhase', args: [arg.next] };
        return { type: 'endPhase', args: [] };
      case 'endTurn':
        // The array era (before 0.27) named the next player directly: endTurn('1').
        if (typeof arg === 'string') return { type, args: [{ next: arg }] };
        return isObject(arg) ? { type, args: [arg] } : { type, args: [] };
      case 'setActionPlayers': {
        const view = state ? { G: withoutHistory(state.G), ctx: state.ctx } : undefined;
        return { type: 'setActivePlayers', args: [actionPlayersArg(arg, view)] };
      }
      default:
        return { type, args };
    }
  }
  switch (type) {
    case 'endPhase':
      return { type, args: [] };
    case 'setActivePlayers':
      return { type, args: args.length === 0 ? args : [activePlayersArg(arg, api)] };
    case 'setStage':
      return { type, args: args.length === 0 ? args : [stageArg(arg)] };
    default:
      return { type, args };
  }
}

/** The event names game code of each generation finds on `ctx.events`. */
export const LEGACY_EVENT_NAMES: Record<LegacyApi, readonly string[]> = {
  '0.2x': ['endTurn', 'endPhase', 'endGame', 'setActionPlayers'],
  '0.3x': ['endStage', 'setStage', 'endTurn', 'pass', 'endPhase', 'setPhase', 'endGame', 'setActivePlayers'],
  '0.4x': ['endStage', 'setStage', 'endTurn', 'pass', 'endPhase', 'setPhase', 'endGame', 'setActivePlayers'],
};

type LegacyEvents = Record<string, (...args: unknown[]) => void>;

interface Made {
  api: LegacyApi;
  events: EventsAPI;
  out: LegacyEvents;
}

/** The last two 0.3x/0.4x `ctx.events` made, with what each was made for (the newer first). */
let last: Made | undefined;
let before: Made | undefined;

/**
 * `ctx.events` for legacy game code: each call is translated, then queued on
 * the events API the call was given. 0.3x and 0.4x translate without the
 * state, so the calls of one action share one object: making eight closures
 * per call was a few percent of a 0.4x game's time (bench/realistic.ts,
 * skirmish). Two are kept, as an action's calls alternate between two
 * events APIs (the call tape's for moves and hooks, the engine's for
 * triggers); not a WeakMap of them: a WeakMap entry per action more than
 * doubled the time spent collecting garbage (the 0.4x game ran at half its
 * speed).
 */
export function legacyEvents(api: LegacyApi, events: EventsAPI, G: unknown, ctx: Ctx): LegacyEvents {
  if (api === '0.2x') return makeEvents(api, events, { G, ctx });
  if (last !== undefined && last.events === events && last.api === api) return last.out;
  if (before === undefined || before.events !== events || before.api !== api)
    before = { api, events, out: makeEvents(api, events, undefined) };
  [last, before] = [before, last];
  return last!.out;
}

function makeEvents(api: LegacyApi, events: EventsAPI, state: { G: unknown; ctx: Ctx } | undefined): LegacyEvents {
  const run = (type: string, args: unknown[]) => {
    const call = translateEvent(api, type, args, state);
    (events as unknown as Record<string, (...a: unknown[]) => void>)[call.type](...call.args);
  };
  // 0.3x and 0.4x have today's events in today's order: a written-out set, made faster than one built by name.
  if (api !== '0.2x') return eventFunctions(run) as unknown as LegacyEvents;
  // Made by fromEntries, not assigned by name (boardgameio/client-dispatchers.ts says why).
  return Object.fromEntries(
    LEGACY_EVENT_NAMES[api].map((name) => [name, (...args: unknown[]) => run(name, args)]),
  ) as LegacyEvents;
}
