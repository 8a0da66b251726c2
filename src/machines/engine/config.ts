/**
 * A game config, validated and with boardgame.io's defaults filled in. The
 * user's object is never mutated (boardgame.io mutates it; turnchart copies).
 * Every error names the place in the config at fault.
 */
import type { PhaseMoveSets } from './moves';
import { CHECKED, type ConfigChecks } from './config-checks';
import { GameConfigError } from './errors';
import { isTolerated, throwFirst, type LatentMistake } from './latent-mistakes';
import { compileClock, compileLimit, type CompiledClock, type CompiledLimit } from './time-config';
import { TurnOrder } from './turn-order';
import type {
  ActivePlayersConfig,
  EndIf,
  Game,
  Hook,
  MoveHook,
  MoveMap,
  PhaseConfig,
  StageConfig,
  TriggerContext,
  TurnConfig,
  TurnOrderConfig,
} from './types';

/** The state key of "no phase" (`ctx.phase === null`); no phase may use it. */
export const NULL_PHASE_KEY = '(no phase)';
/** Seat region state keys that a declared stage may not use. */
export const SEAT_IDLE = 'idle';
export const SEAT_ACTIVE = 'active';

const TURN_PARTS = ['onBegin', 'onEnd', 'onMove', 'endIf', 'order', 'activePlayers', 'minMoves', 'maxMoves'] as const;
const PHASE_PARTS = ['onBegin', 'onEnd', 'endIf', 'next'] as const;

/** Where each part of a phase or turn is in the config (`phases.main.turn.endIf`), written once, not per call. */
function locations<K extends string>(where: string, parts: readonly K[]): Record<K, string> {
  return Object.fromEntries(parts.map((part) => [part, `${where}.${part}`])) as Record<K, string>;
}

export interface CompiledTurn {
  where: string;
  at: Record<(typeof TURN_PARTS)[number], string>;
  order: TurnOrderConfig;
  activePlayers?: ActivePlayersConfig;
  minMoves?: number;
  maxMoves?: number;
  onBegin?: Hook;
  onEnd?: Hook;
  onMove?: MoveHook;
  endIf?: EndIf;
  stages: Record<string, StageConfig>;
  /** The turn's time limit (time-config.ts). */
  time?: CompiledLimit;
  /** The time limits of the stages that have one. */
  stageTimes?: Record<string, CompiledLimit>;
}

export interface CompiledPhase {
  /** null for the null phase. */
  name: string | null;
  where: string;
  at: Record<(typeof PHASE_PARTS)[number], string>;
  onBegin?: Hook;
  onEnd?: Hook;
  endIf?: EndIf;
  next: (context: TriggerContext) => unknown;
  /** Static `next` when it is a string, for the chart. */
  staticNext?: string;
  /** `next` is a function: the chart fans out to every phase it might name. */
  dynamicNext: boolean;
  moves?: MoveMap;
  turn: CompiledTurn;
  /** The phase's time limit. */
  time?: CompiledLimit;
  /** Cache of the phase's move sets (moves.ts), made on first use. */
  moveSets?: PhaseMoveSets;
}

export interface CompiledGame {
  /**
   * A shallow copy of the game. Compiled games and machines are cached in
   * WeakMaps keyed by the game object, and V8's young-generation GC treats
   * WeakMap values as strong: a value pointing back at its key would keep
   * the entry, and every machine built for a dropped game, alive until the
   * next full GC: each young-generation GC would copy and promote them.
   */
  game: Game;
  phases: Map<string, CompiledPhase>;
  nullPhase: CompiledPhase;
  startingPhase: string | null;
  moves: MoveMap;
  /** Every move name anywhere in the config. */
  moveNames: string[];
  setup: NonNullable<Game['setup']>;
  endIf?: EndIf;
  onEnd?: Hook;
  /** Some stage declares hooks, endIf or limits (turnchart extensions): stage changes are watched. */
  stageFeatures: boolean;
  /** Queued events run before the endIf checks that follow a move. */
  eventsFirst: boolean;
  /** Mistakes that matter only if play reaches them (see `LatentMistake`). */
  latentMistakes: LatentMistake[];
  /** The seats' clock. */
  clock?: CompiledClock;
  /** Some limit or a clock is declared: requests take their `now`, and ctx keeps `time`. */
  timed: boolean;
}

