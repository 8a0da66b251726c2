/**
 * Every turn order of seed 004, one phase each, played one after another:
 * RESET → DEFAULT → CONTINUE → ONCE → CUSTOM → CUSTOM_FROM → a custom
 * `{ playOrder, first, next }`. Teaches how `currentPlayer`, `playOrder` and
 * `playOrderPos` are set when a phase begins (`playOrder`, `first`) and when
 * a turn ends (`next`), and that a phase ends when `next` returns undefined.
 *
 * Each turn is one `play` move (`maxMoves: 1` ends the turn), or an
 * `endTurn` to skip. The round-robin phases end after three turns; ONCE and
 * the countdown end on their own; the game ends with the countdown.
 */
import { TurnOrder, type Game, type TurnConfig, type TurnOrderConfig } from 'turnchart';

/** A turn as it ended: whose it was, and the turn-order state of ctx. */
export interface TurnRecord {
  turn: number;
  phase: string;
  player: string;
  playOrder: string[];
  playOrderPos: number;
  played: boolean;
}

export interface TurnOrdersState {
  /** Read by CUSTOM_FROM('seating') when the customFrom phase begins. */
  seating: string[];
  turns: TurnRecord[];
  /** How many `play` moves the current turn has seen. */
  playedThisTurn: number;
  finished: boolean;
}

type State = TurnOrdersState;

/** The phases in the order they are played. */
export const PHASES = ['reset', 'default', 'continue', 'once', 'custom', 'customFrom', 'countdown'] as const;

/** Turns in each round-robin phase; ONCE and countdown end by themselves. */
export const TURNS_PER_PHASE = 3;

/**
 * The custom order: seat 0 (the dealer) sits out; the others play from the
 * last seat backwards, once. `playOrder` and `first` are called when the
 * phase begins (`first` sees the previous phase's ctx), `next` when a turn
 * ends; returning undefined ends the phase.
 */
export const countdownOrder: TurnOrderConfig<State> = {
  playOrder: ({ ctx }) => Array.from({ length: ctx.numPlayers - 1 }, (_, i) => String(i + 1)),
  first: ({ ctx }) => ctx.numPlayers - 2,
  next: ({ ctx }) => (ctx.playOrderPos > 0 ? ctx.playOrderPos - 1 : undefined),
};

/** A phase's turn: its order, one move per turn, and a record of every turn. */
function turnWith(order: TurnOrderConfig<State>): TurnConfig<State> {
  return {
    order,
    maxMoves: 1,
    onBegin: ({ G }) => {
      G.playedThisTurn = 0;
    },
    // When a phase's endIf ends the phase right after a turn ended, boardgame.io
    // 0.50 (and so turnchart) runs turn.onEnd a second time for that turn, as
    // part of ending the phase: record each turn once.
    onEnd: ({ G, ctx }) => {
      if (G.turns.at(-1)?.turn === ctx.turn) return;
      G.turns.push({
        turn: ctx.turn,
        phase: ctx.phase!,
        player: ctx.currentPlayer,
        playOrder: [...ctx.playOrder],
        playOrderPos: ctx.playOrderPos,
        played: G.playedThisTurn > 0,
      });
    },
  };
}

/** Turns that have ended in a phase. */
export function turnsIn(G: State, phase: string): TurnRecord[] {
  return G.turns.filter((turn) => turn.phase === phase);
}

const afterThreeTurns = ({ G, ctx }: { G: State; ctx: { phase: string | null } }) =>
  turnsIn(G, ctx.phase!).length >= TURNS_PER_PHASE;

export const TurnOrders: Game<State> = {
  name: 'turn-orders',
  minPlayers: 4,
  maxPlayers: 4,
  setup: () => ({ seating: ['2', '0', '1'], turns: [], playedThisTurn: 0, finished: false }),
  moves: {
    play: ({ G }) => {
      G.playedThisTurn++;
    },
  },
  phases: {
    // Starts at position 0 in every phase.
    reset: { start: true, turn: turnWith(TurnOrder.RESET), endIf: afterThreeTurns, next: 'default' },
    // Goes on with the player after the one who ended the last phase.
    default: { turn: turnWith(TurnOrder.DEFAULT), endIf: afterThreeTurns, next: 'continue' },
    // Starts with the player who ended the last phase.
    continue: { turn: turnWith(TurnOrder.CONTINUE), endIf: afterThreeTurns, next: 'once' },
    // Everyone once from position 0; then `next` returns undefined and the phase ends.
    once: { turn: turnWith(TurnOrder.ONCE), next: 'custom' },
    // Round-robin over a fixed playOrder: only seats 3 and 1 play.
    custom: { turn: turnWith(TurnOrder.CUSTOM(['3', '1'])), endIf: afterThreeTurns, next: 'customFrom' },
    // Round-robin over the playOrder found in G.seating when the phase begins.
    customFrom: { turn: turnWith(TurnOrder.CUSTOM_FROM('seating')), endIf: afterThreeTurns, next: 'countdown' },
    countdown: {
      turn: turnWith(countdownOrder),
      onEnd: ({ G }) => {
        G.finished = true;
      },
    },
  },
  endIf: ({ G }) => (G.finished ? { turns: G.turns.length } : undefined),
};

export default TurnOrders;
