/**
 * Snapshots made by the direct path. They have the fields and the field
 * order of xstate's own `createMachineSnapshot`, so every snapshot of a game
 * has one object shape (spreading mixed shapes was a measurable cost), and
 * they share the previous snapshot's methods and unchanged parts.
 */
import type { AnyMachineSnapshot, AnyStateNode } from 'xstate';

export interface SnapshotChanges {
  context?: unknown;
  _nodes?: AnyStateNode[];
  value?: unknown;
  status?: 'active' | 'done';
}

export function nextSnapshot(previous: AnyMachineSnapshot, changes: SnapshotChanges): AnyMachineSnapshot {
  const p = previous as any;
  const configurationChanged = changes._nodes !== undefined;
  return {
    status: changes.status ?? p.status,
    output: p.output,
    error: p.error,
    machine: p.machine,
    context: changes.context === undefined ? p.context : changes.context,
    _nodes: changes._nodes ?? p._nodes,
    value: changes.value ?? p.value,
    // xstate makes a new tag set per snapshot; the chart has no tags, so it is empty whenever the configuration changes.
    tags: configurationChanged ? new Set<string>() : p.tags,
    children: p.children,
    historyValue: p.historyValue,
    matches: p.matches,
    hasTag: p.hasTag,
    can: p.can,
    getMeta: p.getMeta,
    toJSON: p.toJSON,
  } as AnyMachineSnapshot;
}