export {
  assertNoLatentMistakes,
  tolerateLatentMistakes,
  warnLatentMistakes,
  warnLatentMistakesOnce,
  type LatentMistake,
} from './latent-mistakes';

function compileTurn(
  turn: TurnConfig | undefined,
  where: string,
  moveNames: Set<string>,
  check: ConfigChecks,
): CompiledTurn {
  const config: TurnConfig = turn ?? {};
  if (typeof config !== 'object') throw new GameConfigError(where, 'must be an object');
  check.hooks(config, where);
  check.fn(config.onMove, where, 'onMove');
  check.limits(config, where);
  check.limit(config.moveLimit, where, 'moveLimit');
  const order = config.order ?? TurnOrder.DEFAULT;
  if (typeof order !== 'object' || order === null)
    throw new GameConfigError(`${where}.order`, 'must be an object { first, next, playOrder? }');
  check.fn(order.first, where, 'order.first');
  check.fn(order.next, where, 'order.next');
  check.fn(order.playOrder, where, 'order.playOrder');
  if (typeof order.first !== 'function' || typeof order.next !== 'function') {
    throw new GameConfigError(`${where}.order`, 'needs both `first` and `next` functions');
  }
  const stages = config.stages ?? {};
  let stageTimes: Record<string, CompiledLimit> | undefined;
  for (const [name, stage] of Object.entries(stages)) {
    const at = `${where}.stages.${name}`;
    check.name(name, 'stage', where, `stages.${name}`);
    if (name === SEAT_IDLE || name === SEAT_ACTIVE) {
      throw new GameConfigError(at, `"${name}" is reserved for the seat states of the chart; rename the stage`);
    }
    if (stage === null || typeof stage !== 'object') throw new GameConfigError(at, 'must be an object');
    check.moves(stage.moves, at, 'moves', moveNames);
    check.hooks(stage, at);
    check.limits(stage, at);
    if (
      stage.next !== undefined &&
      !(typeof stage.next === 'string' && Object.prototype.hasOwnProperty.call(stages, stage.next))
    ) {
      throw new GameConfigError(`${at}.next`, `names a stage that does not exist: ${JSON.stringify(stage.next)}`);
    }
    const time = compileLimit(stage.time, 'stage', `${at}.time`);
    if (time) (stageTimes ??= {})[name] = time;
  }
  // boardgame.io treats a turn's moveLimit as both minMoves and maxMoves.
  const minMoves = config.moveLimit || config.minMoves;
  const maxMoves = config.moveLimit || config.maxMoves;
  return {
    where,
    at: locations(where, TURN_PARTS),
    order,
    activePlayers: config.activePlayers,
    minMoves,
    maxMoves,
    onBegin: config.onBegin,
    onEnd: config.onEnd,
    onMove: config.onMove,
    endIf: config.endIf,
    stages,
    ...(config.time !== undefined ? { time: compileLimit(config.time, 'turn', `${where}.time`) } : {}),
    ...(stageTimes ? { stageTimes } : {}),
  };
}

