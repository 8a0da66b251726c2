/* eslint-disable @typescript-eslint/no-explicit-any -- boardgame.io 0.50's public types: an untyped game's G is any, and so are its setupData and playerView's result */
/**
 * Public types of a turnchart game: the boardgame.io 0.50 game config shape,
 * `ctx`, and the contexts handed to moves, hooks and triggers.
 */

import type { Deadline, TimeState } from './time-types';

export type { Deadline, LimitKind, SeatClock, TimedOut, TimeState } from './time-types';

export type PlayerID = string;

/** A stage name, or `null` (`Stage.NULL`) for "active, in no particular stage". */
export type StageName = string | null;

export interface StageArgLong {
  stage?: StageName;
  minMoves?: number;
  maxMoves?: number;
  /** @deprecated 0.3x name; translated to minMoves/maxMoves by boardgame.io rules. */
  moveLimit?: number;
}

export type StageArg = StageName | StageArgLong;

export interface ActivePlayersConfig {
  currentPlayer?: StageArg;
  others?: StageArg;
  all?: StageArg;
  value?: Record<PlayerID, StageArg>;
  minMoves?: number;
  maxMoves?: number;
  /** @deprecated 0.3x name. */
  moveLimit?: number;
  revert?: boolean;
  next?: ActivePlayersConfig;
}

export type ActivePlayersArg = ActivePlayersConfig | PlayerID[];

export type ActivePlayers = Record<PlayerID, StageName>;

export interface PrevActivePlayers {
  activePlayers: ActivePlayers | null;
  _activePlayersMinMoves: Record<PlayerID, number> | null;
  _activePlayersMaxMoves: Record<PlayerID, number> | null;
  _activePlayersNumMoves: Record<PlayerID, number>;
}

export interface Ctx {
  /** As the caller gave it: boardgame.io keeps a decimal string (`"2"`) as it is; count seats with `Number()`. */
  numPlayers: number;
  turn: number;
  currentPlayer: PlayerID;
  playOrder: PlayerID[];
  playOrderPos: number;
  phase: string | null;
  activePlayers: ActivePlayers | null;
  numMoves?: number;
  gameover?: unknown;
  _activePlayersMinMoves?: Record<PlayerID, number> | null;
  _activePlayersMaxMoves?: Record<PlayerID, number> | null;
  _activePlayersNumMoves?: Record<PlayerID, number>;
  _prevActivePlayers?: PrevActivePlayers[];
  _nextActivePlayers?: ActivePlayersConfig | null;
  /** turnchart: deadlines and clocks, in a game with time limits (time-types.ts). */
  time?: TimeState;
}

/** The seeded random API of boardgame.io. */
export interface RandomAPI {
  D4(): number;
  D4(count: number): number[];
  D6(): number;
  D6(count: number): number[];
  D8(): number;
  D8(count: number): number[];
  D10(): number;
  D10(count: number): number[];
  D12(): number;
  D12(count: number): number[];
  D20(): number;
  D20(count: number): number[];
  Die(spotvalue?: number): number;
  Die(spotvalue: number, count: number): number[];
  Number(): number;
  Shuffle<T>(deck: T[]): T[];
}

export interface EventsAPI {
  endTurn(arg?: { next?: PlayerID; remove?: boolean }): void;
  pass(arg?: { remove?: boolean }): void;
  endPhase(): void;
  setPhase(phase: string): void;
  endGame(gameover?: unknown): void;
  setStage(stage: StageArg): void;
  endStage(): void;
  setActivePlayers(arg: ActivePlayersArg): void;
}

export interface LogAPI {
  setMetadata(metadata: unknown): void;
}

/** What endIf triggers, `next` functions and turn-order functions receive. */
export interface TriggerContext<G = any> {
  G: G;
  ctx: Ctx;
  random: RandomAPI;
  events: EventsAPI;
  log: LogAPI;
}

/**
 * What moves and hooks receive. Mutate `G` (a draft) or return a new G.
 * A move and `turn.onMove` always have the player (see MoveFn, MoveHook);
 * other hooks have it only where one player caused them (a stage's hooks).
 */
export interface FnContext<G = any> extends TriggerContext<G> {
  playerID?: PlayerID;
}

/** A move: as in boardgame.io, it always knows the player who made it. */
export type MoveFn<G = any> = (
  context: FnContext<G> & { playerID: PlayerID },
  ...args: any[]
) => G | void | typeof INVALID_MOVE_VALUE;

export interface LongFormMove<G = any> {
  move: MoveFn<G>;
  noLimit?: boolean;
  client?: boolean;
  undoable?: boolean | ((context: { G: G; ctx: Ctx }) => boolean);
  redact?: boolean | ((context: { G: G; ctx: Ctx }) => boolean);
  ignoreStaleStateID?: boolean;
}

export type Move<G = any> = MoveFn<G> | LongFormMove<G>;
export type MoveMap<G = any> = Record<string, Move<G>>;

export type Hook<G = any> = (context: FnContext<G>) => G | void;
/** `turn.onMove`: as in boardgame.io, it knows the player who moved. */
export type MoveHook<G = any> = (context: FnContext<G> & { playerID: PlayerID }) => G | void;
export type EndIf<G = any, R = unknown> = (context: TriggerContext<G>) => R;

export interface TurnOrderConfig<G = any> {
  first: (context: TriggerContext<G>) => number;
  next: (context: TriggerContext<G>) => number | undefined;
  playOrder?: (context: TriggerContext<G>) => PlayerID[];
}

/**
 * turnchart extension: what happens when a limit runs out. A hook plays for
 * the seat whose time ran out (a default move, say); it may call events.
 */
