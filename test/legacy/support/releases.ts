/**
 * The same legacy game file on an old boardgame.io release and on turnchart.
 *
 * A fixture is a function of the library it imports from — the old release's
 * `boardgame.io/core`, or turnchart/legacy — so that "changing the import" is
 * literally what differs between the two runs. Both sides are driven through
 * their reducer with the same redux actions:
 *
 * - 0.26 / 0.29: `Game(config)` and `CreateGameReducer({ game, numPlayers })`,
 *   whose default state is the initial one;
 * - 0.39 / 0.49: `ProcessGameConfig`, `InitializeGame` and `CreateGameReducer`
 *   from `boardgame.io/internal`;
 * - turnchart: turnchart/legacy's `InitializeGame` and `CreateGameReducer`.
 *
 * Old releases mutate the config they are given, so each side gets a fresh
 * one from the fixture.
 */
import { quiet } from '../../support/quiet';
import { createRequire } from 'node:module';
import * as legacy from 'turnchart/legacy';
import { LEGACY_STATE_KEY, type LegacyApi } from 'turnchart/legacy';

const load = createRequire(__filename);

export type Release = '0.26' | '0.29' | '0.39' | '0.49';

/** What a fixture imports: `Game`, `TurnOrder`, `ActivePlayers`, `Stage`, `INVALID_MOVE`, `PlayerView`, ... */
export type Library = Record<string, any>;
export type Fixture = (lib: Library) => any;

export const API_OF: Record<Release, LegacyApi> = { '0.26': '0.2x', '0.29': '0.2x', '0.39': '0.3x', '0.49': '0.4x' };

export interface Step {
  move?: string;
  event?: string;
  args?: unknown[];
  playerID?: string;
}

export type Action = {
  type: 'MAKE_MOVE' | 'GAME_EVENT';
  payload: { type: string; args: unknown[]; playerID: string | undefined };
};

export function actionOf(step: Step): Action {
  return step.move !== undefined
    ? { type: 'MAKE_MOVE', payload: { type: step.move, args: step.args ?? [], playerID: step.playerID } }
    : { type: 'GAME_EVENT', payload: { type: step.event!, args: step.args ?? [], playerID: step.playerID } };
}

export interface Match {
  readonly state: any;
  apply(step: Step | Action): void;
}

// Old releases log refusals to the console; `quiet` keeps test output readable.
export { quiet };

const toAction = (step: Step | Action): Action => ('type' in step && 'payload' in step ? step : actionOf(step));

/** The old release's `boardgame.io/core`, as a fixture imports it. */
export function oldLibrary(release: Release): Library {
  return loadQuietly(`boardgame.io-${release}/core`);
}

/** Old releases bind console.log / console.error for their messages when they load: give them no-ops. */
function loadQuietly(id: string): any {
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return quiet(() => load(id));
  } finally {
    process.env.NODE_ENV = env;
  }
}

/** The fixture's game on an old release. */
export function oldMatch(release: Release, fixture: Fixture, numPlayers: number, setupData?: unknown): Match {
  const core = oldLibrary(release);
  let state: any;
  let reducer: (state: any, action: Action) => any;
  if (release === '0.26' || release === '0.29') {
    const made = fixture(core);
    const game = typeof made.processMove === 'function' ? made : core.Game(made);
    reducer = core.CreateGameReducer({ game, numPlayers, setupData });
    state = quiet(() => reducer(undefined, { type: '@@init' } as never));
  } else {
    const internal = loadQuietly(`boardgame.io-${release}/internal`);
    const game = internal.ProcessGameConfig(fixture(core));
    state = quiet(() => internal.InitializeGame({ game, numPlayers, setupData }));
    reducer = internal.CreateGameReducer({ game });
  }
  return {
    get state() {
      return state;
    },
    apply(step) {
      state = quiet(() => reducer(state, toAction(step)));
    },
  };
}

/** The fixture's game on turnchart, through turnchart/legacy's reducer. */
export function turnchartMatch(fixture: Fixture, numPlayers: number, api?: LegacyApi, setupData?: unknown): Match {
  const game = fixture(legacy);
  let state: any = quiet(() => legacy.InitializeGame({ game, api, numPlayers, setupData }));
  const reducer = legacy.CreateGameReducer({ game, api });
  return {
    get state() {
      return state;
    },
    apply(step) {
      state = quiet(() => reducer(state, toAction(step)));
    },
  };
}

