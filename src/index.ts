/** turnchart: a board game's flow as an explicit xstate v5 statechart. */
export { createGameMachine, evaluateRequest, compiledGame, GameStartError } from './machines/game-machine';
export type {
  GameMachine,
  GameMachineOptions,
  MachineInput,
  RejectedEvent,
  RequestEvent,
  RequestType,
  TurnchartContext,
  TurnchartEvent,
  Outcome,
} from './machines/game-machine';
export { createGame } from './machines/game';
export { transitionGame } from './machines/runtime/pure-transition';
export { explain } from './machines/rules/explain';
export { chartEvents, serializeChartState, serializeGameState } from './machines/chart/graph-events';
export type { Explanation } from './machines/rules/explain';
export type { PureResult } from './machines/runtime/pure-transition';
export type { ActionResult, CreateGameOptions, TurnchartGame } from './machines/game';
export { TurnOrder } from './machines/rules/turn-order';
export { ActivePlayers, Stage } from './machines/rules/active-players';
export { GameConfigError } from './machines/rules/errors';
export type { ActionRejection, RejectionCode } from './machines/rules/errors';
export { seatStateKey, seatRegionKey, chartValueFor } from './machines/chart/seat-state';
export { NULL_PHASE_KEY } from './machines/rules/config';
export type { StepEvent, StepPayload } from './machines/chart/chart-steps';
export * from './machines/rules/types';
export const INVALID_MOVE = 'INVALID_MOVE' as const;
