/**
 * Turn orders of the older APIs: the `TurnOrder` presets as legacy games
 * import them (functions `(G, ctx)`), and the translation of a legacy turn
 * order into the engine's.
 *
 * A preset is recognised by identity and replaced by the engine's own preset
 * of the same meaning for the game's generation. The one that changed
 * meaning is DEFAULT: in 0.2x the player who ended a phase also starts the
 * next one (boardgame.io 0.2x's `first: ctx.playOrderPos`), which is the
 * engine's CONTINUE; from 0.3x on the next player does (the engine's
 * DEFAULT). The 0.2x-only presets (ANY, ANY_ONCE, OTHERS, OTHERS_ONCE, SKIP)
 * keep the turn with one player and carry `actionPlayers`, which become the
 * turn's `activePlayers`.
 */
import { TurnOrder as EngineTurnOrder, type ActivePlayersConfig, type TurnOrderConfig } from '../../machines';
import { actionPlayersArg } from './active-players';
import { asTrigger, type Convention } from './calling-convention';
import { LegacyGameError } from './errors';

type Loose = Record<string, any>;
type LegacyOrderFn = (G: any, ctx: any) => any;

const roundRobin: LegacyOrderFn = (_G, ctx) => (ctx.playOrderPos + 1) % ctx.playOrder.length;
const stay: LegacyOrderFn = (_G, ctx) => ctx.playOrderPos;

/** A legacy turn order: `first`, `next` and `playOrder` take `(G, ctx)`; 0.2x ones may carry `actionPlayers`. */
export interface LegacyTurnOrder {
  first: LegacyOrderFn;
  next: LegacyOrderFn;
  playOrder?: LegacyOrderFn;
  /** 0.2x: who may act during the turn (`{ all | others | value, once }`). */
  actionPlayers?: Loose;
  /** 0.2x: end the phase once every `once` action player has moved. */
  endPhaseOnceDone?: boolean;
}

export const TurnOrder = {
  /** Round-robin. 0.3x/0.4x: a new phase starts with the next player; 0.2x: with the player who ended the last phase. */
  DEFAULT: {
    first: (_G, ctx) => (ctx.turn === 0 ? ctx.playOrderPos : (ctx.playOrderPos + 1) % ctx.playOrder.length),
    next: roundRobin,
  } as LegacyTurnOrder,
  /** Round-robin from position 0 in every phase. */
  RESET: { first: () => 0, next: roundRobin } as LegacyTurnOrder,
  /** Round-robin, starting with the player who ended the last phase. */
  CONTINUE: { first: stay, next: roundRobin } as LegacyTurnOrder,
  /** Once around the table, then the phase ends. */
  ONCE: {
    first: () => 0,
    next: (_G, ctx) => (ctx.playOrderPos < ctx.playOrder.length - 1 ? ctx.playOrderPos + 1 : undefined),
  } as LegacyTurnOrder,
  /** Round-robin over the given play order. */
  CUSTOM: (playOrder: string[]): LegacyTurnOrder => ({ playOrder: () => playOrder, first: () => 0, next: roundRobin }),
  /** Round-robin over the play order in `G[field]` when the phase begins. */
  CUSTOM_FROM: (field: string): LegacyTurnOrder => ({ playOrder: (G) => G[field], first: () => 0, next: roundRobin }),
  /** 0.2x: the turn stays with one player; every player may move. */
  ANY: { first: stay, next: stay, actionPlayers: { all: true } } as LegacyTurnOrder,
  /** 0.2x: every player moves once, then the phase ends. */
  ANY_ONCE: {
    first: stay,
    next: stay,
    actionPlayers: { all: true, once: true },
    endPhaseOnceDone: true,
  } as LegacyTurnOrder,
  /** 0.2x: the turn stays with one player; every other player may move. */
  OTHERS: { first: stay, next: stay, actionPlayers: { others: true } } as LegacyTurnOrder,
  /** 0.2x: every other player moves once, then the phase ends. */
  OTHERS_ONCE: {
    first: stay,
    next: stay,
    actionPlayers: { others: true, once: true },
    endPhaseOnceDone: true,
  } as LegacyTurnOrder,
  /** 0.2x: round-robin over the players who have not passed (with the `Pass` move); the phase ends when all have. */
  SKIP: {
    first: stay,
    next: (G, ctx) => {
      if (G.allPassed) return undefined;
      const passed: string[] = G.passOrder ?? [];
      let pos = ctx.playOrderPos;
      for (let i = 0; i < ctx.playOrder.length; i++) {
        pos = (pos + 1) % ctx.playOrder.length;
        if (!passed.includes(String(ctx.playOrder[pos]))) return pos;
      }
      return undefined;
    },
  } as LegacyTurnOrder,
};

