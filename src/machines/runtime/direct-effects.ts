/**
 * The effects a direct transition owes the outside world, in xstate's order:
 * each executed action (xstate reports it to inspectors as `@xstate.action`
 * and runs it) and each microstep (`@xstate.microstep`, which the inspector
 * and the QA tools read). They are collected while the next snapshot is
 * worked out and replayed only once the whole request is known to be
 * reproducible, so a request handed back to xstate has had no effect.
 */
import type { AnyActorScope, AnyMachineSnapshot, AnyStateNode, AnyTransitionDefinition, EventObject } from 'xstate';
import { shapeAnchor } from '../engine/shape-anchor';
import { reportMicrostep } from './xstate-internals';

type Effect =
  | { kind: 'action'; type: string; params: unknown; context: unknown; event: EventObject; exec: unknown }
  | { kind: 'microstep'; event: EventObject; snapshot: AnyMachineSnapshot; transitions: AnyTransitionDefinition[] };

const noop = () => undefined;

/** A `hook` marker action (seat-region.ts): the only kind of action the direct path runs itself. */
export function isHookMarker(action: unknown): boolean {
  return typeof action === 'object' && action !== null && (action as { type?: string }).type === 'hook';
}

/** The last Effects made (rules/shape-anchor.ts). */
const anchor = shapeAnchor();

export class Effects {
  private readonly list: Effect[] = [];

  constructor(private readonly hookAction: unknown) {
    anchor.last = this;
  }

  /** The hook markers among `nodes`' entry or exit actions, as xstate runs them. */
  hooks(nodes: readonly AnyStateNode[], which: 'entry' | 'exit', context: unknown, event: EventObject): void {
    for (const node of nodes) this.hook(node, which, context, event);
  }

  /** The hook markers among one node's entry or exit actions. */
  hook(node: AnyStateNode, which: 'entry' | 'exit', context: unknown, event: EventObject): void {
    this.actions(node[which], context, event);
  }

  /** Hook markers (a transition's, or a node's entry or exit), as xstate runs them. */
  actions(actions: readonly unknown[], context: unknown, event: EventObject): void {
    for (const action of actions) {
      const { type, params } = action as { type: string; params: unknown };
      this.list.push({ kind: 'action', type, params, context, event, exec: this.hookAction });
    }
  }

  /** A `raise` of a step event (its execution does nothing for an undelayed event). */
  raise(step: EventObject, context: unknown, event: EventObject): void {
    this.list.push({
      kind: 'action',
      type: 'xstate.raise',
      params: { event: step, id: undefined, delay: undefined },
      context,
      event,
      exec: noop,
    });
  }

  microstep(event: EventObject, snapshot: AnyMachineSnapshot, transitions: AnyTransitionDefinition[]): void {
    this.list.push({ kind: 'microstep', event, snapshot, transitions });
  }

  replay(scope: AnyActorScope): void {
    for (const effect of this.list) {
      if (effect.kind === 'microstep') {
        reportMicrostep(scope, effect.event, effect.snapshot, effect.transitions);
        continue;
      }
      const info = { context: effect.context, event: effect.event, self: scope.self, system: scope.system };
      scope.actionExecutor({
        type: effect.type,
        info: info as never,
        params: effect.params as never,
        exec: effect.exec as never,
      });
    }
  }
}
