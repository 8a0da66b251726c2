/**
 * What the rest of turnchart (the adapters, and the package's entries) may
 * use of src/machines: this module and nothing under it.
 *
 * - The engine: a match as plain data, and what a request does to it
 *   (`evaluateRequest`: every check and the flow, once), the start of a
 *   match (`startMatch`), a seat's requests (`legalRequests`).
 * - The chart: the game's statechart (`createGameMachine`), the chart
 *   value of any ctx (`chartValueFor`), a projection that needs no actor,
 *   and why a request is refused in the chart's words (`explain`).
 * - `createGame`: the small typed layer for code that just wants to play.
 * - The pieces of the engine that boardgame.io's own layers are built on
 *   (its client, its reducer, its bots, its 0.4x calling convention): move
 *   lookup, user code on drafts of G, the PRNG, the event queue.
 */

// The engine
export { compiledGame } from './engine/compiled-game';
export { legalRequests, seatRequests } from './engine/seat-requests';
export {
  evaluateRequest,
  GameStartError,
  startMatch,
  toRequest,
  type MatchOptions,
  type Outcome,
  type RequestType,
  type TimeoutRequest,
} from './engine/request';
export { deadlines, nextDeadline, passedDeadline, timeLeft, type SeatTime } from './engine/time-state';
export {
  assertNoLatentMistakes,
  NULL_PHASE_KEY,
  phaseOf,
  tolerateLatentMistakes,
  warnLatentMistakes,
  warnLatentMistakesOnce,
  type CompiledGame,
  type CompiledPhase,
  type LatentMistake,
} from './engine/config';
export { GameConfigError, RejectedAction, type ActionRejection, type RejectionCode } from './engine/errors';
export { ActivePlayers, isPlayerActive, Stage } from './engine/active-players';
export { TurnOrder } from './engine/turn-order';
export type { FlowState, Step } from './engine/flow-run';
export * from './engine/types';
/** What a move returns to refuse itself (boardgame.io's `INVALID_MOVE`). */
export { INVALID_MOVE_VALUE as INVALID_MOVE } from './engine/types';

// What boardgame.io's layers are built on
export { countsTowardLimits, getMove, moveFunction, type MoveSource } from './engine/moves';
export { createEnv, runOnDraft } from './engine/user-code';
export { makeSeed, RandomSource, type RandomState } from './engine/random';
export { EventQueue, eventFunctions } from './engine/event-queue';
export { copyCtx, withCtx } from './engine/ctx-copy';
export { baseOf } from './engine/drafts';
export { shapeAnchor } from './engine/shape-anchor';

// The chart
export {
  createGameMachine,
  primeRequest,
  type GameMachine,
  type GameMachineOptions,
  type MachineInput,
  type RequestEvent,
  type TurnchartContext,
  type TurnchartEvent,
} from './chart/game-machine';
export { explain, type Explanation } from './chart/explain';
export { chartValueFor, seatRegionKey, seatStateKey } from './chart/seat-state';
export { chartEvents, serializeChartState, serializeGameState } from './chart/graph-events';
export type { StepEvent, StepPayload } from './chart/chart-steps';
export { transitionGame, type PureResult } from './chart/transition-game';

// Playing
export { createGame, type ActionResult, type CreateGameOptions, type TurnchartGame } from './game';
