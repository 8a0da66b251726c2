/** One 0.2x phase (with its flow-level fallbacks) as a current phase config. */
import {
  INVALID_MOVE_VALUE,
  TurnOrder as EngineTurnOrder,
  type Hook,
  type Move,
  type MoveMap,
  type PhaseConfig,
  type TriggerContext,
  type TurnConfig,
} from '../../machines';
import { asTrigger } from './calling-convention';
import { LegacyGameError } from './errors';
import { lastMoveAction } from './moves';
import { begun, ended, LEGACY_STATE_KEY, readHistory, type PhaseHistory } from './phase-history';
import { translateOrder } from './turn-order';
import { CONVENTION, hook, isObject, own, pick, trigger, type Build, type Loose } from './from-02x-build';

/** Keys of a current phase that have a 0.2x spelling. */
const NEWER_PHASE_KEYS: Record<string, string> = {
  start: 'flow.startingPhase',
  endIf: 'endPhaseIf',
  onBegin: 'onPhaseBegin',
  onEnd: 'onPhaseEnd',
  moves: 'allowedMoves (a list of move names)',
  turn: 'endTurnIf / onTurnBegin / onTurnEnd / onMove / turnOrder / movesPerTurn',
};

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
      if (typeof name !== 'string' || !own(moves, name))
        throw new LegacyGameError(where, `names a move that does not exist: ${JSON.stringify(name)}`);
      out[name] = moves[name];
    }
    return out;
  }
  if (typeof value !== 'function')
    throw new LegacyGameError(where, 'must be a list of move names or a function (G, ctx) => names');
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
    order === undefined
      ? { order: EngineTurnOrder.CONTINUE, activePlayers: undefined, endPhaseWhenDone: false }
      : translateOrder(order, CONVENTION, orderAt);
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
    if (typeof movesPerTurn !== 'number' || !(movesPerTurn >= 0))
      throw new LegacyGameError(movesPerTurnAt, 'must be a non-negative number');
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
    if (conf[key] !== undefined)
      throw new LegacyGameError(`${at}.${key}`, `is not a 0.2x phase key; a 0.2x phase uses ${spelling}`);
  }
}

export function translatePhase(build: Build, name: string, conf: Loose, at: string): PhaseConfig {
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
    phase.endIf = (context) =>
      endPhaseIf?.(context) || (readHistory(context.G)?.turnIn === name && context.ctx.activePlayers === null);
    const { onBegin: onTurnBegin, onEnd: onTurnEnd } = phase.turn!;
    const turnIn = (context: { G: unknown }, value: string | undefined) => ({
      ...readHistory(context.G)!,
      turnIn: value,
    });
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
    if (typeof next !== 'string')
      throw new LegacyGameError(`${at}.next`, `names a phase that does not exist: ${JSON.stringify(next)}`);
    if (build.names.includes(next)) {
      phase.next = next;
    } else {
      // Refused (UNKNOWN_PHASE) only if play reaches it. A function, so that the engine does not
      // report the mistake again under the translated path.
      build.latent.push({
        location: `${at}.next`,
        message: `names a phase that does not exist: ${JSON.stringify(next)}`,
      });
      phase.next = () => next;
    }
  } else {
    phase.next = defaultNext(build, name);
  }
  return phase;
}