export type TimeoutOutcome<G = any> =
  | 'endTurn'
  | 'endStage'
  | 'endPhase'
  | 'endGame'
  | ((context: FnContext<G> & { playerID: PlayerID; timeout: Deadline }) => G | void);

/** turnchart extension: a time limit (ms) on a turn, a phase or a stage, and its outcome. */
export interface TimeLimit<G = any> {
  limit: number;
  onTimeout?: TimeoutOutcome<G>;
}

/** turnchart extension: a clock per seat, running while the seat is active. */
export interface ClockConfig<G = any> {
  /** Each seat's bank at the start (ms). */
  initial: number;
  /** Added to a seat's bank when its clock stops: per move it made, or once (`per: 'turn'`). */
  increment?: number;
  per?: 'move' | 'turn';
  /** Default `endGame`: the seat loses (`ctx.gameover = { timedOut, limit: 'clock' }`). */
  onTimeout?: TimeoutOutcome<G>;
}

export interface StageConfig<G = any> {
  moves?: MoveMap<G>;
  next?: string;
  /** turnchart extension: runs when a player enters this stage (`playerID` is that player). */
  onBegin?: Hook<G>;
  /** turnchart extension: runs when a player leaves this stage. */
  onEnd?: Hook<G>;
  /** turnchart extension: checked after moves and stage changes; truthy ends the player's stage. */
  endIf?: (context: TriggerContext<G> & { playerID: PlayerID }) => unknown;
  /** turnchart extension: limits for a player entering this stage, unless setStage / setActivePlayers gives its own. */
  minMoves?: number;
  maxMoves?: number;
  /** turnchart extension: a limit per seat, from when it entered the stage (default outcome `endStage`). */
  time?: TimeLimit<G>;
}

export interface TurnConfig<G = any> {
  activePlayers?: ActivePlayersConfig;
  minMoves?: number;
  maxMoves?: number;
  /** @deprecated 0.3x name: both minMoves and maxMoves. */
  moveLimit?: number;
  onBegin?: Hook<G>;
  onEnd?: Hook<G>;
  onMove?: MoveHook<G>;
  endIf?: EndIf<G, boolean | void | { next?: PlayerID }>;
  order?: TurnOrderConfig<G>;
  stages?: Record<string, StageConfig<G>>;
  /** turnchart extension: a limit on each turn (default outcome `endTurn`). */
  time?: TimeLimit<G>;
}

export interface PhaseConfig<G = any> {
  start?: boolean;
  next?: string | ((context: TriggerContext<G>) => string | void | null);
  onBegin?: Hook<G>;
  onEnd?: Hook<G>;
  endIf?: EndIf<G, boolean | void | { next?: string }>;
  moves?: MoveMap<G>;
  turn?: TurnConfig<G>;
  /** turnchart extension: a limit on the phase (default outcome `endPhase`). */
  time?: TimeLimit<G>;
}

export interface SetupContext {
  ctx: Ctx;
  random: RandomAPI;
  events: EventsAPI;
  log: LogAPI;
}

export interface Game<G = any> {
  name?: string;
  seed?: string | number;
  setup?: (context: SetupContext, setupData?: any) => G;
  moves?: MoveMap<G>;
  phases?: Record<string, PhaseConfig<G>>;
  turn?: TurnConfig<G>;
  endIf?: EndIf<G>;
  onEnd?: Hook<G>;
  events?: Partial<Record<FlowEventType, boolean>>;
  minPlayers?: number;
  maxPlayers?: number;
  disableUndo?: boolean;
  playerView?: (context: { G: G; ctx: Ctx; playerID: PlayerID | null }) => any;
  /** boardgame.io's bot API: the moves (and events) worth trying for a player; turnchart's QA and graph tools use it too. */
  ai?: {
    enumerate: (G: G, ctx: Ctx, playerID: PlayerID) => Array<{ move?: string; event?: string; args?: unknown[] }>;
  };
  /**
   * turnchart extension. `'boardgame.io'` (default): after a move, the game,
   * phase and turn endIf run before the events the move queued (boardgame.io
   * 0.50.2). `'events-first'`: the queued events run
   * first, then the endIfs (docs/semantics.md).
   */
  ordering?: 'boardgame.io' | 'events-first';
  /** turnchart extension: a clock per seat (docs/semantics.md, "Time limits and clocks"). */
  clock?: ClockConfig<G>;
}

/** A moves map seen only for its keys. */
type MoveNamesIn<M extends string> = { [K in M]?: unknown };

/**
 * Where a game declares its moves, by name: its own, its phases' and its
 * stages'. `createGame` and `createGameMachine` infer the names `M` from it
 * when the game is a literal (or declared with `satisfies Game<G>`); for a
 * game typed as `Game<G>`, `M` is `string`.
 */
export interface GameMoveNames<M extends string = string> {
  moves?: MoveNamesIn<M>;
  turn?: { stages?: Record<string, { moves?: MoveNamesIn<M> }> };
  phases?: Record<string, { moves?: MoveNamesIn<M>; turn?: { stages?: Record<string, { moves?: MoveNamesIn<M> }> } }>;
}

export const FLOW_EVENT_TYPES = [
  'endStage',
  'setStage',
  'endTurn',
  'pass',
  'endPhase',
  'setPhase',
  'endGame',
  'setActivePlayers',
] as const;

export type FlowEventType = (typeof FLOW_EVENT_TYPES)[number];

export const INVALID_MOVE_VALUE = 'INVALID_MOVE' as const;

/** The game state a turnchart match holds: boardgame.io's G and ctx. */
export interface GameState<G = any> {
  G: G;
  ctx: Ctx;
}
