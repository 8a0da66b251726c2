/**
 * What a boardgame.io game file imports from its library. The games here take
 * it as a parameter, so that the same file builds a fresh game for
 * boardgame.io (`boardgame.io/core`) and for turnchart
 * (`turnchart/boardgameio`): the one import a migration changes.
 */
export interface BoardgameLib {
  INVALID_MOVE: string;
  TurnOrder: any;
  ActivePlayers: any;
  Stage: any;
}
