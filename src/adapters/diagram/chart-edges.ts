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
import type { CallEdge } from './code-calls';
import { ruleName } from '../qa/rule-name';
import { edgeLabels, shortRule } from './rule-labels';
import { delayedLabel, eventOf, isAutomatic, isDelayed, isDescendant, isSeating, transitionsOf } from './state-nodes';

/** Collects edges (and notes) between drawn state nodes; `drawn` maps a folded state node to the one drawing it. */
export class ChartEdges {
  readonly edges = new Map<string, ChartEdge>();
  readonly notes = new Map<string, PendingNote>();
  private readonly argumentMode: ArgumentEdges;
  private readonly drawn: (node: AnyStateNode) => AnyStateNode;

  private readonly uses:
    ((transition: AnyTransitionDefinition, target: AnyStateNode, fans: boolean) => boolean) | undefined;
  /** A call arrow's lines: each call, with the requests that make it. */
  private readonly callLines = new Map<ChartEdge, Map<string, string[]>>();
  /** Transitions (per target) left out because the game does not use them. */
  hidden = 0;
  /** The turn loops (turn, event, rule) left out. */
  private readonly hiddenLoops = new Set<string>();

  constructor(
    argumentMode: ArgumentEdges,
    drawn: (node: AnyStateNode) => AnyStateNode,
    uses?: (transition: AnyTransitionDefinition, target: AnyStateNode, fans: boolean) => boolean,
  ) {
    this.argumentMode = argumentMode;
    this.drawn = drawn;
    this.uses = uses;
  }

  /** A call arrow (chart-usage.ts), one per drawn pair of states; its label lists `request · call` lines. */
  addCall(call: CallEdge): void {
    const from = this.drawn(call.from);
    const to = this.drawn(call.to);
    const key = JSON.stringify([from.id, to.id, 'call']);
    let edge = this.edges.get(key);
    if (!edge) {
      edge = {
        source: from.id,
        target: to.id,
        events: [],
        rules: [],
        labels: [],
        titles: [],
        kind: 'argument',
        calls: { sources: [], targets: [] },
        fromCode: true,
      };
      this.edges.set(key, edge);
    }
    if (!call.fromCode) delete edge.fromCode;
    if (!edge.events.includes(call.event)) edge.events.push(call.event);
    if (!edge.rules.some((known) => known.event === call.event && known.rule === call.rule))
      edge.rules.push({ event: call.event, rule: call.rule });
    const source = call.source ?? call.to.parent!;
    for (const [list, id] of [
      [edge.calls!.sources, this.drawn(source).id],
      [edge.calls!.targets, to.id],
    ] as const)
      if (!list.includes(id)) list.push(id);
    // One line per call: the requests that make it, then what they call.
    const lines = this.callLines.get(edge) ?? new Map<string, string[]>();
    this.callLines.set(edge, lines);
    const requests = lines.get(call.call) ?? [];
    if (!requests.includes(call.request)) requests.push(call.request);
    lines.set(call.call, requests);
    edge.labels = [...lines].map(([called, by]) => `${by.join(', ')} · ${called}`);
    edge.titles = edge.labels.map((text) => `${text}${edge!.fromCode ? ' (read from the code)' : ''}`);
  }

  /** A state's transitions: targetless ones listed on its chart node as internal, the others as edges or notes. */
  addTransitions(node: AnyStateNode, chartNode: ChartNode): void {
    const transitions = transitionsOf(node).filter((transition) => !this.addedAsSeating(node, transition));
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
        // A time limit: its timer's loop on the state it starts with, labelled with duration, rule and outcome.
        if (isDelayed(node, transition)) {
          this.add(node, node, { event: delayedLabel(node, transition), automatic: true }, 'flow');
          continue;
        }
        // A turn's `… : no seat changes` edges take a request that changes nothing on the chart: not drawn.
        if (ruleName(transition.guard)?.endsWith(': no seat changes')) continue;
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
      for (const target of targets) {
        if (this.uses && !this.uses(transition, target, fans)) {
          this.hidden++;
          continue;
        }
        // With usage, a phase rule that fans out is narrowed to the targets the game's code names: its own arrows.
        const argument = this.uses ? isDescendant(target, node) : fans || isDescendant(target, node);
        this.add(node, target, fans && this.uses ? { ...rule, computed: true } : rule, argument ? 'argument' : 'flow');
      }
    }
  }

  /**
   * A turn that ends by entering itself again straight into the next turn's
   * seating (turnchart's seating edges: one per seating the rule can give,
   * each guard naming its `seating`) is drawn as the turn's own loop, once
   * per rule: a rule the game does not use is one hidden rule, whatever
   * number of seatings it has.
   */
  private addedAsSeating(node: AnyStateNode, transition: AnyTransitionDefinition): boolean {
    if (!isSeating(transition)) return false;
    const name = ruleName(transition.guard);
    const event = eventOf(transition);
    if (this.uses && !this.uses(transition, node, false)) {
      const key = JSON.stringify([node.id, event, name ?? null]);
      if (!this.hiddenLoops.has(key)) this.hidden++;
      this.hiddenLoops.add(key);
      return true;
    }
    const rule: ChartEdgeRule = {
      event,
      ...(name !== undefined ? { rule: name } : {}),
      ...(isAutomatic(transition, name) ? { automatic: true } : {}),
    };
    this.add(node, node, rule, 'flow');
    return true;
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
