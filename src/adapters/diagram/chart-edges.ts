/**
 * The chart graph's edges: one per drawn source, target and kind, listing
 * every transition that goes that way. A transition is argument-driven when
 * it leads into its own state's children, or when its rule (event and guard)
 * leads from the state to several targets; those are folded into notes,
 * drawn dashed or left out, as asked.
 */
import type { AnyStateNode, AnyTransitionDefinition } from 'xstate';
import type { ArgumentEdges, ChartEdge, ChartEdgeKind, ChartEdgeRule, ChartNode } from './chart-graph-types';
import type { PendingNote } from './chart-notes';
import { ruleName } from '../qa/rule-name';
import { edgeLabels, shortRule } from './rule-labels';
import { eventOf, isAutomatic, isDescendant, transitionsOf } from './state-nodes';

/** Collects edges (and notes) between drawn state nodes; `drawn` maps a folded state node to the one drawing it. */
export class ChartEdges {
  readonly edges = new Map<string, ChartEdge>();
  readonly notes = new Map<string, PendingNote>();
  private readonly argumentMode: ArgumentEdges;
  private readonly drawn: (node: AnyStateNode) => AnyStateNode;

  constructor(argumentMode: ArgumentEdges, drawn: (node: AnyStateNode) => AnyStateNode) {
    this.argumentMode = argumentMode;
    this.drawn = drawn;
  }

  /** A state's transitions: targetless ones listed on its chart node as internal, the others as edges or notes. */
  addTransitions(node: AnyStateNode, chartNode: ChartNode): void {
    const transitions = transitionsOf(node);
    // How many targets each rule (event and guard) leads to from this state: more than one makes it data-driven.
    const fanOut = new Map<string, Set<string>>();
    const ruleKey = (transition: AnyTransitionDefinition) =>
      JSON.stringify([eventOf(transition), ruleName(transition.guard) ?? null]);
    for (const transition of transitions) {
      if (!transition.target?.length) continue;
      const targets = fanOut.get(ruleKey(transition)) ?? new Set<string>();
      targets.add(transition.target.map((target) => target.id).join('\n'));
      fanOut.set(ruleKey(transition), targets);
    }
    for (const transition of transitions) {
      const event = eventOf(transition);
      const targets = transition.target ?? [];
      if (targets.length === 0) {
        if (!chartNode.internal.includes(event)) chartNode.internal.push(event);
        continue;
      }
      const name = ruleName(transition.guard);
      const rule: ChartEdgeRule = {
        event,
        ...(name !== undefined ? { rule: name } : {}),
        ...(isAutomatic(transition, name) ? { automatic: true } : {}),
      };
      const fans = fanOut.get(ruleKey(transition))!.size > 1;
      for (const target of targets)
        this.add(node, target, rule, fans || isDescendant(target, node) ? 'argument' : 'flow');
    }
  }

  private add(source: AnyStateNode, target: AnyStateNode, rule: ChartEdgeRule, kind: ChartEdgeKind): void {
    const from = this.drawn(source);
    const to = this.drawn(target);
    if (kind === 'argument' && this.argumentMode !== 'dashed') {
      if (this.argumentMode === 'none') return;
      const line = edgeLabels([rule], (name) => shortRule(name, from.path))[0];
      const key = JSON.stringify([from.id, line]);
      const note = this.notes.get(key) ?? { source: from, line, rule, targets: [] };
      if (!note.targets.includes(to)) note.targets.push(to);
      this.notes.set(key, note);
      return;
    }
    const key = JSON.stringify([from.id, to.id, kind]);
    let edge = this.edges.get(key);
    if (!edge)
      this.edges.set(
        key,
        (edge = { source: from.id, target: to.id, events: [], rules: [], labels: [], titles: [], kind }),
      );
    if (!edge.events.includes(rule.event)) edge.events.push(rule.event);
    if (!edge.rules.some((known) => known.event === rule.event && known.rule === rule.rule)) edge.rules.push(rule);
    edge.labels = edgeLabels(edge.rules, (name) => shortRule(name, from.path));
    edge.titles = edgeLabels(
      edge.rules.map(({ event, rule: r }) => ({ event, ...(r !== undefined ? { rule: r } : {}) })),
    );
  }
}
