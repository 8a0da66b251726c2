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
import type { LatentMistake, EndIf, Game, PhaseConfig } from '../../machines';
import { asPlayerView, asSetup } from './calling-convention';
import { LegacyGameError } from './errors';
import { translateMoves, type MoveFlags } from './moves';
import { withStartHistory } from './phase-history';
import { CONVENTION, isObject, own, trigger, type Build, type Loose } from './from-02x-build';
import { translatePhase } from './from-02x-phase';

/** Keys of a current (0.3x+) game that have a 0.2x spelling. */
const NEWER_GAME_KEYS: Record<string, string> = {
  phases: 'flow.phases',
  turn: 'flow.endTurnIf / onTurnBegin / onTurnEnd / onMove / turnOrder / movesPerTurn',
  endIf: 'flow.endGameIf',
  onEnd: 'flow.onPhaseEnd or flow.onTurnEnd',
  events: 'flow.endTurn / endPhase / endGame',
  disableUndo: 'flow.undoableMoves',
};

/** The declared phases with their config paths, validated. */
function declaredPhases(flow: Loose): { arrayForm: boolean; phases: [string, Loose, string][] } {
  const { phases } = flow;
  if (phases === undefined) return { arrayForm: false, phases: [] };
  if (Array.isArray(phases)) {
    if (flow.startingPhase !== undefined) {
      throw new LegacyGameError(
        'flow.startingPhase',
        'belongs to the object form of flow.phases (0.27+); in the array form the first phase starts',
      );
    }
    if (phases.length === 0) throw new LegacyGameError('flow.phases', 'the array form needs at least one phase');
    const seen = new Set<string>();
    return {
      arrayForm: true,
      phases: phases.map((conf, i): [string, Loose, string] => {
        const at = `flow.phases.${i}`;
        if (!isObject(conf)) throw new LegacyGameError(at, 'must be a phase object { name, ... }');
        if (typeof conf.name !== 'string' || conf.name === '')
          throw new LegacyGameError(`${at}.name`, 'must be a non-empty phase name');
        if (seen.has(conf.name))
          throw new LegacyGameError(`${at}.name`, `names a phase twice: ${JSON.stringify(conf.name)}`);
        seen.add(conf.name);
        return [conf.name, conf, at];
      }),
    };
  }
  if (!isObject(phases))
    throw new LegacyGameError('flow.phases', 'must be an object of phases (or, before 0.27, an array)');
  if (own(phases, 'default'))
    throw new LegacyGameError('flow.phases.default', 'the `default` phase is implicit in 0.2x and cannot be declared');
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
  const perPhase = new Map<string, unknown>(
    phases.filter(([, conf]) => conf.undoableMoves !== undefined).map(([name, conf]) => [name, conf.undoableMoves]),
  );
  if (flow.undoableMoves !== undefined || perPhase.size > 0) {
    flags.undoable =
      (name) =>
      ({ ctx }: { ctx: { phase: string | null } }) => {
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
  if (Array.isArray(game.plugins) && game.plugins.length > 0)
    throw new LegacyGameError('plugins', 'custom plugins cannot be translated');
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
  const tracking =
    declared.length > 0 ||
    [flow, ...declared.map(([, conf]) => conf)].some((conf) => conf.turnOrder?.endPhaseOnceDone === true);
  if (game.moves !== undefined && !isObject(game.moves))
    throw new LegacyGameError('moves', 'must be an object of moves');
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
  for (const key of ['name', 'seed', 'minPlayers', 'maxPlayers'] as const)
    if (game[key] !== undefined) out[key] = game[key];
  return out;
}

function fail(where: string, message: string): never {
  throw new LegacyGameError(where, message);
}
