/**
 * The vocabulary of a flow run: the state it works on, the operations of
 * boardgame.io's Process loop, the steps it records for the chart, and what
 * operations need from the run that executes them (FlowHost).
 */
import type { CompiledGame, CompiledPhase } from './config';
import type { SettledChecks } from './flow-checks';
import type { RandomState } from './random';
import type { Ctx, FlowEventType, Hook, MoveHook, PlayerID, TriggerContext } from './types';
import type { runOnDraft, UserCodeEnv } from './user-code';

export interface FlowState {
  G: unknown;
  ctx: Ctx;
}

/** What the chart does for one step. */
export type StepEffect = 'seats' | 'restartTurn' | 'enterPhase' | 'gameover';

export interface Step {
  /** The transition's event type: a flow event name or `move.<name>`. */
  type: string;
  automatic: boolean;
  playerID?: PlayerID;
  effect: StepEffect;
  /** G and ctx once the step's chain is done. */
  state: FlowState;
  /** Which rule chose where the step leads (see StepRoute); set with the effect it explains. */
  route: StepRoute | undefined;
}

/**
 * The rule that chose a step's destination, read by the chart's guards:
 * - a phase change: the phase's `next` after a call (`next`) or after its
 *   `endIf` fired (`endIf`), an `endIf` returning `{ next }`, a `setPhase`
 *   argument, or boardgame.io's loop stop (the same phase ended twice in one
 *   action: no phase);
 * - a turn restart: the turn order's `next` after a call (`order`), after the
 *   turn's `endIf` (`endIf`) or `maxMoves` (`maxMoves`), an `endTurn`/`pass`
 *   argument, or the turn's `endIf` returning `{ next }`;
 * - the game's end: the game's `endIf`, or an `endGame` call.
 */
export type StepRoute =
  'next' | 'endIf' | 'endIfNext' | 'setPhase' | 'loop' | 'order' | 'argument' | 'maxMoves' | 'endGame';

export type Request =
  | { kind: 'move'; move: string; args: unknown[]; playerID: PlayerID }
  | { kind: 'event'; event: FlowEventType; args: unknown[]; playerID: PlayerID };

export interface RunResult {
  state: FlowState;
  random: RandomState;
  steps: Step[];
}

export type OpFn =
  | 'StartGame'
  | 'StartPhase'
  | 'StartTurn'
  | 'UpdatePhase'
  | 'UpdateTurn'
  | 'UpdateStage'
  | 'UpdateActivePlayers'
  | 'EndGame'
  | 'EndPhase'
  | 'EndTurn'
  | 'EndStage'
  | 'OnMove';

export interface Op {
  fn: OpFn;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a flow event's argument as the game passed it, checked where it is read (flow-arguments.ts)
  arg?: any;
  turn?: number;
  phase?: string | null;
  automatic?: boolean;
  force?: boolean;
  playerID?: PlayerID;
  currentPlayer?: PlayerID;
  /**
   * Set by the operation that chains this one (`next` in boardgame.io), in the literal that makes it: a flag
   * added afterwards gave every chained operation a second shape.
   */
  chained?: boolean;
  /** Step name for an operation that starts a step. */
  label?: string;
  /** Config location of the trigger that started it (an automatic endPhase's endIf). */
  source?: string;
  /** StartTurn: the rule that chose its player. */
  route?: StepRoute;
}

/** What an operation (flow-operations.ts) or a check (flow-checks.ts) uses of the run executing it. */
export interface FlowHost {
  readonly game: CompiledGame;
  readonly env: UserCodeEnv;
  /** The player whose request this is (undefined at the start of the game). */
  readonly actor: PlayerID | undefined;
  /** Runs operations as boardgame.io's Process loop does. */
  process(entries: Op[]): void;
  /** G and ctx as the action has made them so far. */
  state: FlowState;
  /** The current phase's config (or `ctx`'s). */
  phase(ctx?: Ctx): CompiledPhase;
  /** Runs a hook on a draft of G, keeping its result. */
  hook(
    fn: Hook | MoveHook | undefined,
    method: Parameters<typeof runOnDraft>[5],
    where: string,
    playerID?: PlayerID,
  ): void;
  /** Runs a trigger (an endIf, a next) on G and ctx. */
  trigger<R>(fn: ((c: TriggerContext) => R) | undefined, where: string): R | undefined;
  /** Calls a turn order function with a given ctx. */
  callOrder<R>(fn: (c: TriggerContext) => R, ctx: Ctx, where: string): R;
  /** Hooks run so far in this action. */
  readonly hooks: number;
  /** What the game's and the phase's endIf last answered falsy on (flow-checks.ts). */
  settled: SettledChecks | undefined;
  /** Records what the current step does to the chart, and the rule that chose it. */
  markEffect(effect: StepEffect, route?: StepRoute): void;
  /** A limit boardgame.io enforces by ignoring the event; a direct request is refused instead. */
  refuse(code: 'MIN_MOVES_TURN' | 'MIN_MOVES_STAGE', message: string, location?: string): void;
}
