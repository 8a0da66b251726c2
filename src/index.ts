/** turnchart: a board game's flow as an explicit xstate v5 statechart. */
export { createGameMachine, evaluateRequest, compiledGame, GameStartError } from './machines/game-machine';
export type { GameMachine, GameMachineOptions, MachineInput, RequestEvent, TurnchartContext, TurnchartEvent, Outcome } from './machines/game-machine';
export { createGame } from './machines/game';
export { transitionGame } from './machines/pure-transition';
export { explain } from './machines/explain';
export { chartEvents, serializeChartState, serializeGameState } from './machines/graph-events';
export type { Explanation } from './machines/explain';
export type { PureResult } from './machines/pure-transition';
export type { ActionResult, CreateGameOptions, TurnchartGame } from './machines/game';
export { TurnOrder } from './machines/turn-order';
export { ActivePlayers, Stage } from './machines/active-players';
export { GameConfigError } from './machines/errors';
export type { ActionRejection, RejectionCode } from './machines/errors';
export { seatStateKey, seatRegionKey, chartValueFor } from './machines/seat-state';
export { NULL_PHASE_KEY } from './machines/config';
export type { StepEvent, StepPayload } from './machines/chart-steps';
export * from './machines/types';
export const INVALID_MOVE = 'INVALID_MOVE' as const;
