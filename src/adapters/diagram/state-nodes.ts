/** What the chart graph reads off an xstate StateNode: its kind, ancestry, transitions and their events, action labels. */
import type { AnyStateNode, AnyTransitionDefinition } from 'xstate';
import type { ChartNodeKind } from './chart-graph-types';

export function kindOf(node: AnyStateNode): ChartNodeKind {
  if (!node.parent) return 'root';
  if (node.type === 'compound' && node.parent.type === 'parallel') return 'region';
  return node.type;
}

export function isDescendant(node: AnyStateNode, ancestor: AnyStateNode): boolean {
  for (let at = node.parent; at; at = at.parent) if (at === ancestor) return true;
  return false;
}

/** The actions xstate adds to a state with `after`: they set and clear its timers, which its timer edges show. */
const TIMER_ACTIONS = new Set(['xstate.raise', 'xstate.cancel']);

/** `entry / <name>` labels: a turnchart hook marker shows its config location, other actions their type. */
export function actionLabels(when: 'entry' | 'exit', actions: readonly unknown[]): string[] {
  const shown = actions.filter((action) => !TIMER_ACTIONS.has((action as { type?: string }).type ?? ''));
  return shown.map((action) => {
    const a = action as { type?: string; params?: { hook?: string } } | string;
    const name = typeof a === 'string' ? a : (a.params?.hook ?? a.type ?? 'action');
    return `${when} / ${name}`;
  });
}

export function eventOf(transition: AnyTransitionDefinition): string {
  return transition.eventType === '' ? 'always' : String(transition.eventType);
}

/** A transition the flow takes by itself: its description says so (turnchart's endIfs and limits), or boardgame.io's loop stop. */
export function isAutomatic(transition: AnyTransitionDefinition, rule: string | undefined): boolean {
  const description = (transition as { description?: unknown }).description;
  return (
    (typeof description === 'string' && /^automatic\b/.test(description)) ||
    (rule !== undefined && rule.endsWith('(loop stop)'))
  );
}

/** Whether a transition of `node` is one of its delayed transitions (xstate's `after`: a time limit on turnchart's chart). */
export function isDelayed(node: AnyStateNode, transition: AnyTransitionDefinition): boolean {
  return node.after.some((delayed) => delayed.eventType === transition.eventType);
}

/** A delayed transition's label: its description (`after 30 s · turn.time → endTurn`), else its delay. */
export function delayedLabel(node: AnyStateNode, transition: AnyTransitionDefinition): string {
  const description = (transition as { description?: unknown }).description;
  if (typeof description === 'string') return description;
  const delay = node.after.find((delayed) => delayed.eventType === transition.eventType)?.delay;
  return `after ${typeof delay === 'number' ? `${delay} ms` : String(delay)}`;
}

export function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  const transitions = [...node.transitions.values()].flat();
  if (node.always) transitions.push(...node.always);
  return transitions;
}

/** A turn end that enters the turn again, seated as its guard's `seating` says (the chart's seating edges). */
export function isSeating(transition: AnyTransitionDefinition): boolean {
  const params = (transition.guard as { params?: { seating?: unknown } } | undefined)?.params;
  return transition.reenter && params?.seating !== undefined;
}
