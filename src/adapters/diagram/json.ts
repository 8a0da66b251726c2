/**
 * A machine as JSON for Stately's tools. Stately's inspector
 * (`@statelyai/inspect`) sends an actor's `logic.config` (the config given
 * to `createMachine`, not the resolved `machine.definition`) as
 * JSON, with each function replaced by `{ type: <its name> }`; Stately's
 * editor imports that same config shape. So the default output is
 * `machine.config`, as JSON: state keys, `initial`, `type: 'parallel'`,
 * `on` with string targets (`#phase0`, `.idle`), named guards with their
 * params, named actions, `meta`. `createMachine(JSON.parse(json))` builds
 * the same chart (without the implementations, which live in code).
 *
 * Functions cannot be JSON: the root's `context` factory is dropped (the
 * editor treats context as data, and a turnchart context is made per match),
 * any other function becomes `{ type: name }` as the inspector does.
 * `shape: 'definition'` gives xstate's resolved `machine.toJSON()` instead,
 * with the same treatment of functions.
 *
 * As in the drawings, identical seat regions are folded by default into the
 * first, renamed `each player (×N)` with a description saying so (its
 * guards keep that seat's params): a chart to look at in Stately's editor.
 * `seats: 'unfold'` gives the machine's own config, every seat.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { chartGraph } from './chart-graph';

export interface JsonOptions {
  /** `config` (default): the createMachine config Stately loads; `definition`: xstate's resolved definition. */
  shape?: 'config' | 'definition';
  /** Indentation passed to JSON.stringify (default 2). */
  space?: number | string;
  /** Identical seat regions folded into one (`fold`, default) or each kept (`unfold`: the machine's own config). */
  seats?: 'fold' | 'unfold';
}

type StateJson = {
  id?: string;
  key?: string;
  description?: string;
  on?: Record<string, EdgeJson[] | EdgeJson>;
  states?: Record<string, StateJson>;
};
type EdgeJson = { guard?: string | { type: string; params?: { seating?: unknown } }; target?: unknown };

/**
 * A turn's edges into the seats' states (one per seating: turnchart's turn
 * restarts) name seats that folding removes: in the folded chart each rule
 * re-enters the turn once.
 */
function foldSeatings(turn: StateJson, id: string): void {
  for (const [event, edges] of Object.entries(turn.on ?? {})) {
    if (!Array.isArray(edges)) continue;
    const kept: EdgeJson[] = [];
    const seen = new Set<string>();
    for (const edge of edges) {
      const guard = edge.guard;
      if (typeof guard !== 'object' || guard.params?.seating === undefined) {
        kept.push(edge);
        continue;
      }
      const folded = { ...edge, guard: guard.type, target: id };
      const key = JSON.stringify(folded);
      if (!seen.has(key)) kept.push(folded);
      seen.add(key);
    }
    turn.on![event] = kept;
  }
}

/** Identical regions of a parallel state kept once, under the folded region's name. */
function foldSeats(machine: AnyStateMachine, json: StateJson): void {
  const graph = chartGraph(machine, { arguments: 'none' });
  for (const node of graph.nodes.values()) {
    if (!node.members) continue;
    const region = machine.getStateNodeById(node.id) as AnyStateNode;
    let parent: StateJson | undefined = json;
    for (const key of region.path.slice(0, -1)) parent = parent?.states?.[key];
    const states = parent?.states;
    if (!states) continue;
    const folded = new Set(node.members.map((id) => (machine.getStateNodeById(id) as AnyStateNode).key));
    const kept = states[region.key];
    const renamed: Record<string, StateJson> = {};
    for (const [key, state] of Object.entries(states)) {
      if (key === region.key) {
        const seats = [...folded].join(', ');
        renamed[node.label] = {
          ...kept,
          ...(kept.key !== undefined ? { key: node.label } : {}),
          description: `${node.label}: ${seats} are identical but for the seat; drawn once, as ${region.key} (its guards' params name that seat)`,
        };
      } else if (!folded.has(key)) renamed[key] = state;
    }
    parent!.states = renamed;
    foldSeatings(parent!, parent!.id?.startsWith('#') ? parent!.id : `#${(region.parent as AnyStateNode).id}`);
  }
}

function functionFree(value: unknown): unknown {
  const root = value;
  return JSON.parse(
    JSON.stringify(value, function (this: unknown, key: string, item: unknown) {
      if (typeof item !== 'function') return item;
      if (this === root && key === 'context') return undefined;
      return { type: item.name || 'anonymous' };
    }),
  );
}

/** The machine's JSON as a plain object (no functions, no cycles). */
export function toJsonObject(machine: AnyStateMachine, options: JsonOptions = {}): Record<string, unknown> {
  const source = options.shape === 'definition' ? machine.toJSON() : machine.config;
  const json = functionFree(source) as Record<string, unknown>;
  if ((options.seats ?? 'fold') === 'fold') foldSeats(machine, json as StateJson);
  return json;
}

/** The machine's JSON text, loadable in Stately's editor. */
export function toJson(machine: AnyStateMachine, options: JsonOptions = {}): string {
  return `${JSON.stringify(toJsonObject(machine, options), null, options.space ?? 2)}\n`;
}
