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

/** A shape, whether a game of it passed the config checks, and its built machine per number of seats. */
export interface KnownShape {
  shape: ChartShape;
  checked: boolean;
  templates: Map<number, MachineTemplate>;
}

/** Most recently used first: a lookup compares the game with each shape, and most end at the first. */
const known: KnownShape[] = [];
/** The shape found for a game object (null: it has none), so its compile and its machine walk it once. */
const found = new WeakMap<object, KnownShape | null>();

function lookUp(game: object): KnownShape | null {
  for (let i = 0; i < known.length; i++) {
    const entry = known[i];
    if (!sameShape(entry.shape, game)) continue;
    if (i > 0) known.unshift(...known.splice(i, 1));
    return entry;
  }
  const shape = chartShape(game);
  if (shape === undefined) return null;
  const entry = { shape, checked: false, templates: new Map() };
  known.unshift(entry);
  if (known.length > LIMIT) known.pop();
  return entry;
}

/** The kept shape of `game` (added if new), or undefined when the game is not plain data and functions. */
export function knownShape(game: object): KnownShape | undefined {
  let entry = found.get(game);
  if (entry === undefined) found.set(game, (entry = lookUp(game)));
  return entry ?? undefined;
}

/** The template of `game`'s shape at `numPlayers` seats, built by `build` on a miss; a game of no shape: built, not kept. */
export function machineTemplate(game: object, numPlayers: number, build: () => MachineTemplate): MachineTemplate {
  const entry = knownShape(game);
  if (entry === undefined) return build();
  let template = entry.templates.get(numPlayers);
  if (template === undefined) entry.templates.set(numPlayers, (template = build()));
  return template;
}

/** How many shapes are kept (for tests). */
export function templateCount(): number {
  return known.length;
}
