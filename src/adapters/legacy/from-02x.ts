/**
 * A boardgame.io 0.2x game (seed 002: `Game({ setup, moves, flow })`) as a
 * current game config.
 *
 * | 0.2x | current |
 * | --- | --- |
 * | `flow.phases.X` (object, 0.27+) or `flow.phases: [{ name: 'X' }]` (array, before 0.27) | `phases.X` |
 * | the implicit `default` phase (object form) | a phase named `default` |
 * | `flow.startingPhase` (else `default`); the first phase (array form) | `start: true` |
 * | `allowedMoves: ['a']` / `(G, ctx) => [...]` | the phase's `moves`: those moves / every move, refusing the others with INVALID_MOVE |
 * | `endPhaseIf` (truthy or `{ next }`) | `endIf` |
 * | `onPhaseBegin` / `onPhaseEnd` `(G, ctx) => G` | `onBegin` / `onEnd` |
 * | `next`; none: the previous phase (object form), the next in the array (array form) | `next` (a function reading the phase history in G, for "previous") |
 * | `endTurnIf`, `onTurnBegin`, `onTurnEnd`, `onMove`, `turnOrder`, `movesPerTurn` (flow level, overridden per phase key by key) | each phase's `turn`: `endIf`, `onBegin`, `onEnd`, `onMove`, `order`, `minMoves` + `maxMoves` |
 * | `endGameIf` (flow level, overridden per phase) | the game's `endIf`, picking the current phase's |
 * | `endTurn` / `endPhase` / `endGame` / `setActionPlayers` flags | `events` |
 * | `undoableMoves` / `redactedMoves` | long-form moves with `undoable` / `redact` |
 */
import type { LatentMistake } from '../../machines/rules/config';
import { INVALID_MOVE_VALUE } from '../../machines/rules/types';
import type { EndIf, Game, Hook, Move, MoveMap, PhaseConfig, TriggerContext, TurnConfig } from '../../machines/rules/types';
import { TurnOrder as EngineTurnOrder } from '../../machines/rules/turn-order';
import { asMove, asPlayerView, asSetup, asTrigger, type Convention } from './calling-convention';
import { LegacyGameError } from './errors';
import { legacyEvents } from './events';
import { lastMoveAction, translateMoves, type MoveFlags } from './moves';
import { begun, ended, LEGACY_STATE_KEY, readHistory, withStartHistory, type PhaseHistory } from './phase-history';
import { translateOrder } from './turn-order';

type Loose = Record<string, any>;

const isObject = (value: unknown): value is Loose => value !== null && typeof value === 'object' && !Array.isArray(value);
const own = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/** Keys of a current (0.3x+) game that have a 0.2x spelling. */
const NEWER_GAME_KEYS: Record<string, string> = {
  phases: 'flow.phases',
  turn: 'flow.endTurnIf / onTurnBegin / onTurnEnd / onMove / turnOrder / movesPerTurn',
  endIf: 'flow.endGameIf',
  onEnd: 'flow.onPhaseEnd or flow.onTurnEnd',
  events: 'flow.endTurn / endPhase / endGame',
  disableUndo: 'flow.undoableMoves',
};

/** Keys of a current phase that have a 0.2x spelling. */
const NEWER_PHASE_KEYS: Record<string, string> = {
  start: 'flow.startingPhase',
  endIf: 'endPhaseIf',
  onBegin: 'onPhaseBegin',
  onEnd: 'onPhaseEnd',
  moves: 'allowedMoves (a list of move names)',
  turn: 'endTurnIf / onTurnBegin / onTurnEnd / onMove / turnOrder / movesPerTurn',
};

/** Phase keys that fall back to the flow-level key of the same name. */
type Override = 'allowedMoves' | 'endTurnIf' | 'endGameIf' | 'onTurnBegin' | 'onTurnEnd' | 'onMove' | 'turnOrder' | 'movesPerTurn' | 'undoableMoves';

interface Build {
  flow: Loose;
  convention: Convention;
  moves: MoveMap;
  /** Phase names, in declaration order (array form: the cycle). */
  names: string[];
  arrayForm: boolean;
  /** Whether G carries the phase history (object form with declared phases). */
  tracking: boolean;
  starting: string;
  /** Mistakes that matter only if play reaches them, with their 0.2x paths. */
  latent: LatentMistake[];
}

