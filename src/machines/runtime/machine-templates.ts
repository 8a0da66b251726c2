/**
 * Built machines by chart shape (chart/chart-key.ts). Building the state
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
import type { StartConfigurations } from './direct-start';

export interface MachineTemplate {
  /** Built once and never run: only cloned. */
  machine: AnyStateMachine;
  starts: StartConfigurations;
}

/** Shapes kept; a shape is a game config, so a process rarely has more than a few. */
const LIMIT = 64;
const templates = new Map<string, MachineTemplate>();

/** The template of the shape `key`, built by `build` on a miss; `key` undefined: built, not kept. */
export function machineTemplate(key: string | undefined, build: () => MachineTemplate): MachineTemplate {
  if (key === undefined) return build();
  const hit = templates.get(key);
  if (hit !== undefined) {
    // Most recently used last: a Map iterates in insertion order.
    templates.delete(key);
    templates.set(key, hit);
    return hit;
  }
  const made = build();
  templates.set(key, made);
  if (templates.size > LIMIT) templates.delete(templates.keys().next().value as string);
  return made;
}

/** How many shapes are kept (for tests). */
export function templateCount(): number {
  return templates.size;
}
