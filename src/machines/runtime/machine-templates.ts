/**
 * Built machines by game shape (engine/game-shape.ts). Building the state
 * nodes of a chart is most of what a new game object's first match costs,
 * and a server or client that makes its game object per match makes the
 * same shape every time: each game's machine is a clone of the template of
 * its shape, with its own game code (xstate-internals.ts, `cloneMachine`).
 *
 * A template holds no game code: the chart config is plain data, its rule
 * guards read only the steps, and the start configurations are remembered
 * without a match's context.
 */
import type { AnyStateMachine } from 'xstate';
import { knownShape, type KnownShape } from '../engine/game-shape';
import type { StartConfigurations } from './direct-start';

export interface MachineTemplate {
  /** Built once and never run: only cloned. */
  machine: AnyStateMachine;
  starts: StartConfigurations;
}

const templates = new WeakMap<KnownShape, Map<number, MachineTemplate>>();

/** The template of `game`'s shape at `numPlayers` seats, built by `build` on a miss; a game of no shape: built, not kept. */
export function machineTemplate(game: object, numPlayers: number, build: () => MachineTemplate): MachineTemplate {
  const entry = knownShape(game);
  if (entry === undefined) return build();
  let byPlayers = templates.get(entry);
  if (byPlayers === undefined) templates.set(entry, (byPlayers = new Map()));
  let template = byPlayers.get(numPlayers);
  if (template === undefined) byPlayers.set(numPlayers, (template = build()));
  return template;
}