const CONVENTION: Convention = {
  api: '0.2x',
  events: (events, G, ctx) => legacyEvents('0.2x', events, G, ctx),
};

/** The phase's own value of a key, else the flow's, with the path it came from. */
function pick(build: Build, conf: Loose, at: string, key: Override): [unknown, string] {
  return conf[key] !== undefined ? [conf[key], `${at}.${key}`] : [build.flow[key], `flow.${key}`];
}

function checkFunction(value: unknown, where: string): void {
  if (value !== undefined && typeof value !== 'function') throw new LegacyGameError(where, 'must be a function (G, ctx)');
}

function hook(value: unknown, where: string, extraArgs?: () => unknown[]): Hook | undefined {
  checkFunction(value, where);
  return value ? asMove(value as (...args: any[]) => any, CONVENTION, extraArgs) : undefined;
}

function trigger(value: unknown, where: string): EndIf<any, any> | undefined {
  checkFunction(value, where);
  return value ? asTrigger(value as (...args: any[]) => any, CONVENTION) : undefined;
}

function moveFunction(move: Move) {
  return typeof move === 'function' ? move : move.move;
}

/** `allowedMoves` as the phase's move set. */
function allowedMoves(build: Build, value: unknown, where: string): MoveMap | undefined {
  if (value === undefined || value === null) return undefined;
  const { moves } = build;
  if (Array.isArray(value)) {
    const out: MoveMap = {};
    for (const name of value) {
      if (typeof name !== 'string' || !own(moves, name)) throw new LegacyGameError(where, `names a move that does not exist: ${JSON.stringify(name)}`);
      out[name] = moves[name];
    }
    return out;
  }
  if (typeof value !== 'function') throw new LegacyGameError(where, 'must be a list of move names or a function (G, ctx) => names');
  // Computed per state: every move stays in the set and checks the list when called.
  const allowed = asTrigger<unknown>(value as (...args: any[]) => unknown, CONVENTION);
  const out: MoveMap = {};
  for (const [name, move] of Object.entries(moves)) {
    const run = moveFunction(move);
    const guarded = (context: any, ...args: unknown[]) => {
      const list = allowed(context as TriggerContext);
      return !Array.isArray(list) || list.includes(name) ? run(context, ...args) : INVALID_MOVE_VALUE;
    };
    out[name] = typeof move === 'function' ? guarded : { ...move, move: guarded };
  }
  return out;
}

function translateTurn(build: Build, conf: Loose, at: string): { turn: TurnConfig; endPhaseWhenDone: boolean } {
  const [order, orderAt] = pick(build, conf, at, 'turnOrder');
  const translated =
    order === undefined ? { order: EngineTurnOrder.CONTINUE, activePlayers: undefined, endPhaseWhenDone: false } : translateOrder(order, CONVENTION, orderAt);
  const turn: TurnConfig = { order: translated.order };
  if (translated.activePlayers) turn.activePlayers = translated.activePlayers;
  const [endTurnIf, endTurnIfAt] = pick(build, conf, at, 'endTurnIf');
  const [onTurnBegin, onTurnBeginAt] = pick(build, conf, at, 'onTurnBegin');
  const [onTurnEnd, onTurnEndAt] = pick(build, conf, at, 'onTurnEnd');
  const [onMove, onMoveAt] = pick(build, conf, at, 'onMove');
  const [movesPerTurn, movesPerTurnAt] = pick(build, conf, at, 'movesPerTurn');
  const endIf = trigger(endTurnIf, endTurnIfAt);
  if (endIf) turn.endIf = endIf;
  const onBegin = hook(onTurnBegin, onTurnBeginAt);
  if (onBegin) turn.onBegin = onBegin;
  const onEnd = hook(onTurnEnd, onTurnEndAt);
  if (onEnd) turn.onEnd = onEnd;
  // 0.2x onMove(G, ctx, action) also receives the move that was made.
  const moveHook = hook(onMove, onMoveAt, () => [lastMoveAction()]);
  if (moveHook) turn.onMove = moveHook;
  if (movesPerTurn !== undefined) {
    if (typeof movesPerTurn !== 'number' || !(movesPerTurn >= 0)) throw new LegacyGameError(movesPerTurnAt, 'must be a non-negative number');
    // 0.2x blocks endTurn before movesPerTurn moves and ends the turn when they are made.
    if (movesPerTurn > 0) {
      turn.minMoves = movesPerTurn;
      turn.maxMoves = movesPerTurn;
    }
  }
  return { turn, endPhaseWhenDone: translated.endPhaseWhenDone };
}

