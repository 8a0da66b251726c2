/**
 * The reducer's states have one key order: boardgame.io's `G, ctx, plugins,
 * _undo, _redo, _stateID`, then `deltalog` once an action ran. Copying such a
 * state with a literal gives the same object as a spread, and is much faster:
 * in Node 20 a spread of an object that was itself made by a spread takes a
 * slow path (docs/performance.md), and every state is made from the one
 * before. States with other keys (a server's own fields) are spread as before.
 * (Symbol keys, which no JSON state has, are not looked for: checking costs
 * more than the copy.)
 */
import type { State, TransientState } from './types';

const STATE_KEYS = ['G', 'ctx', 'plugins', '_undo', '_redo', '_stateID', 'deltalog', 'transients'] as const;

/**
 * 8: the reducer's full key order and a refusal's `transients`; 7: the
 * reducer's full key order; 6: the same without `deltalog` (a new match);
 * 0: any other keys.
 */
export function transientKeyCount(state: object): 0 | 6 | 7 | 8 {
  if (state === lastMade) return lastCount;
  let count = 0;
  for (const key in state) {
    if (count === 8 || key !== STATE_KEYS[count]) return 0;
    count++;
  }
  return count >= 6 ? (count as 6 | 7 | 8) : 0;
}

/**
 * The last state written out here in the full key order (with `transients` or not): states are not changed
 * once made, and each is mostly copied or viewed right after, so its keys are not walked again.
 */
let lastMade: object | undefined;
let lastCount: 7 | 8 = 7;

function made<S extends TransientState>(state: S, count: 7 | 8 = 7): S {
  lastMade = state;
  lastCount = count;
  return state;
}

/** 7: the reducer's full key order; 6: the same without `deltalog` (a new match); 0: any other keys. */
export function stateKeyCount(state: object): 0 | 6 | 7 {
  const count = transientKeyCount(state);
  return count === 8 ? 0 : count;
}

/** `{ ...state, deltalog, G, ctx, plugins }`: the state after a move or event, before its undo bookkeeping. */
export function withOutcome(
  state: State,
  deltalog: State['deltalog'],
  G: unknown,
  ctx: State['ctx'],
  plugins: State['plugins'],
): State {
  if (stateKeyCount(state) === 0) return { ...state, deltalog, G, ctx, plugins };
  return made({ G, ctx, plugins, _undo: state._undo, _redo: state._redo, _stateID: state._stateID, deltalog });
}

/** `{ ...state, deltalog }`: the state an action starts from (refusals and no-ops are built on it). */
export function withDeltalog(state: State, deltalog: State['deltalog']): State {
  if (stateKeyCount(state) === 0) return { ...state, deltalog };
  return made({
    G: state.G,
    ctx: state.ctx,
    plugins: state.plugins,
    _undo: state._undo,
    _redo: state._redo,
    _stateID: state._stateID,
    deltalog,
  });
}

/**
 * `{ ...state, transients }`: a refusal's state; with `deltalog`, `{ ...state, deltalog, transients }` in one
 * object (a refused action's state has an empty one).
 */
export function withTransients(
  state: State,
  transients: TransientState['transients'],
  deltalog?: State['deltalog'],
): TransientState {
  const count = stateKeyCount(state);
  if (deltalog === undefined) {
    if (count !== 7) return { ...state, transients };
    deltalog = state.deltalog;
  } else if (count === 0) return { ...state, deltalog, transients };
  const { G, ctx, plugins, _undo, _redo, _stateID } = state;
  return made({ G, ctx, plugins, _undo, _redo, _stateID, deltalog, transients }, 8);
}

/** `{ ...state }` without `transients`: a refusal's state once its subscribers saw the error. */
export function withoutTransients(state: TransientState): State {
  if (transientKeyCount(state) < 7) return restOf(state);
  const { G, ctx, plugins, _undo, _redo, _stateID, deltalog } = state;
  return made({ G, ctx, plugins, _undo, _redo, _stateID, deltalog });
}

function restOf(state: TransientState): State {
  const { transients: _transients, ...rest } = state;
  return rest;
}
