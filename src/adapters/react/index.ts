/**
 * turnchart/react: boardgame.io 0.50's React `Client` on turnchart (a board
 * written for boardgame.io renders unchanged), with the live chart as its
 * debug panel outside production builds; and `useGame`, a hook over a
 * turnchart match for new code. React and react-dom (17 or later) are peer
 * dependencies.
 */
export { Client } from './client';
export type { BoardProps, DebugOptions, ReactClientOptions, WrappedBoardProps } from './client';
export { useGame } from './use-game';
export type { GameRequest, UseGameOptions, UseGameResult } from './use-game';
export { TurnOrder, ActivePlayers, Stage, INVALID_MOVE } from '../../machines';
