/** Edge labels: a transition's rule (its guard's name), shortened by the box it leaves, grouped into label lines. */
import type { ChartEdgeRule } from './chart-graph-types';

/**
 * One label line for the events taken under one rule. The rule alone when
 * it names its only event (`maxMoves`) or is that event called with its
 * argument (`setPhase(phase)`).
 */
export function ruleLine(events: readonly string[], rule: string | undefined): string {
  if (rule === undefined) return events.join(', ');
  if (events.length === 1 && (rule === events[0] || rule.startsWith(`${events[0]}(`))) return rule;
  return `${events.join(', ')} · ${rule}`;
}

/** Label lines: transitions grouped by rule, in order of first appearance; `automatic` for the flow's own. */
export function edgeLabels(rules: readonly ChartEdgeRule[], name: (rule: string) => string = (rule) => rule): string[] {
  const groups = new Map<string | undefined, { events: string[]; automatic: boolean; computed: boolean }>();
  for (const { event, rule, automatic, computed } of rules) {
    const group = groups.get(rule) ?? { events: [], automatic: true, computed: false };
    if (!group.events.includes(event)) group.events.push(event);
    group.automatic &&= automatic === true;
    group.computed ||= computed === true;
    groups.set(rule, group);
  }
  return [...groups].map(([rule, { events, automatic, computed }]) => {
    const short = rule === undefined ? undefined : name(rule);
    const line = automatic && short !== undefined ? `automatic · ${short}` : ruleLine(events, short);
    return computed ? `${line} (computed)` : line;
  });
}

/** The rule each of edgeLabels' lines stands for, in the same order (undefined: the events without a rule). */
export function labelRules(rules: readonly ChartEdgeRule[]): (string | undefined)[] {
  return [...new Set(rules.map((rule) => rule.rule))];
}

/**
 * The prefixes a rule name loses on an edge leaving the state at `path`
 * (turnchart's config locations: `phases.<phase>.` inside a phase, then
 * `turn.` on the turn itself, `turn.stages.<stage>.` on a stage's state), so
 * `phases.draw.next` leaving `draw` reads `next`. Other machines keep their
 * guard names whole.
 */
function rulePrefixes(path: readonly string[]): string[] {
  if (path[0] !== 'phases' || path.length < 2) return [];
  const phase = path[1] === '(no phase)' ? '(no phase).' : `phases.${path[1]}.`;
  // A phase without a turn of its own plays the game's: its rules are `turn.…`.
  if (path.length === 3 && path[2] === 'turn') return [`${phase}turn.`, 'turn.', phase];
  if (path.length === 5 && path[2] === 'turn')
    return [`${phase}turn.stages.${path[4]}.`, `turn.stages.${path[4]}.`, phase];
  return [phase];
}

/** A rule's name as written on an edge leaving the state at `path`. */
export function shortRule(rule: string, path: readonly string[]): string {
  for (const prefix of rulePrefixes(path))
    if (rule.startsWith(prefix) && rule.length > prefix.length) return rule.slice(prefix.length);
  return rule;
}