/** G as the game sees it: without turnchart/legacy's phase history. */
export function userG(G: any): any {
  if (G === null || typeof G !== 'object' || !(LEGACY_STATE_KEY in G)) return G;
  const { [LEGACY_STATE_KEY]: _history, ...rest } = G;
  return rest;
}

const plain = (value: unknown) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/** The first path at which two plain values differ. */
export function firstDifference(a: any, b: any, path = ''): string | undefined {
  if (a === b) return undefined;
  if (
    typeof a !== 'object' ||
    typeof b !== 'object' ||
    a === null ||
    b === null ||
    Array.isArray(a) !== Array.isArray(b)
  )
    return path || '(root)';
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const found = firstDifference(a[key], b[key], path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return undefined;
}

export interface Comparison {
  /** ctx fields compared (those both engines have, minus the documented differences). */
  fields: string[];
  G: { old: unknown; turnchart: unknown };
  ctx: { old: Record<string, unknown>; turnchart: Record<string, unknown> };
}

/** ctx fields turnchart keeps under another name or shape (docs/legacy.md): the old value in turnchart's terms. */
function normalizeOldCtx(ctx: Record<string, any>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...ctx };
  // 0.3x marks "active, no stage" with `true` where the value came from `all: true`; turnchart uses Stage.NULL.
  if (ctx.activePlayers && typeof ctx.activePlayers === 'object') {
    out.activePlayers = Object.fromEntries(
      Object.entries(ctx.activePlayers).map(([id, stage]) => [id, stage === true ? null : stage]),
    );
  }
  // A `true` stage value kept for later (`next: { currentPlayer: true }`) is Stage.NULL too.
  if (ctx._nextActivePlayers)
    out._nextActivePlayers = JSON.parse(
      JSON.stringify(ctx._nextActivePlayers, (_key, value) => (value === true ? null : value)),
    );
  // 0.3x's _activePlayersMoveLimit is turnchart's _activePlayersMaxMoves.
  if ('_activePlayersMoveLimit' in ctx) {
    out._activePlayersMaxMoves = ctx._activePlayersMoveLimit;
    delete out._activePlayersMoveLimit;
  }
  return out;
}

/** G and the shared ctx fields of the two states, ready for `expect(...).toEqual(...)`. */
export function compare(old: any, ours: any, ignore: string[] = []): Comparison {
  const oldCtx = normalizeOldCtx(plain(old.ctx));
  const ourCtx = plain(ours.ctx) as Record<string, unknown>;
  const fields = Object.keys(oldCtx).filter(
    (key) => key in ourCtx && !ignore.includes(key) && !key.startsWith('_random'),
  );
  const pick = (ctx: Record<string, unknown>) => Object.fromEntries(fields.map((key) => [key, ctx[key]]));
  return {
    fields,
    G: { old: plain(old.G), turnchart: plain(userG(ours.G)) },
    ctx: { old: pick(oldCtx), turnchart: pick(ourCtx) },
  };
}

/**
 * The same steps on the old release and on turnchart/legacy (each step as the
 * current player unless it names one); G and ctx compared after every step.
 * Returns the turnchart states, the start first.
 */
export function lockstep(
  release: Release,
  fixture: Fixture,
  steps: Step[],
  options: { numPlayers?: number; api?: LegacyApi } = {},
): any[] {
  const numPlayers = options.numPlayers ?? 2;
  const old = oldMatch(release, fixture, numPlayers);
  const ours = turnchartMatch(fixture, numPlayers, options.api);
  const states = [ours.state];
  const check = (label: string) => {
    const c = compare(old.state, ours.state);
    try {
      expect(c.G.turnchart).toEqual(c.G.old);
      expect(c.ctx.turnchart).toEqual(c.ctx.old);
    } catch (error) {
      (error as Error).message = `turnchart/legacy differs from ${release} after ${label}\n${(error as Error).message}`;
      throw error;
    }
  };
  check('the start');
  steps.forEach((step, index) => {
    const action = { ...step, playerID: step.playerID ?? old.state.ctx.currentPlayer };
    old.apply(action);
    ours.apply(action);
    check(`step ${index + 1}: ${JSON.stringify(action)}`);
    states.push(ours.state);
  });
  return states;
}
