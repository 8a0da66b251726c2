/**
 * The engines' reducers (`InitializeGame`, `CreateGameReducer`), on which a
 * realistic game is recorded and checked: turnchart/boardgameio against
 * boardgame.io 0.50.2, turnchart/legacy against boardgame.io 0.49.13. The
 * timed replays go through the clients (realistic-clients.ts).
 */
import { createRequire } from 'node:module';
import * as tcBgio from '../src/adapters/boardgameio/index';
import * as tcLegacy from '../src/adapters/legacy/index';
import type { BenchLib } from './games/lib';
import type { Action, RealisticGame, State } from './realistic-games/driver';

const require_ = createRequire(import.meta.url);
const bgioCore = require_('boardgame.io/core');
const bgioInternal = require_('boardgame.io/internal');
const oldCore = require_('boardgame.io-0.49/core');
const oldInternal = require_('boardgame.io-0.49/internal');

/** An engine's reducer API, on one game. */
export interface Engine {
  initialize(): State;
  reducer: (state: State, action: Action) => State;
  /** Releases what the last game made (a client stays registered until stopped). */
  dispose?(): void;
}

const SEED = 'bench';

export function engineOf(spec: RealisticGame, engine: 'turnchart' | 'boardgameio'): Engine {
  if (spec.api === '0.4x') {
    if (engine === 'turnchart') {
      const game = { ...spec.make(tcLegacy as unknown as BenchLib), seed: SEED };
      const reducer = tcLegacy.CreateGameReducer({ game });
      return {
        initialize: () => tcLegacy.InitializeGame({ game, numPlayers: spec.numPlayers }) as State,
        reducer: reducer as unknown as Engine['reducer'],
      };
    }
    // 0.49 changes the config it is given (ProcessGameConfig), so it gets its own.
    const game = oldInternal.ProcessGameConfig({ ...spec.make(oldCore), seed: SEED });
    return {
      initialize: () => oldInternal.InitializeGame({ game, numPlayers: spec.numPlayers }),
      reducer: oldInternal.CreateGameReducer({ game }),
    };
  }
  if (engine === 'turnchart') {
    const game = { ...spec.make(tcBgio as unknown as BenchLib), seed: SEED };
    const reducer = tcBgio.CreateGameReducer({ game: game as never });
    return {
      initialize: () => tcBgio.InitializeGame({ game: game as never, numPlayers: spec.numPlayers }) as State,
      reducer: reducer as unknown as Engine['reducer'],
    };
  }
  const game = bgioInternal.ProcessGameConfig({ ...spec.make(bgioCore), seed: SEED });
  return {
    initialize: () => bgioInternal.InitializeGame({ game, numPlayers: spec.numPlayers }),
    reducer: bgioInternal.CreateGameReducer({ game }),
  };
}
