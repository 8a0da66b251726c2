/**
 * The realistic games played as an app plays them: a started local `Client`
 * per game with a subscriber attached (the app's render), actions sent
 * through `client.moves` and `client.events`, and `client.updatePlayerID`
 * when the acting seat changes (a pass-and-play screen) or, for a hot-seat
 * game, before every action. turnchart/boardgameio's Client against
 * boardgame.io 0.50.2's, and for the 0.4x game turnchart/legacy's against
 * boardgame.io 0.49.13's.
 *
 * Each engine gets its own copy of the game (boardgame.io changes the config
 * it is given), both wrapped the same way by the game clock (game-clock.ts).
 */
import { createRequire } from 'node:module';
import * as tcBgio from '../src/adapters/boardgameio/index';
import * as tcLegacy from '../src/adapters/legacy/index';
import { timedFunction, timedGame } from './game-clock';
import type { BenchLib } from './games/lib';
import type { Action, RealisticGame } from './realistic-games/driver';

const require_ = createRequire(import.meta.url);
const bgioCore = require_('boardgame.io/core');
const bgioClient = require_('boardgame.io/client');
const oldCore = require_('boardgame.io-0.49/core');
const oldClient = require_('boardgame.io-0.49/client');

export type EngineName = 'turnchart' | 'boardgameio';

const SEED = 'bench';

/** What the app's subscriber keeps: it reads what a render reads. */
export const rendered = { frames: 0, last: '' };

function render(state: any): void {
  if (!state) return;
  rendered.frames++;
  rendered.last = `${state.ctx.currentPlayer}${state.isActive ? '*' : ''}${state.ctx.gameover ? '!' : ''}`;
}

/** The library a game file imports, per engine and API generation. */
const libOf = (spec: RealisticGame, which: EngineName): BenchLib =>
  (spec.api === '0.4x'
    ? which === 'turnchart'
      ? tcLegacy
      : oldCore
    : which === 'turnchart'
      ? tcBgio
      : bgioCore) as unknown as BenchLib;

/** The game config an engine gets: the game's functions timed (or not), its seed fixed. */
export function gameFor(spec: RealisticGame, which: EngineName, timed: boolean): object {
  const lib = libOf(spec, which);
  const game = { ...spec.make(lib), seed: SEED };
  return timed ? timedGame(game, lib) : game;
}

/** A started client of one engine, as an app holds it. */
export interface AppClient {
  step(action: Action): void;
  /** The store's state (G before any playerView). */
  state(): { G: any; ctx: any; _stateID: number };
  stop(): void;
}

export type ClientMaker = () => AppClient;

/** Makes started clients of `spec` on one engine, each from the same game object. */
export function clientMaker(spec: RealisticGame, which: EngineName, timed: boolean): ClientMaker {
  const game = gameFor(spec, which, timed);
  const subscriber = timed ? timedFunction(render) : render;
  const make =
    spec.api === '0.4x'
      ? which === 'turnchart'
        ? (opts: object) => tcLegacy.Client({ ...opts, game, api: '0.4x' } as never)
        : (opts: object) => oldClient.Client({ ...opts, game })
      : which === 'turnchart'
        ? (opts: object) => tcBgio.Client({ ...opts, game } as never)
        : (opts: object) => bgioClient.Client({ ...opts, game });
  return () => {
    const client: any = make({ numPlayers: spec.numPlayers, playerID: '0' });
    client.subscribe(subscriber);
    client.start();
    return {
      step(action) {
        const { type, args, playerID } = action.payload;
        if (spec.hotSeat || client.playerID !== playerID) client.updatePlayerID(playerID);
        const fns = action.type === 'MAKE_MOVE' ? client.moves : client.events;
        fns[type](...args);
      },
      state: () => client.store.getState(),
      stop: () => client.stop(),
    };
  };
}