function compilePhase(
  name: string | null,
  config: PhaseConfig,
  globalTurn: TurnConfig | undefined,
  phaseNames: Set<string>,
  moveNames: Set<string>,
  latent: LatentMistake[],
  check: ConfigChecks,
): CompiledPhase {
  const where = name === null ? 'game' : `phases.${name}`;
  check.hooks(config, where);
  check.moves(config.moves, where, 'moves', moveNames);
  const { next } = config;
  if (typeof next === 'string' && !phaseNames.has(next)) {
    latent.push({ location: `${where}.next`, message: `names a phase that does not exist: ${JSON.stringify(next)}` });
  }
  if (next !== undefined && typeof next !== 'string' && typeof next !== 'function') {
    throw new GameConfigError(`${where}.next`, 'must be a phase name or a function');
  }
  const turnWhere = config.turn === undefined ? 'turn' : `${where}.turn`;
  return {
    name,
    where,
    at: locations(where, PHASE_PARTS),
    onBegin: config.onBegin,
    onEnd: config.onEnd,
    endIf: config.endIf,
    next: typeof next === 'function' ? next : () => next || null,
    staticNext: typeof next === 'string' ? next : undefined,
    dynamicNext: typeof next === 'function',
    moves: config.moves,
    turn: compileTurn(config.turn ?? globalTurn, turnWhere, moveNames, check),
    ...(config.time !== undefined ? { time: compileLimit(config.time, 'phase', `${where}.time`) } : {}),
  };
}

/**
 * Validate a game and fill in defaults. Throws GameConfigError naming the
 * culprit; latent mistakes too, unless the game is tolerated.
 */
export function compileGame(game: Game, check: ConfigChecks = CHECKED): CompiledGame {
  if (game === null || typeof game !== 'object') throw new GameConfigError('game', 'must be an object');
  check.fn(game.setup, '', 'setup');
  check.fn(game.endIf, '', 'endIf');
  check.fn(game.onEnd, '', 'onEnd');
  const moveNames = new Set<string>();
  const latentMistakes: LatentMistake[] = [];
  check.moves(game.moves, '', 'moves', moveNames);
  const phaseConfigs = game.phases ?? {};
  if (typeof phaseConfigs !== 'object' || phaseConfigs === null)
    throw new GameConfigError('phases', 'must be an object');
  const phaseNames = new Set(Object.keys(phaseConfigs));
  const phases = new Map<string, CompiledPhase>();
  let startingPhase: string | null = null;
  for (const [name, config] of Object.entries(phaseConfigs)) {
    const where = `phases.${name}`;
    check.name(name, 'phase', 'phases', name);
    if (name === NULL_PHASE_KEY) throw new GameConfigError(where, `"${NULL_PHASE_KEY}" is reserved for the null phase`);
    if (config === null || typeof config !== 'object') throw new GameConfigError(where, 'must be an object');
    if (config.start === true) {
      if (startingPhase !== null) {
        throw new GameConfigError(
          where,
          `\`start: true\` is set on both "${startingPhase}" and "${name}"; only one phase can start`,
        );
      }
      startingPhase = name;
    }
    phases.set(name, compilePhase(name, config, game.turn, phaseNames, moveNames, latentMistakes, check));
  }
  const nullPhase = compilePhase(null, {}, game.turn, phaseNames, moveNames, latentMistakes, check);
  if (game.ordering !== undefined && game.ordering !== 'boardgame.io' && game.ordering !== 'events-first') {
    throw new GameConfigError(
      'ordering',
      `must be 'boardgame.io' or 'events-first', got ${JSON.stringify(game.ordering)}`,
    );
  }
  const stageFeatures = [...phases.values(), nullPhase].some((phase) =>
    Object.values(phase.turn.stages).some((s) => s.onBegin || s.onEnd || s.endIf || s.minMoves || s.maxMoves),
  );
  if (!isTolerated(game)) throwFirst(latentMistakes);
  const clock = compileClock(game.clock);
  const timed =
    clock !== undefined ||
    [...phases.values(), nullPhase].some((phase) => phase.time || phase.turn.time || phase.turn.stageTimes);
  return {
    ...(clock ? { clock } : {}),
    timed,
    latentMistakes,
    stageFeatures,
    eventsFirst: game.ordering === 'events-first',
    game: { ...game },
    phases,
    nullPhase,
    startingPhase,
    moves: game.moves ?? {},
    moveNames: [...moveNames],
    setup: game.setup ?? (() => ({})),
    endIf: game.endIf,
    onEnd: game.onEnd,
  };
}

export function phaseOf(game: CompiledGame, phase: string | null): CompiledPhase {
  return (phase !== null && game.phases.get(phase)) || game.nullPhase;
}
