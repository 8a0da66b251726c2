/**
 * A boardgame.io 0.3x or 0.4x game (seed 004) as a current game config. The
 * shape is already today's (`phases`, `turn`, `stages`, `activePlayers`); what
 * changes is the calling convention (calling-convention.ts) and a few values:
 *
 * | 0.3x / 0.4x | current |
 * | --- | --- |
 * | `setup(ctx, setupData)`, moves `(G, ctx, ...args)`, hooks / `endIf` / `next` / turn orders `(G, ctx)`, `playerView(G, ctx, playerID)` | `({ G, ctx, events, random, log, playerID }, ...args)` |
 * | long-form `undoable` / `redact` `(G, ctx)` | `({ G, ctx })` |
 * | `turn.moveLimit` | `turn.minMoves` + `turn.maxMoves` |
 * | `activePlayers` `moveLimit` (also per player, in `setActivePlayers`, `setStage`) | `maxMoves` |
 * | `all: true` / `others: true` / `currentPlayer: true` / `value: { id: true }` | `Stage.NULL` |
 * | `TurnOrder` / `ActivePlayers` presets of turnchart/legacy | the engine's presets |
 * | `ai.enumerate(G, ctx, playerID)` | kept (boardgame.io 0.50 kept that signature) |
 */
import type { Game, MoveMap, PhaseConfig, StageConfig, TurnConfig } from '../../machines';
import { activePlayersArg } from './active-players';
import { asHook, asPlayerView, asSetup, asTrigger, type Convention, type LegacyApi } from './calling-convention';
import { LegacyGameError } from './errors';
import { legacyEvents } from './events';
import { translateMoves } from './moves';
import { translateOrder } from './turn-order';

type Loose = Record<string, any>;
type AnyFn = (...args: any[]) => any;

const isObject = (value: unknown): value is Loose =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Phase keys of the 0.2x flow API, with their 0.3x+ spelling. */
export const FLOW_PHASE_KEYS: Record<string, string> = {
  allowedMoves: 'moves',
  endPhaseIf: 'endIf',
  onPhaseBegin: 'onBegin',
  onPhaseEnd: 'onEnd',
  endTurnIf: 'turn.endIf',
  endGameIf: 'the game-level endIf',
  onTurnBegin: 'turn.onBegin',
  onTurnEnd: 'turn.onEnd',
  turnOrder: 'turn.order',
  movesPerTurn: 'turn.moveLimit',
  undoableMoves: 'long-form moves with undoable',
};

function conventionOf(api: LegacyApi): Convention {
  return { api, events: (events, G, ctx) => legacyEvents(api, events, G, ctx) };
}

function fn<T>(value: unknown, where: string, wrap: (f: AnyFn) => T): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'function') throw new LegacyGameError(where, 'must be a function (G, ctx)');
  return wrap(value as AnyFn);
}

/** Copy `source`, translating the keys `change` knows (it returns `undefined` to drop a key). */
function withKeys(source: Loose, change: Record<string, (value: any) => unknown>): Loose {
  const out: Loose = {};
  for (const [key, value] of Object.entries(source)) {
    if (value === undefined) continue;
    const translated = own(change, key) ? change[key](value) : value;
    if (translated !== undefined) out[key] = translated;
  }
  return out;
}

const own = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

class Translator {
  private readonly convention: Convention;

  constructor(readonly api: LegacyApi) {
    this.convention = conventionOf(api);
  }

  private moves(moves: unknown, where: string): MoveMap | undefined {
    return translateMoves(moves, where, this.convention);
  }

  private hook = (where: string) => (value: unknown) => fn(value, where, (f) => asHook(f, this.convention));
  private trigger = (where: string) => (value: unknown) => fn(value, where, (f) => asTrigger(f, this.convention));

