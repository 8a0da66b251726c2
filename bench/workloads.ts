/**
 * The workloads of the benchmark (bench/index.ts) and of the profiler
 * (bench/profile.ts): the same operations on turnchart and on boardgame.io
 * 0.50.2, each a `Workload` of the harness.
 */
import { createRequire } from 'node:module';
import { createActor } from 'xstate';
import { createGame, createGameMachine, transitionGame, type Game } from '../src/index';
import { CardPhases } from '../examples/card-phases/game';
import { Discard } from '../examples/discard/game';

const require_ = createRequire(import.meta.url);
export const bgio = require_('boardgame.io/internal');
export const bgioClient = require_('boardgame.io/client');

export const microGame = (): Game => ({ moves: { A: ({ G }) => G }, endIf: () => false });

export function bgioReducer(game: Game, numPlayers: number, action: (ctx: any) => any, ops: number, lib: any = bgio) {
  return {
    ops,
    prepare() {
      const g = { ...game };
      let state = lib.InitializeGame({ game: g, numPlayers });
      const reducer = lib.CreateGameReducer({ game: g });
      return () => {
        for (let i = 0; i < ops; i++) state = reducer(state, action(state.ctx));
      };
    },
  };
}

export function tcPure(game: Game, numPlayers: number, event: (ctx: any) => any, ops: number) {
  const machine = createGameMachine(game, { numPlayers });
  return {
    ops,
    prepare() {
      let snapshot = createActor(machine, { input: { seed: 'bench' } }).getSnapshot();
      return () => {
        for (let i = 0; i < ops; i++)
          snapshot = transitionGame(machine, snapshot, event(snapshot.context.ctx)).snapshot;
      };
    },
  };
}

export function tcActor(game: Game, numPlayers: number, event: (ctx: any) => any, ops: number) {
  const machine = createGameMachine(game, { numPlayers });
  return {
    ops,
    prepare() {
      const actor = createActor(machine, { input: { seed: 'bench' } }).start();
      return () => {
        for (let i = 0; i < ops; i++) actor.send(event(actor.getSnapshot().context.ctx));
      };
    },
  };
}

export function bgioClientWorkload(
  game: Game,
  numPlayers: number,
  act: (client: any) => void,
  ops: number,
  lib: any = bgioClient,
) {
  return {
    ops,
    prepare() {
      const client = lib.Client({ game: { ...game }, numPlayers });
      client.start();
      const run = () => {
        for (let i = 0; i < ops; i++) act(client);
      };
      // A started boardgame.io client stays registered (and alive) until stopped: without this the
      // clients of every round piled up (180 MB by the playouts), slowing every later benchmark.
      return Object.assign(run, { dispose: () => client.stop() });
    },
  };
}

export const moveEvent = (ctx: any) => ({ type: 'move.A', playerID: ctx.currentPlayer, args: [] });
export const endTurnEvent = (ctx: any) => ({ type: 'endTurn', playerID: ctx.currentPlayer, args: [] });
export const bgMove = (ctx: any) => ({
  type: 'MAKE_MOVE',
  payload: { type: 'A', args: [], playerID: ctx.currentPlayer },
});
export const bgEndTurn = (ctx: any) => ({
  type: 'GAME_EVENT',
  payload: { type: 'endTurn', args: [], playerID: ctx.currentPlayer },
});

// ------------------------------------------------------------------ playouts

export type Action = { kind: 'move' | 'event'; name: string; playerID: string };

/** A fixed-seed playout policy of an example game, as a list of actions for a given state. */
export function scriptedPlayout(name: 'discard' | 'card-phases', steps: number): Action[] {
  const actions: Action[] = [];
  const match = createGame((name === 'discard' ? Discard : CardPhases) as Game, { numPlayers: 4, seed: 'playout' });
  let x = 12345;
  const rand = () => (x = (x * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let i = 0; i < steps && match.getState().ctx.gameover === undefined; i++) {
    const { ctx } = match.getState();
    const active = ctx.activePlayers ? Object.keys(ctx.activePlayers) : [ctx.currentPlayer];
    const playerID = active[Math.floor(rand() * active.length)];
    const candidates: Action[] =
      name === 'discard'
        ? ctx.activePlayers
          ? [{ kind: 'move', name: 'discard', playerID }]
          : [
              { kind: 'move', name: 'playCard', playerID },
              { kind: 'event', name: 'endTurn', playerID },
            ]
        : [
            { kind: 'move', name: ctx.phase === 'draw' ? 'drawCard' : 'playCard', playerID },
            { kind: 'event', name: 'endTurn', playerID },
          ];
    const action = candidates[Math.floor(rand() * candidates.length)];
    const result =
      action.kind === 'move'
        ? match.move(action.name, [], playerID)
        : match.event(action.name as any, undefined, playerID);
    if (result.ok) actions.push(action);
  }
  return actions;
}

/** Whole games: a fresh match, then the recorded actions, repeated until about 2,000 actions are timed. */
export function playoutWorkloads(game: Game, actions: Action[]) {
  const machine = createGameMachine(game, { numPlayers: 4 });
  const games = Math.max(1, Math.ceil(2000 / actions.length));
  const ops = games * actions.length;
  const tc = {
    ops,
    prepare() {
      return () => {
        for (let g = 0; g < games; g++) {
          const actor = createActor(machine, { input: { seed: 'playout' } }).start();
          for (const a of actions)
            actor.send({ type: a.kind === 'move' ? `move.${a.name}` : a.name, playerID: a.playerID, args: [] });
        }
      };
    },
  };
  const bg = {
    ops,
    prepare() {
      const g = { ...game, seed: 'playout' };
      const reducer = bgio.CreateGameReducer({ game: g });
      return () => {
        for (let n = 0; n < games; n++) {
          let state = bgio.InitializeGame({ game: g, numPlayers: 4 });
          for (const a of actions) {
            state = reducer(
              state,
              a.kind === 'move'
                ? { type: 'MAKE_MOVE', payload: { type: a.name, args: [], playerID: a.playerID } }
                : { type: 'GAME_EVENT', payload: { type: a.name, args: [], playerID: a.playerID } },
            );
          }
        }
      };
    },
  };
  return { tc, bg };
}
