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

/**
 * The key orders a game context has: G, ctx, random, stateID, then matchID
 * when set, then startSteps once the start is walked. The shape's index is
 * 0 to 3 (bit 1: matchID, bit 2: startSteps), or -1 for any other order.
 * Read with for-in, which allocates nothing.
 */
const LEADING = ['G', 'ctx', 'random', 'stateID'];

function shapeOf(context: object): number {
  let position = 0;
  let shape = 0;
  for (const key in context) {
    if (position < LEADING.length) {
      if (key !== LEADING[position++]) return -1;
    } else if (key === 'matchID' && shape === 0) shape = 1;
    else if (key === 'startSteps' && shape < 2) shape += 2;
    else return -1;
  }
  return position === LEADING.length ? shape : -1;
}

function keysWithin(update: object, current: object): boolean {
  for (const key in update) if (!(key in current)) return false;
  return true;
}

/**
 * What xstate's assign makes of a context update: `Object.assign({}, current,
 * update)`. For a game context (one of the shapes above, updated on its own
 * keys) the result is written out as a literal, which Node makes far faster
 * than a generic assign of objects that were themselves made by assign; any
 * other context is merged by assign.
 */
export function mergedContext(current: any, update: any): any {
  const shape = shapeOf(current);
  if (shape < 0 || (update !== current && !keysWithin(update, current))) return Object.assign({}, current, update);
  // A context merged with itself (a step's assign) is read from one object: fewer shapes at the `in` below.
  const v = update === current ? (key: string) => current[key] : (key: string) => (key in update ? update[key] : current[key]);
  switch (shape) {
    case 0:
      return { G: v('G'), ctx: v('ctx'), random: v('random'), stateID: v('stateID') };
    case 1:
      return { G: v('G'), ctx: v('ctx'), random: v('random'), stateID: v('stateID'), matchID: v('matchID') };
    case 2:
      return { G: v('G'), ctx: v('ctx'), random: v('random'), stateID: v('stateID'), startSteps: v('startSteps') };
    default:
      return { G: v('G'), ctx: v('ctx'), random: v('random'), stateID: v('stateID'), matchID: v('matchID'), startSteps: v('startSteps') };
  }
}
