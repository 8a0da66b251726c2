/**
 * Which API generation a legacy config was written against, read from its
 * keys:
 *
 * - 0.2x: a `flow` section (a phase with a 0.2x key such as `endPhaseIf` in
 *   a top-level `phases` object mixes the two shapes and is refused).
 * - 0.3x: `moveLimit` (turn, `activePlayers`, a per-player long form) or a
 *   `true` stage value (`all: true`), with no 0.4x key. turnchart/legacy's
 *   `ActivePlayers` presets have the 0.3x shape but are read in either
 *   generation, so they are not counted.
 * - 0.4x: `minMoves` / `maxMoves`, or nothing of the above: every 0.3x/0.4x
 *   game shares the 0.4x reading, and a 0.2x game always has `flow` or comes
 *   through `Game()`.
 *
 * A config whose functions take a destructured context (`({ G, ctx }) =>`) is
 * today's API and is refused rather than guessed at.
 */
import { isActivePlayersPreset } from './active-players';
import type { LegacyApi } from './calling-convention';
import { LegacyGameError } from './errors';
import { FLOW_PHASE_KEYS } from './from-04x';

type Loose = Record<string, any>;

const isObject = (value: unknown): value is Loose =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A function whose first parameter is a destructuring pattern: `({ G }) =>`, `function ({ G })`, `move({ G })`. */
const DESTRUCTURED_FIRST_PARAM = /^\s*(?:async\s*)?(?:function\b[^(]*|[\w$]+\s*)?\(\s*\{/;

function takesContextObject(value: unknown): boolean {
  if (typeof value !== 'function') return false;
  try {
    return DESTRUCTURED_FIRST_PARAM.test(Function.prototype.toString.call(value));
  } catch {
    return false;
  }
}

interface Findings {
  flow?: string;
  moveLimit?: string;
  maxMoves?: string;
  current?: string;
}

function scanActivePlayers(config: unknown, where: string, found: Findings): void {
  // A preset is read in whichever generation the rest of the game shows (active-players.ts).
  if (!isObject(config) || isActivePlayersPreset(config)) return;
  if (config.moveLimit !== undefined) found.moveLimit ??= `${where}.moveLimit`;
  if (config.minMoves !== undefined || config.maxMoves !== undefined)
    found.maxMoves ??= `${where}.${config.minMoves !== undefined ? 'minMoves' : 'maxMoves'}`;
  for (const key of ['currentPlayer', 'others', 'all'] as const) {
    const value = config[key];
    if (value === true) found.moveLimit ??= `${where}.${key}`;
    if (isObject(value) && value.moveLimit !== undefined) found.moveLimit ??= `${where}.${key}.moveLimit`;
  }
  if (isObject(config.value)) {
    for (const [id, value] of Object.entries(config.value)) {
      if (value === true || (isObject(value) && value.moveLimit !== undefined))
        found.moveLimit ??= `${where}.value.${id}`;
    }
  }
  scanActivePlayers(config.next, `${where}.next`, found);
}

function scanTurn(turn: unknown, where: string, found: Findings): void {
  if (!isObject(turn)) return;
  if (turn.moveLimit !== undefined) found.moveLimit ??= `${where}.moveLimit`;
  if (turn.minMoves !== undefined || turn.maxMoves !== undefined)
    found.maxMoves ??= `${where}.${turn.minMoves !== undefined ? 'minMoves' : 'maxMoves'}`;
  scanActivePlayers(turn.activePlayers, `${where}.activePlayers`, found);
  for (const key of ['onBegin', 'onEnd', 'onMove', 'endIf'] as const) {
    if (takesContextObject(turn[key])) found.current ??= `${where}.${key}`;
  }
}

function scanMoves(moves: unknown, where: string, found: Findings): void {
  if (!isObject(moves)) return;
  for (const [name, move] of Object.entries(moves)) {
    const fn = isObject(move) ? move.move : move;
    if (takesContextObject(fn)) found.current ??= `${where}.${name}`;
  }
}

function scan(game: Loose): Findings {
  const found: Findings = {};
  if (game.flow !== undefined) found.flow = 'flow';
  if (takesContextObject(game.setup)) found.current ??= 'setup';
  for (const key of ['endIf', 'onEnd', 'playerView'] as const) if (takesContextObject(game[key])) found.current ??= key;
  scanMoves(game.moves, 'moves', found);
  scanTurn(game.turn, 'turn', found);
  if (isObject(game.phases)) {
    for (const [name, phase] of Object.entries(game.phases)) {
      if (!isObject(phase)) continue;
      const where = `phases.${name}`;
      for (const key of Object.keys(FLOW_PHASE_KEYS)) if (phase[key] !== undefined) found.flow ??= `${where}.${key}`;
      for (const key of ['onBegin', 'onEnd', 'endIf'] as const)
        if (takesContextObject(phase[key])) found.current ??= `${where}.${key}`;
      scanMoves(phase.moves, `${where}.moves`, found);
      scanTurn(phase.turn, `${where}.turn`, found);
    }
  }
  return found;
}

/** The API generation of a legacy config. Throws LegacyGameError when the config is today's API. */
export function detectLegacyApi(game: unknown): LegacyApi {
  if (!isObject(game)) throw new LegacyGameError('game', 'must be an object');
  const found = scan(game);
  if (found.flow?.startsWith('phases.')) {
    const key = found.flow.slice(found.flow.lastIndexOf('.') + 1);
    throw new LegacyGameError(
      found.flow,
      `is a 0.2x phase key in a 0.3x+ phases object: a 0.2x game declares its phases under flow.phases; from 0.3x on the key is ${FLOW_PHASE_KEYS[key]}`,
    );
  }
  if (found.flow) return '0.2x';
  if (found.current) {
    throw new LegacyGameError(
      found.current,
      'takes a destructured context ({ G, ctx, ... }), which is the current API: pass the game to turnchart directly, or give { api } if it really is a legacy game',
    );
  }
  if (found.moveLimit && !found.maxMoves) return '0.3x';
  return '0.4x';
}