/** 0.2x's standard pass move: records the player in `G.passOrder`, sets `G.allPassed` when everyone has. */
export function Pass(G: Loose, ctx: Loose): Loose {
  const passOrder = [...(G.passOrder ?? []), ctx.playerID];
  return { ...G, passOrder, ...(passOrder.length >= ctx.numPlayers ? { allPassed: true } : {}) };
}

const ENGINE_PRESETS = new Set<object>(Object.values(EngineTurnOrder).filter((value) => typeof value === 'object'));

function presetFor(order: object, api: Convention['api']): TurnOrderConfig | undefined {
  if (ENGINE_PRESETS.has(order)) return order as TurnOrderConfig;
  switch (order) {
    case TurnOrder.DEFAULT:
      return api === '0.2x' ? EngineTurnOrder.CONTINUE : EngineTurnOrder.DEFAULT;
    case TurnOrder.RESET:
      return EngineTurnOrder.RESET;
    case TurnOrder.CONTINUE:
      return EngineTurnOrder.CONTINUE;
    case TurnOrder.ONCE:
      return EngineTurnOrder.ONCE;
    default:
      return undefined;
  }
}

/** A translated turn order, with what a 0.2x order adds to the turn and the phase. */
export interface TranslatedOrder {
  order: TurnOrderConfig;
  activePlayers?: ActivePlayersConfig;
  /** The phase ends when the action players are done (0.2x `endPhaseOnceDone`). */
  endPhaseWhenDone: boolean;
}

/** A legacy turn order in the engine's form; `where` names it in errors. */
export function translateOrder(order: unknown, convention: Convention, where: string): TranslatedOrder {
  if (order === null || typeof order !== 'object') {
    throw new LegacyGameError(where, 'must be a turn order object { first, next, playOrder? }');
  }
  const { api } = convention;
  const legacy = order as LegacyTurnOrder;
  const preset = presetFor(order, api);
  let activePlayers: ActivePlayersConfig | undefined;
  if (legacy.actionPlayers !== undefined) {
    if (api !== '0.2x')
      throw new LegacyGameError(`${where}.actionPlayers`, 'is 0.2x; from 0.3x on, use turn.activePlayers');
    if (typeof legacy.actionPlayers.value === 'function') {
      throw new LegacyGameError(
        `${where}.actionPlayers.value`,
        'a function cannot be translated into a static turn config; call setActionPlayers from onTurnBegin instead',
      );
    }
    activePlayers = actionPlayersArg(legacy.actionPlayers) as ActivePlayersConfig;
  }
  const endPhaseWhenDone = api === '0.2x' && legacy.endPhaseOnceDone === true;
  if (preset) return { order: preset, activePlayers, endPhaseWhenDone };
  for (const key of ['first', 'next'] as const) {
    if (typeof legacy[key] !== 'function') throw new LegacyGameError(`${where}.${key}`, 'must be a function (G, ctx)');
  }
  if (legacy.playOrder !== undefined && typeof legacy.playOrder !== 'function') {
    throw new LegacyGameError(`${where}.playOrder`, 'must be a function (G, ctx)');
  }
  const translated: TurnOrderConfig = {
    first: asTrigger(legacy.first, convention),
    next: asTrigger(legacy.next, convention),
    ...(legacy.playOrder ? { playOrder: asTrigger(legacy.playOrder, convention) } : {}),
  };
  return { order: translated, activePlayers, endPhaseWhenDone };
}
