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
 */
import type { AnyStateMachine } from 'xstate';

export interface JsonOptions {
  /** `config` (default): the createMachine config Stately loads; `definition`: xstate's resolved definition. */
  shape?: 'config' | 'definition';
  /** Indentation passed to JSON.stringify (default 2). */
  space?: number | string;
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
  return functionFree(source) as Record<string, unknown>;
}

/** The machine's JSON text, loadable in Stately's editor. */
export function toJson(machine: AnyStateMachine, options: JsonOptions = {}): string {
  return `${JSON.stringify(toJsonObject(machine, options), null, options.space ?? 2)}\n`;
}
