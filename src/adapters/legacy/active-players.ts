/**
 * Active-player configs of the older APIs, in the current shape:
 *
 * - 0.3x / 0.4x: `moveLimit` (in an `activePlayers` config, a per-player
 *   long form or `setStage`) limits moves without a minimum, i.e. `maxMoves`
 *   (boardgame.io 0.4x's own reading of it); `true` as a stage value
 *   (`all: true`, seed 004) means "active, in no stage", i.e. `Stage.NULL`;
 *   `false` means "not given".
 * - 0.2x: `actionPlayers` (`setActionPlayers`, a turn order's
 *   `actionPlayers`): `all`, `others`, `value` and `once`, as
 *   `setActivePlayers` with `maxMoves: 1` for `once`.
 */
import type { ActivePlayersArg, ActivePlayersConfig, Ctx, StageArg } from '../../machines';
import type { LegacyApi } from './calling-convention';

type Loose = Record<string, any>;

const isObject = (value: unknown): value is Loose =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** One stage value: a name, `null`, `true` (0.3x: active, no stage) or a long form with `moveLimit`. */
export function stageArg(value: unknown): StageArg {
  if (value === true) return null;
  if (!isObject(value)) return value as StageArg;
  const { moveLimit, stage, ...rest } = value;
  const out: Loose = { ...rest };
  if (stage !== undefined) out.stage = stage === true ? null : stage;
  if (moveLimit) out.maxMoves = moveLimit;
  return out as StageArg;
}

/**
 * The 0.3x `ActivePlayers` presets (the seed 004 shape); 0.4x games read the
 * `_ONCE` ones as boardgame.io 0.4x defines them. The presets are the same
 * objects for both, so they play no part in telling a 0.3x game from a 0.4x
 * one (detect.ts): a game that uses them and nothing else of 0.3x is read as
 * 0.4x; a 0.3x game of that kind passes `api: '0.3x'`.
 */
export const ActivePlayers = {
  ALL: { all: null } as Loose,
  ALL_ONCE: { all: null, moveLimit: 1 } as Loose,
  OTHERS: { others: null } as Loose,
  OTHERS_ONCE: { others: null, moveLimit: 1 } as Loose,
};

const PRESETS_04X = new Map<object, ActivePlayersConfig>([
  [ActivePlayers.ALL_ONCE, { all: null, minMoves: 1, maxMoves: 1 }],
  [ActivePlayers.OTHERS_ONCE, { others: null, minMoves: 1, maxMoves: 1 }],
]);

const PRESETS = new Set<unknown>(Object.values(ActivePlayers));

/** One of turnchart/legacy's `ActivePlayers` presets (the object itself, not a copy). */
export function isActivePlayersPreset(value: unknown): boolean {
  return PRESETS.has(value);
}

/** A 0.3x / 0.4x `activePlayers` config or `setActivePlayers` argument, in the current shape. */
export function activePlayersArg(arg: unknown, api: LegacyApi): ActivePlayersArg {
  if (!isObject(arg)) return arg as ActivePlayersArg;
  if (api === '0.4x' && PRESETS_04X.has(arg)) return PRESETS_04X.get(arg)!;
  const { moveLimit, currentPlayer, others, all, value, next, ...rest } = arg;
  const out: Loose = { ...rest };
  for (const [key, given] of [
    ['currentPlayer', currentPlayer],
    ['others', others],
    ['all', all],
  ] as const) {
    if (given !== undefined && given !== false) out[key] = stageArg(given);
  }
  if (isObject(value)) {
    out.value = {};
    for (const [id, stage] of Object.entries(value)) if (stage !== false) out.value[id] = stageArg(stage);
  } else if (value !== undefined) {
    out.value = value;
  }
  if (moveLimit) out.maxMoves = moveLimit;
  if (next !== undefined) out.next = activePlayersArg(next, api);
  return out as ActivePlayersConfig;
}

/**
 * A 0.2x `actionPlayers` argument, in the current shape. `value` is a
 * function `(G, ctx) => playerIDs`, so it needs the state it is called in;
 * without one (a static config), it cannot be translated and is returned
 * as `undefined`.
 */
export function actionPlayersArg(arg: unknown, state?: { G: unknown; ctx: Ctx }): ActivePlayersArg | undefined {
  if (Array.isArray(arg)) return arg;
  if (!isObject(arg)) return arg as ActivePlayersArg;
  // boardgame.io 0.2x: `others` wins over `all`, which wins over `value`.
  let out: ActivePlayersConfig;
  if (arg.others) out = { others: null };
  else if (arg.all) out = { all: null };
  else if (typeof arg.value === 'function') {
    if (!state) return undefined;
    const ids: unknown = arg.value(state.G, state.ctx);
    out = { value: Object.fromEntries((Array.isArray(ids) ? ids : []).map((id) => [String(id), null])) };
  } else out = {};
  if (arg.once) out.maxMoves = 1;
  return out;
}
