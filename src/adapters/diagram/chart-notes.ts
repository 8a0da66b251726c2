/** Argument-driven edges folded into the box they leave, as notes (`setStage(stage) → any state`). */
import type { AnyStateNode } from 'xstate';
import type { ChartEdgeRule, ChartNode } from './chart-graph-types';
import { isDescendant } from './state-nodes';

/** An argument-driven transition on its way into a note: its drawn source, label line, rule, and drawn targets so far. */
export interface PendingNote {
  source: AnyStateNode;
  line: string;
  rule: ChartEdgeRule;
  targets: AnyStateNode[];
}

/**
 * Folded argument-driven edges as notes on the box they leave: the rule and
 * where it may lead (`any state` when that is every state of the box). A note
 * that every child of a box carries alike is written once, on that box.
 */
export function writeNotes(nodes: Map<string, ChartNode>, notes: Map<string, PendingNote>): void {
  for (const { source, line, rule, targets } of notes.values()) {
    const node = nodes.get(source.id)!;
    const inside = targets.every((target) => isDescendant(target, source));
    const everyChild =
      inside &&
      node.children.length > 0 &&
      node.children.every((child) => targets.some((target) => target.id === child));
    const where = everyChild
      ? 'any state'
      : targets.map((target) => nodes.get(target.id)?.label ?? target.key).join(', ');
    node.notes.push({
      text: `${line} → ${where}`,
      event: rule.event,
      ...(rule.rule !== undefined ? { rule: rule.rule } : {}),
      sources: [source.id],
      targets: targets.map((target) => target.id),
      ...(node.reached === false ? { reached: false } : {}),
    });
  }
  // A note every child of a box has alike is written once, on the box: from any of them.
  for (const node of nodes.values()) {
    if (node.children.length < 2 || node.kind === 'parallel') continue;
    const children = node.children.map((child) => nodes.get(child)!);
    for (const note of [...children[0].notes]) {
      const alike = children.map((child) =>
        child.notes.find(
          (other) => other.text === note.text && JSON.stringify(other.targets) === JSON.stringify(note.targets),
        ),
      );
      if (alike.some((other) => other === undefined)) continue;
      children.forEach((child, i) => child.notes.splice(child.notes.indexOf(alike[i]!), 1));
      const reached = alike.some((other) => other!.reached !== false);
      node.notes.push({
        ...note,
        sources: alike.flatMap((other) => other!.sources),
        ...(reached ? {} : { reached: false }),
      });
      if (reached) delete node.notes[node.notes.length - 1].reached;
    }
  }
}
