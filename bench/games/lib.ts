/**
 * What a benchmark game imports from its library: boardgame.io's
 * `boardgame.io/core`, turnchart's `turnchart/boardgameio`, or for the 0.4x
 * game boardgame.io 0.49's core and `turnchart/legacy`.
 */
export interface BenchLib {
  INVALID_MOVE: string;
  TurnOrder: any;
  ActivePlayers: any;
  Stage: any;
}