/** Where a phase goes when it ends without being told. */
function defaultNext(build: Build, name: string): PhaseConfig['next'] {
  if (build.arrayForm) return build.names[(build.names.indexOf(name) + 1) % build.names.length];
  if (!build.tracking) return 'default';
  return ({ G }: TriggerContext) => readHistory(G)?.returnTo ?? 'default';
}

/** Put `history` into what a hook returned (`undefined`: it mutated the draft). */
function withHistory(context: { G: unknown }, result: unknown, history: PhaseHistory): unknown {
  if (result === undefined) {
    (context.G as Loose)[LEGACY_STATE_KEY] = history;
    return undefined;
  }
  return isObject(result) ? { ...result, [LEGACY_STATE_KEY]: history } : result;
}

/** onPhaseBegin, then a note in the history that the phase began. */
function phaseBegin(build: Build, name: string, user: Hook | undefined): Hook | undefined {
  if (!build.tracking) return user;
  return (context) => withHistory(context, user ? user(context) : undefined, begun(readHistory(context.G), name));
}

/**
 * onPhaseEnd, then the history update. A phase that ends before it began
 * (boardgame.io 0.50 checks a new phase's endIf before starting it) gets its
 * onPhaseBegin first, as 0.2x ran it on entering every phase.
 */
function phaseEnd(build: Build, name: string, begin: Hook | undefined, user: Hook | undefined): Hook | undefined {
  if (!build.tracking) return user;
  return (context) => {
    const history = ended(readHistory(context.G), name);
    let G: unknown = context.G;
    if (begin && readHistory(context.G)?.began !== name) {
      const begun = begin(context);
      if (begun !== undefined) G = begun;
    }
    if (!user) return withHistory(context, G === context.G ? undefined : G, history);
    // After a late onPhaseBegin that returned a new G, onPhaseEnd works on that G.
    const result = user(G === context.G ? context : { ...context, G });
    return withHistory(context, result === undefined && G !== context.G ? G : result, history);
  };
}

function checkPhaseKeys(conf: Loose, at: string): void {
  for (const [key, spelling] of Object.entries(NEWER_PHASE_KEYS)) {
    if (conf[key] !== undefined) throw new LegacyGameError(`${at}.${key}`, `is not a 0.2x phase key; a 0.2x phase uses ${spelling}`);
  }
}

function translatePhase(build: Build, name: string, conf: Loose, at: string): PhaseConfig {
  checkPhaseKeys(conf, at);
  const { turn, endPhaseWhenDone } = translateTurn(build, conf, at);
  const phase: PhaseConfig = { turn };
  if (name === build.starting) phase.start = true;
  const [allowed, allowedAt] = pick(build, conf, at, 'allowedMoves');
  const moves = allowedMoves(build, allowed, allowedAt);
  if (moves) phase.moves = moves;
  const endPhaseIf = trigger(conf.endPhaseIf, `${at}.endPhaseIf`);
  if (endPhaseWhenDone) {
    // 0.2x ANY_ONCE / OTHERS_ONCE: the phase ends once every action player has made their move,
    // i.e. once the set is empty in a turn of this phase (it is empty, too, before the turn starts).
    phase.endIf = (context) => endPhaseIf?.(context) || (readHistory(context.G)?.turnIn === name && context.ctx.activePlayers === null);
    const { onBegin: onTurnBegin, onEnd: onTurnEnd } = phase.turn!;
    const turnIn = (context: { G: unknown }, value: string | undefined) => ({ ...readHistory(context.G)!, turnIn: value });
    phase.turn = {
      ...phase.turn,
      onBegin: (context) => withHistory(context, onTurnBegin ? onTurnBegin(context) : undefined, turnIn(context, name)),
      onEnd: (context) => withHistory(context, onTurnEnd ? onTurnEnd(context) : undefined, turnIn(context, undefined)),
    };
  } else if (endPhaseIf) {
    phase.endIf = endPhaseIf;
  }
  const userBegin = hook(conf.onPhaseBegin, `${at}.onPhaseBegin`);
  const onBegin = phaseBegin(build, name, userBegin);
  if (onBegin) phase.onBegin = onBegin;
  const onEnd = phaseEnd(build, name, userBegin, hook(conf.onPhaseEnd, `${at}.onPhaseEnd`));
  if (onEnd) phase.onEnd = onEnd;
  if (conf.next !== undefined) {
    const { next } = conf;
    if (typeof next !== 'string') throw new LegacyGameError(`${at}.next`, `names a phase that does not exist: ${JSON.stringify(next)}`);
    if (build.names.includes(next)) {
      phase.next = next;
    } else {
      // Refused (UNKNOWN_PHASE) only if play reaches it. A function, so that the engine does not
      // report the mistake again under the translated path.
      build.latent.push({ location: `${at}.next`, message: `names a phase that does not exist: ${JSON.stringify(next)}` });
      phase.next = () => next;
    }
  } else {
    phase.next = defaultNext(build, name);
  }
  return phase;
}

