/**
 * Random games described as plain data (so fast-check can shrink and print
 * them): the moves, phases, turns, stages and events of a game, and the
 * actions played on it. random-game.ts draws them; build-random-game.ts makes
 * a game object of one.
 */

export type EventCall =
  | { type: 'endTurn'; arg?: { next: string } }
  | { type: 'pass'; arg?: { remove: true } }
  | { type: 'endPhase' }
  | { type: 'setPhase'; arg: string }
  | { type: 'endGame'; arg?: unknown }
  | { type: 'setStage'; arg: unknown }
  | { type: 'endStage' }
  | { type: 'setActivePlayers'; arg: unknown };

export interface MoveDesc {
  name: string;
  /** Events the move calls, in order. */
  calls: EventCall[];
  noLimit: boolean;
  /** Returns INVALID_MOVE when G.count is a multiple of this (0: never). */
  invalidEvery: number;
  rolls: boolean;
}

export interface StageDesc {
  name: string;
  moves?: MoveDesc[];
  next?: string;
}

export interface TurnDesc {
  order: 'DEFAULT' | 'RESET' | 'CONTINUE' | 'ONCE' | 'CUSTOM' | 'CUSTOM_FROM' | 'custom-reverse';
  activePlayers?: unknown;
  minMoves?: number;
  maxMoves?: number;
  endIfAt?: number;
  stages: StageDesc[];
  onBeginCalls: EventCall[];
  onMoveRecords: boolean;
}

export interface PhaseDesc {
  name: string;
  start: boolean;
  next?: string | { fn: string[] };
  endIfAt?: number;
  endIfNext?: string;
  moves?: MoveDesc[];
  turn?: TurnDesc;
  onBeginRecords: boolean;
}

export interface GameDesc {
  numPlayers: number;
  moves: MoveDesc[];
  phases: PhaseDesc[];
  turn: TurnDesc;
  endIfAt?: number;
  /** The game's endIf also counts turn ends (turn.onEnd's), so a turn or phase end can end the game. */
  endIfCountsTurnEnds?: boolean;
  /** turnchart's opt-in extensions (never in the differential test: boardgame.io has none). */
  extensions?: ExtensionsDesc;
}

export interface ExtensionsDesc {
  eventsFirst: boolean;
  /** Stage onBegin/onEnd that record in G. */
  stageHooks: boolean;
  /** Stage minMoves/maxMoves from the stage config. */
  stageLimits: boolean;
  /** A stage endIf, true when G.count is a multiple of this (0: none). */
  stageEndIfEvery: number;
}

export type ActionDesc =
  { kind: 'move'; name: string; playerID: string } | { kind: 'event'; type: string; arg?: unknown; playerID: string };
