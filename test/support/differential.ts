/**
 * Runs one action sequence on boardgame.io 0.50.2 (its reducer, as its local
 * client and server use it) and on turnchart, comparing G and every ctx field
 * after every step. Intended differences (docs/differences.md) are recognised
 * explicitly and end the comparison of that run with their name.
 */
import { createRequire } from 'node:module';
import { createGame, TurnOrder, INVALID_MOVE } from 'turnchart';
import { chartAgreesWithCtx } from './invariants';
import { quiet } from './quiet';
import { buildGame } from './build-random-game';
import { resolvePlayer } from './random-game';
import type { ActionDesc, GameDesc } from './random-game-desc';

const require_ = createRequire(__filename);
const bgioInternal = require_('boardgame.io/internal');
const bgioCore = require_('boardgame.io/core');

export type Verdict =
  | { kind: 'same'; steps: number; accepted: number }
  | { kind: 'expected'; difference: string; step: number }
  | { kind: 'mismatch'; step: number; action?: ActionDesc; path: string; bgio: unknown; turnchart: unknown };

function plain(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

function firstDifference(a: any, b: any, path: string): string | undefined {
  if (a === b) return undefined;
  if (
    typeof a !== 'object' ||
    typeof b !== 'object' ||
    a === null ||
    b === null ||
    Array.isArray(a) !== Array.isArray(b)
  )
    return path;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const found = firstDifference(a[key], b[key], `${path}.${key}`);
    if (found) return found;
  }
  return undefined;
}

function at(obj: any, path: string): unknown {
  return path
    .split('.')
    .slice(1)
    .reduce((o, k) => (o == null ? o : o[k]), obj);
}

function lockedSet(ctx: any): boolean {
  return (
    ctx.activePlayers !== null && typeof ctx.activePlayers === 'object' && Object.keys(ctx.activePlayers).length === 0
  );
}

export function runDifferential(desc: GameDesc, actions: ActionDesc[]): Verdict {
  const bgioGame = buildGame(desc, { TurnOrder: bgioCore.TurnOrder, INVALID_MOVE: bgioCore.INVALID_MOVE });
  const ourGame = buildGame(desc, { TurnOrder, INVALID_MOVE });
  let bState: any;
  try {
    bState = quiet(() => bgioInternal.InitializeGame({ game: bgioGame, numPlayers: desc.numPlayers }));
  } catch {
    // boardgame.io crashes at construction (bgio-quirks 2); turnchart starts.
    try {
      createGame(ourGame, { numPlayers: desc.numPlayers });
    } catch (error: any) {
      if (error?.rejection?.code !== 'FLOW_LOOP') throw error;
    }
    return { kind: 'expected', difference: 'bgio-crashes-at-construction', step: 0 };
  }
  if (bState.plugins?.events?.data?.error) return { kind: 'expected', difference: 'start-rejected', step: 0 };
  const reducer = bgioInternal.CreateGameReducer({ game: bgioGame, isClient: false });
  let ours;
  try {
    ours = createGame(ourGame, { numPlayers: desc.numPlayers });
  } catch (error: any) {
    // A game whose start never settles cannot start on turnchart (docs/differences.md).
    if (error?.rejection?.code === 'FLOW_LOOP') return { kind: 'expected', difference: 'start-loops', step: 0 };
    return { kind: 'mismatch', step: 0, path: 'start', bgio: 'started', turnchart: String(error) };
  }

  const compare = (step: number, action?: ActionDesc): Verdict | undefined => {
    const b = plain({ G: bState.G, ctx: bState.ctx }) as any;
    const t = plain(ours.getState()) as any;
    if (lockedSet(b.ctx) && t.ctx.activePlayers === null)
      return { kind: 'expected', difference: 'empty-active-players-becomes-null', step };
    const path = firstDifference(b, t, '$');
    if (path)
      return { kind: 'mismatch', step, ...(action ? { action } : {}), path, bgio: at(b, path), turnchart: at(t, path) };
    const chart = chartAgreesWithCtx(ourGame, ours.getStateValue(), ours.getState().ctx);
    if (chart)
      return { kind: 'mismatch', step, ...(action ? { action } : {}), path: 'chart', bgio: null, turnchart: chart };
    return undefined;
  };

  const initial = compare(0);
  if (initial) return initial;
  let accepted = 0;
  for (let i = 0; i < actions.length; i++) {
    const action = { ...actions[i], playerID: resolvePlayer(actions[i].playerID, ours.getState().ctx) } as ActionDesc;
    const payload =
      action.kind === 'move'
        ? { type: 'MAKE_MOVE', payload: { type: action.name, args: [], playerID: action.playerID } }
        : {
            type: 'GAME_EVENT',
            payload: {
              type: action.type,
              args: 'arg' in action ? [structuredClone(action.arg)] : [],
              playerID: action.playerID,
            },
          };
    let threw = false;
    let bgioError: string | undefined;
    try {
      const next = quiet(() => reducer(bState, payload));
      const { transients, ...rest } = next;
      bgioError = transients?.error?.type;
      bState = rest;
    } catch {
      threw = true;
    }
    const result =
      action.kind === 'move'
        ? ours.move(action.name, [], action.playerID)
        : ours.event(action.type as any, 'arg' in action ? structuredClone(action.arg) : undefined, action.playerID);
    if (threw) {
      if (!result.ok) return { kind: 'expected', difference: `bgio-throws:${result.error.code}`, step: i + 1 };
      return { kind: 'mismatch', step: i + 1, action, path: 'exception', bgio: 'threw', turnchart: 'accepted' };
    }
    if (!result.ok && bgioError) {
      // Both refused. boardgame.io's refusal can still leave changes it made in
      // place (move counts) behind; turnchart's leaves nothing (docs/differences.md).
      const b = plain({ G: bState.G, ctx: bState.ctx });
      const t = plain(ours.getState());
      const path = firstDifference(b, t, '$');
      if (path?.startsWith('$.ctx._activePlayersNumMoves'))
        return { kind: 'expected', difference: 'bgio-leaky-rollback', step: i + 1 };
    }
    if (
      !result.ok &&
      [
        'INVALID_NEXT_PLAYER',
        'FLOW_LOOP',
        'NOT_A_SEAT',
        'INVALID_STAGE',
        'UNKNOWN_PHASE',
        'INVALID_TURN_ORDER',
      ].includes(result.error.code)
    ) {
      // turnchart rejects what boardgame.io half-applies (bgio-quirks policy).
      const b = plain({ G: bState.G, ctx: bState.ctx });
      const t = plain(ours.getState());
      if (firstDifference(b, t, '$'))
        return {
          kind: 'expected',
          difference: `rejected:${result.error.code}:${bgioError ?? 'bgio-accepted'}`,
          step: i + 1,
        };
    }
    if (result.ok) accepted++;
    const verdict = compare(i + 1, action);
    if (verdict) return verdict;
  }
  return { kind: 'same', steps: actions.length, accepted };
}