/** The declared phases with their config paths, validated. */
function declaredPhases(flow: Loose): { arrayForm: boolean; phases: [string, Loose, string][] } {
  const { phases } = flow;
  if (phases === undefined) return { arrayForm: false, phases: [] };
  if (Array.isArray(phases)) {
    if (flow.startingPhase !== undefined) {
      throw new LegacyGameError('flow.startingPhase', 'belongs to the object form of flow.phases (0.27+); in the array form the first phase starts');
    }
    if (phases.length === 0) throw new LegacyGameError('flow.phases', 'the array form needs at least one phase');
    const seen = new Set<string>();
    return {
      arrayForm: true,
      phases: phases.map((conf, i): [string, Loose, string] => {
        const at = `flow.phases.${i}`;
        if (!isObject(conf)) throw new LegacyGameError(at, 'must be a phase object { name, ... }');
        if (typeof conf.name !== 'string' || conf.name === '') throw new LegacyGameError(`${at}.name`, 'must be a non-empty phase name');
        if (seen.has(conf.name)) throw new LegacyGameError(`${at}.name`, `names a phase twice: ${JSON.stringify(conf.name)}`);
        seen.add(conf.name);
        return [conf.name, conf, at];
      }),
    };
  }
  if (!isObject(phases)) throw new LegacyGameError('flow.phases', 'must be an object of phases (or, before 0.27, an array)');
  if (own(phases, 'default')) throw new LegacyGameError('flow.phases.default', 'the `default` phase is implicit in 0.2x and cannot be declared');
  return {
    arrayForm: false,
    phases: Object.entries(phases).map(([name, conf]): [string, Loose, string] => {
      const at = `flow.phases.${name}`;
      if (!isObject(conf)) throw new LegacyGameError(at, 'must be a phase object');
      return [name, conf, at];
    }),
  };
}

/** The flow's undo and redaction lists as per-move flags (0.2x keeps them per phase, falling back to the flow). */
function moveFlags(flow: Loose, phases: [string, Loose, string][]): MoveFlags {
  const flags: MoveFlags = {};
  const perPhase = new Map<string, unknown>(phases.filter(([, conf]) => conf.undoableMoves !== undefined).map(([name, conf]) => [name, conf.undoableMoves]));
  if (flow.undoableMoves !== undefined || perPhase.size > 0) {
    flags.undoable = (name) => ({ ctx }: { ctx: { phase: string | null } }) => {
      const list = ctx.phase !== null && perPhase.has(ctx.phase) ? perPhase.get(ctx.phase) : flow.undoableMoves;
      return !Array.isArray(list) || list.includes(name);
    };
  }
  if (Array.isArray(flow.redactedMoves)) {
    const redacted: unknown[] = flow.redactedMoves;
    flags.redact = (name) => (redacted.includes(name) ? true : undefined);
  }
  return flags;
}

