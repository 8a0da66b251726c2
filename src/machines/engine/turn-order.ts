/**
 * Turn order: the `TurnOrder` presets and the pure logic that picks the first
 * player of a phase and the next player of a turn, as boardgame.io 0.50.2 does.
 */
import { copyCtx, withCtx } from './ctx-copy';
import { reject } from './errors';
import type { Ctx, PlayerID, TriggerContext, TurnOrderConfig } from './types';

const roundRobin = ({ ctx }: TriggerContext) => (ctx.playOrderPos + 1) % ctx.playOrder.length;

export const TurnOrder = {
  /** Round-robin, continuing after the player who ended the last phase. */
  DEFAULT: {
    first: ({ ctx }: TriggerContext) =>
      ctx.turn === 0 ? ctx.playOrderPos : (ctx.playOrderPos + 1) % ctx.playOrder.length,
    next: roundRobin,
  } as TurnOrderConfig,
  /** Round-robin, starting from position 0 in every phase. */
  RESET: { first: () => 0, next: roundRobin } as TurnOrderConfig,
  /** Round-robin, starting with the player who ended the last phase. */
  CONTINUE: { first: ({ ctx }: TriggerContext) => ctx.playOrderPos, next: roundRobin } as TurnOrderConfig,
  /** Once around the table; then the phase ends. */
  ONCE: {
    first: () => 0,
    next: ({ ctx }: TriggerContext) => (ctx.playOrderPos < ctx.playOrder.length - 1 ? ctx.playOrderPos + 1 : undefined),
  } as TurnOrderConfig,
  /** Round-robin over the given play order. */
  CUSTOM: (playOrder: PlayerID[]): TurnOrderConfig => ({
    playOrder: () => playOrder,
    first: () => 0,
    next: roundRobin,
  }),
  /** Round-robin over the play order found in `G[field]` when the phase begins. */
  CUSTOM_FROM: (field: string): TurnOrderConfig => ({
    playOrder: ({ G }: TriggerContext) => G[field],
    first: () => 0,
    next: roundRobin,
  }),
};

/** `["0", "1", …]`, by a loop: `Array.from` with a mapping function is several times slower (docs/performance.md). */
export function defaultPlayOrder(numPlayers: number): PlayerID[] {
  const playOrder: PlayerID[] = [];
  for (let seat = 0; seat < numPlayers; seat++) playOrder.push(String(seat));
  return playOrder;
}

/** playOrder[playOrderPos] as a string, as boardgame.io reads it. */
export function playerAt(playOrder: PlayerID[], pos: number): PlayerID {
  return String(playOrder[pos]);
}

function assertPlayOrder(ctx: Ctx, playOrder: unknown, where: string): asserts playOrder is PlayerID[] {
  const ok =
    Array.isArray(playOrder) &&
    playOrder.length > 0 &&
    playOrder.every((id) => {
      const n = Number(id);
      return (
        (typeof id === 'string' || typeof id === 'number') &&
        String(n) === String(id) &&
        Number.isInteger(n) &&
        n >= 0 &&
        n < ctx.numPlayers
      );
    });
  if (!ok) {
    reject(
      'INVALID_TURN_ORDER',
      `${where} must return a non-empty array of seats (0..${ctx.numPlayers - 1}), got ${JSON.stringify(playOrder)}`,
      where,
    );
  }
}

function assertPosition(pos: unknown, length: number, where: string): asserts pos is number {
  if (typeof pos !== 'number' || !Number.isInteger(pos) || pos < 0 || pos >= length) {
    reject(
      'INVALID_TURN_ORDER',
      `${where} must return a position in playOrder (0..${length - 1}), got ${JSON.stringify(pos)}`,
      where,
    );
  }
}

/** What calls a turn order's functions (the flow run, which times and guards game code). */
export interface OrderCaller {
  callOrder<R>(fn: (c: TriggerContext) => R, ctx: Ctx, where: string): R;
}

/** Start of a phase: playOrder, playOrderPos and currentPlayer from the order's `playOrder` and `first`. */
export function initTurnOrder(ctx: Ctx, order: TurnOrderConfig, host: OrderCaller, where: string): Ctx {
  let playOrder = defaultPlayOrder(ctx.numPlayers);
  if (order.playOrder !== undefined) {
    const custom = host.callOrder(order.playOrder, ctx, `${where}.playOrder`);
    assertPlayOrder(ctx, custom, `${where}.playOrder`);
    playOrder = custom;
  }
  const playOrderPos = host.callOrder(order.first, ctx, `${where}.first`);
  assertPosition(playOrderPos, playOrder.length, `${where}.first`);
  return withCtx(ctx, { currentPlayer: playerAt(playOrder, playOrderPos), playOrderPos, playOrder });
}

export interface NextTurn {
  ctx: Ctx;
  endPhase: boolean;
}

/** End of a turn: who plays next, from `endTurn({ next })` or the order's `next`. */
export function nextTurnOrder(
  ctx: Ctx,
  currentPlayer: PlayerID,
  order: TurnOrderConfig,
  endTurnArg: unknown,
  host: OrderCaller,
  where: string,
): NextTurn {
  let playOrderPos = ctx.playOrderPos;
  if (endTurnArg && endTurnArg !== true) {
    const arg = endTurnArg as { next?: unknown; remove?: unknown };
    for (const key of Object.keys(arg)) {
      if (key === 'remove') currentPlayer = playerAt(ctx.playOrder, playOrderPos);
      else if (key === 'next') {
        if (typeof arg.next !== 'string' || !ctx.playOrder.includes(arg.next)) {
          reject(
            'INVALID_NEXT_PLAYER',
            `endTurn({ next: ${JSON.stringify(arg.next)} }): that player is not in playOrder ${JSON.stringify(ctx.playOrder)}`,
          );
        }
        playOrderPos = ctx.playOrder.indexOf(arg.next as string);
        currentPlayer = arg.next as string;
      }
    }
    return { ctx: withCtx(ctx, { playOrderPos, currentPlayer }), endPhase: false };
  }
  // The presets' round-robin is turnchart's own: worked out here, without calling game code.
  const next = isRoundRobin(order.next)
    ? (ctx.playOrderPos + 1) % ctx.playOrder.length
    : host.callOrder(order.next, ctx, `${where}.next`);
  if (next === undefined) return { ctx, endPhase: true };
  assertPosition(next, ctx.playOrder.length, `${where}.next`);
  const after = copyCtx(ctx);
  after.playOrderPos = next;
  after.currentPlayer = playerAt(ctx.playOrder, next);
  return { ctx: after, endPhase: false };
}

/** Whether a turn order's `next` may return undefined and so end the phase (the round-robin presets never do). */
export function mayRunOut(order: TurnOrderConfig): boolean {
  return !isRoundRobin(order.next);
}

/** Whether `fn` is the round-robin `next` of the presets (the chart's one test of a function's identity). */
export function isRoundRobin(fn: unknown): boolean {
  return fn === roundRobin;
}
