/**
 * A 0.50 game on turnchart's chart actor: `createActor(createGameMachine(…))`
 * run by xstate's own interpreter, each recorded action sent as a request;
 * and the same game on boardgame.io's local `Client`, each action dispatched
 * to its store, to compare it with. Both stand beside the engines of
 * realistic-engines.ts with the same shape.
 */
import { createRequire } from 'node:module';
import { createActor, type Actor } from 'xstate';
import * as tc from '../src/index';
import type { BenchLib } from './games/lib';
import type { Engine } from './realistic-engines';
import type { Action, RealisticGame, State } from './realistic-games/driver';

const require_ = createRequire(import.meta.url);
const bgioCore = require_('boardgame.io/core');
const bgioClient = require_('boardgame.io/client');

const SEED = 'bench';

export function actorEngine(spec: RealisticGame): Engine {
  if (spec.api !== '0.50') throw new Error(`${spec.name}: actor workloads are for 0.50 games`);
  const lib = { ...tc, INVALID_MOVE: tc.INVALID_MOVE } as unknown as BenchLib;
  const game = { ...spec.make(lib), seed: SEED } as tc.Game;
  const machine = tc.createGameMachine(game, { numPlayers: spec.numPlayers });
  let actor: Actor<tc.GameMachine> | undefined;
  const state = (): State => {
    const { G, ctx } = actor!.getSnapshot().context;
    return { G, ctx };
  };
  return {
    initialize: () => {
      actor?.stop();
      actor = createActor(machine, { input: { seed: SEED } }).start();
      return state();
    },
    reducer: (_state: State, action: Action) => {
      const { type, args, playerID } = action.payload;
      actor!.send({ type: action.type === 'MAKE_MOVE' ? `move.${type}` : type, playerID, args });
      return state();
    },
    dispose: () => {
      actor?.stop();
      actor = undefined;
    },
  };
}

/** boardgame.io 0.50.2's local `Client` on a 0.50 game, each action dispatched to its store. */
export function bgioClientEngine(spec: RealisticGame): Engine {
  if (spec.api !== '0.50') throw new Error(`${spec.name}: client workloads are for 0.50 games`);
  // boardgame.io changes the config it is given: a new one per match.
  const make = () => ({ ...spec.make(bgioCore as BenchLib), seed: SEED });
  let client: any;
  return {
    initialize: () => {
      client?.stop();
      client = bgioClient.Client({ game: make(), numPlayers: spec.numPlayers });
      client.start();
      return client.store.getState();
    },
    reducer: (_state, action) => {
      client.store.dispatch(action);
      return client.store.getState();
    },
    dispose: () => {
      client?.stop();
      client = undefined;
    },
  };
}