/** `endGameIf` per phase (falling back to the flow's) as the game's single endIf. */
function gameEndIf(flow: Loose, phases: [string, Loose, string][]): EndIf | undefined {
  const flowLevel = trigger(flow.endGameIf, 'flow.endGameIf');
  const perPhase = new Map<string, EndIf>();
  for (const [name, conf, at] of phases) {
    const fn = trigger(conf.endGameIf, `${at}.endGameIf`);
    if (fn) perPhase.set(name, fn);
  }
  if (perPhase.size === 0) return flowLevel;
  return (context) => {
    const fn = (context.ctx.phase !== null && perPhase.get(context.ctx.phase)) || flowLevel;
    return fn ? fn(context) : undefined;
  };
}

/**
 * Translate a 0.2x game. Throws LegacyGameError naming the key at fault;
 * mistakes that matter only if play reaches them go to `latent`.
 */
export function translate02x(game: Loose, latent: LatentMistake[] = []): Game {
  if (!isObject(game)) throw new LegacyGameError('game', 'must be an object');
  for (const [key, spelling] of Object.entries(NEWER_GAME_KEYS)) {
    if (game[key] !== undefined) throw new LegacyGameError(key, `is not a 0.2x game key; a 0.2x game uses ${spelling}`);
  }
  if (Array.isArray(game.plugins) && game.plugins.length > 0) throw new LegacyGameError('plugins', 'custom plugins cannot be translated');
  const flow: Loose = game.flow ?? {};
  if (!isObject(flow)) throw new LegacyGameError('flow', 'must be an object');
  if (typeof flow.processGameEvent === 'function') {
    throw new LegacyGameError(
      'flow',
      "is a Flow() reducer (made by boardgame.io's own Game() or Flow()), which cannot be translated: pass the config object itself, or wrap it with turnchart/legacy's Game()",
    );
  }
  const { arrayForm, phases: declared } = declaredPhases(flow);
  const names = declared.map(([name]) => name);
  if (!arrayForm) names.push('default');
  const starting = arrayForm ? names[0] : (flow.startingPhase ?? 'default');
  if (typeof starting !== 'string' || !names.includes(starting)) {
    throw new LegacyGameError('flow.startingPhase', `names a phase that does not exist: ${JSON.stringify(starting)}`);
  }
  // G carries the phase history when there are phases to go back to, or a turn order that ends its phase (ANY_ONCE).
  const tracking = declared.length > 0 || [flow, ...declared.map(([, conf]) => conf)].some((conf) => conf.turnOrder?.endPhaseOnceDone === true);
  if (game.moves !== undefined && !isObject(game.moves)) throw new LegacyGameError('moves', 'must be an object of moves');
  const moves = translateMoves(game.moves ?? {}, 'moves', CONVENTION, moveFlags(flow, declared))!;
  const build: Build = { flow, convention: CONVENTION, moves, names, arrayForm, tracking, starting, latent };

  const phases: Record<string, PhaseConfig> = {};
  const all: [string, Loose, string][] = arrayForm ? declared : [...declared, ['default', {}, 'flow']];
  for (const [name, conf, at] of all) phases[name] = translatePhase(build, name, conf, at);

  const endPhase = flow.endPhase !== undefined ? Boolean(flow.endPhase) : flow.phases !== undefined;
  const setup = asSetup(game.setup, CONVENTION);
  const out: Game & Loose = {
    setup: tracking ? (context, setupData) => withStartHistory(setup(context, setupData), 'setup', fail) : setup,
    moves,
    phases,
    events: {
      endTurn: flow.endTurn !== false,
      endPhase,
      // endPhase({ next }) is translated to setPhase, so setPhase goes with endPhase.
      setPhase: endPhase,
      endGame: flow.endGame === true,
      setActivePlayers: flow.setActionPlayers === true,
      pass: false,
      setStage: false,
      endStage: false,
    },
    playerView: asPlayerView(game.playerView),
  };
  const endIf = gameEndIf(flow, declared);
  if (endIf) out.endIf = endIf;
  for (const key of ['name', 'seed', 'minPlayers', 'maxPlayers'] as const) if (game[key] !== undefined) out[key] = game[key];
  return out;
}

function fail(where: string, message: string): never {
  throw new LegacyGameError(where, message);
}
