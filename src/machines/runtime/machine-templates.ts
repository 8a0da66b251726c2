/**
 * Built machines by chart shape (chart/chart-shape.ts). Building the state
 * nodes of a chart is most of what a new game object's first match costs,
 * and a server or client that makes its game object per match makes the
 * same shape every time: each game's machine is a clone of the template of
 * its shape, with its own game code (xstate-internals.ts, `cloneMachine`).
 *
 * A template holds no game code: the chart config is plain data, its rule
 * guards read only the steps, and the start configurations are remembered
 * without a match's context. The cache is bounded, least recently used
 * first out; an evicted template lives on in the machines cloned from it.
 */
import type { AnyStateMachine } from 'xstate';
import { chartShape, sameShape, type ChartShape } from '../chart/chart-shape';
import type { StartConfigurations } from './direct-start';

export interface MachineTemplate {
  /** Built once and never run: only cloned. */
  machine: AnyStateMachine;
  starts: StartConfigurations;
}

/** Shapes kept; a shape is a game config, so a process rarely has more than a few. */
const LIMIT = 64;

interface Entry {
  numPlayers: number;
  shape: ChartShape;
  template: MachineTemplate;
}

/** Most recently used first: a lookup compares the game with each shape, and most end at the first. */
const entries: Entry[] = [];

/** The template of `game`'s shape at `numPlayers` seats, built by `build` on a miss; a game of no shape: built, not kept. */
export function machineTemplate(game: object, numPlayers: number, build: () => MachineTemplate): MachineTemplate {
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (entry.numPlayers !== numPlayers || !sameShape(entry.shape, game)) continue;
    if (i > 0) entries.unshift(...entries.splice(i, 1));
    return entry.template;
  }
  const shape = chartShape(game);
  if (shape === undefined) return build();
  const template = build();
  entries.unshift({ numPlayers, shape, template });
  if (entries.length > LIMIT) entries.pop();
  return template;
}

/** How many shapes are kept (for tests). */
export function templateCount(): number {
  return entries.length;
}