  turn(turn: unknown, where: string): TurnConfig | undefined {
    if (turn === undefined) return undefined;
    if (!isObject(turn)) throw new LegacyGameError(where, 'must be an object');
    let activePlayersFromOrder: unknown;
    const out = withKeys(turn, {
      onBegin: this.hook(`${where}.onBegin`),
      onEnd: this.hook(`${where}.onEnd`),
      onMove: this.hook(`${where}.onMove`),
      endIf: this.trigger(`${where}.endIf`),
      order: (order) => {
        const translated = translateOrder(order, this.convention, `${where}.order`);
        activePlayersFromOrder = translated.activePlayers;
        return translated.order;
      },
      activePlayers: (config) => activePlayersArg(config, this.api),
      // A turn's moveLimit is both a minimum and a maximum (0.3x and 0.4x alike).
      moveLimit: () => undefined,
      stages: (stages) => this.stages(stages, `${where}.stages`),
    }) as TurnConfig;
    if (activePlayersFromOrder !== undefined && out.activePlayers === undefined)
      out.activePlayers = activePlayersFromOrder as TurnConfig['activePlayers'];
    if (turn.moveLimit) {
      out.minMoves = turn.moveLimit;
      out.maxMoves = turn.moveLimit;
    }
    return out;
  }

  private stages(stages: unknown, where: string): Record<string, StageConfig> {
    if (!isObject(stages)) throw new LegacyGameError(where, 'must be an object of stages');
    const out: Record<string, StageConfig> = {};
    for (const [name, stage] of Object.entries(stages)) {
      const at = `${where}.${name}`;
      if (!isObject(stage)) throw new LegacyGameError(at, 'must be an object');
      out[name] = withKeys(stage, { moves: (moves) => this.moves(moves, `${at}.moves`) }) as StageConfig;
    }
    return out;
  }

  phase(phase: unknown, where: string): PhaseConfig {
    if (!isObject(phase)) throw new LegacyGameError(where, 'must be an object');
    for (const [key, spelling] of Object.entries(FLOW_PHASE_KEYS)) {
      if (phase[key] !== undefined)
        throw new LegacyGameError(`${where}.${key}`, `is a 0.2x phase key; from 0.3x on it is ${spelling}`);
    }
    return withKeys(phase, {
      onBegin: this.hook(`${where}.onBegin`),
      onEnd: this.hook(`${where}.onEnd`),
      endIf: this.trigger(`${where}.endIf`),
      next: (next) => (typeof next === 'function' ? asTrigger(next, this.convention) : next),
      moves: (moves) => this.moves(moves, `${where}.moves`),
      turn: (turn) => this.turn(turn, `${where}.turn`),
    }) as PhaseConfig;
  }

  game(game: Loose): Game {
    if (game.flow !== undefined) {
      throw new LegacyGameError(
        'flow',
        `is the 0.2x shape; a ${this.api} game declares phases, turn and endIf at the top level`,
      );
    }
    if (Array.isArray(game.plugins) && game.plugins.length > 0)
      throw new LegacyGameError('plugins', 'custom plugins cannot be translated');
    const out = withKeys(game, {
      setup: (setup) => fn(setup, 'setup', (f) => asSetup(f, this.convention)),
      moves: (moves) => this.moves(moves, 'moves'),
      phases: (phases) => {
        if (Array.isArray(phases))
          throw new LegacyGameError(
            'phases',
            'an array of phases is the 0.2x shape (flow.phases); from 0.3x on phases is an object',
          );
        if (!isObject(phases)) throw new LegacyGameError('phases', 'must be an object of phases');
        const translated: Record<string, PhaseConfig> = {};
        for (const [name, phase] of Object.entries(phases)) translated[name] = this.phase(phase, `phases.${name}`);
        return translated;
      },
      turn: (turn) => this.turn(turn, 'turn'),
      endIf: this.trigger('endIf'),
      onEnd: this.hook('onEnd'),
      playerView: (view) => fn(view, 'playerView', (f) => asPlayerView(f)),
      plugins: () => undefined,
    });
    return out as Game;
  }
}

/** Translate a 0.3x or 0.4x game. Throws LegacyGameError naming the key at fault. */
export function translate04x(game: Loose, api: '0.3x' | '0.4x'): Game {
  if (!isObject(game)) throw new LegacyGameError('game', 'must be an object');
  return new Translator(api).game(game);
}
