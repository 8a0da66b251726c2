/**
 * What the page shows, worked out from the server's stream alone: Stately's
 * inspection events (`@xstate.actor` picks the actor to follow — a time-travel
 * restore starts a new one —, `@xstate.event` adds a request to the log,
 * `@xstate.snapshot` gives the active states and the context) and turnchart's
 * messages (raised steps, rejections, the timeline, allowed actions). Pure: no
 * DOM, so it is tested without a browser.
 */
import type { AllowedAction } from '../../qa/allowed-actions';
import { ruleLine, shortRule } from '../../diagram/rule-labels';
import type { ChartTreeNode, ServerMessage } from '../protocol';
import type { TakenTransition } from '../../qa/inspector-session';
import type { TimeMessage } from '../../qa/session-time';

/** A transition xstate took, with the event that took it. */
export interface LoggedTransition extends TakenTransition {
  event: string;
}

export interface LoggedRequest {
  type: string;
  playerID: string;
  args: unknown[];
}

export interface LogEntry {
  /** The request; none for the start of the match. */
  request?: LoggedRequest;
  /** Raised step events, in order. */
  steps: string[];
  /** Transitions xstate took for it (targetless ones left out), with their events. */
  transitions: LoggedTransition[];
  rejection?: { code: string; message: string };
  /** Reported by a multiplayer match's master (none for several actions at once). */
  reported?: true;
}

export interface MatchView {
  match?: { name: string; numPlayers: number; seed: string | number; players: string[] };
  chart?: Omit<Extract<ServerMessage, { type: 'turnchart.chart' }>, 'type'>;
  /** The xstate session being followed (the latest root actor). */
  sessionId?: string;
  /** entries[0] is the start; entries[i] the i-th request. */
  entries: LogEntry[];
  position: number;
  length: number;
  value?: unknown;
  context?: { G?: unknown; ctx?: unknown };
  allowed: Record<string, AllowedAction[]>;
  /** A problem to show until the next request goes through (the server could not read a message). */
  lastError?: string;
  /** In a game with time limits: the session's last word on time, and when the page got it (`performance.now()`). */
  time?: Omit<TimeMessage, 'type'>;
  timeReceived?: number;
}

/** What the page receives: the server's messages and the inspection events it forwards. */
export type Incoming =
  ServerMessage | { type: '@xstate.actor' | '@xstate.event' | '@xstate.snapshot'; [key: string]: unknown };

export function emptyView(): MatchView {
  return { entries: [{ steps: [], transitions: [] }], position: 0, length: 0, allowed: {} };
}

function isRequest(event: unknown): event is LoggedRequest {
  const e = event as Partial<LoggedRequest> | null;
  return !!e && typeof e.type === 'string' && (typeof e.playerID === 'string' || e.type === 'timeout');
}

/** Apply one message of the stream to the view (in place) and return it. */
export function applyMessage(view: MatchView, message: Incoming): MatchView {
  const last = () => view.entries[view.entries.length - 1];
  switch (message.type) {
    case 'turnchart.match':
      view.match = { name: message.name, numPlayers: message.numPlayers, seed: message.seed, players: message.players };
      break;
    case 'turnchart.chart': {
      const { svg, nodes, legend = [], collapsible = [], expanded = collapsible, pane } = message;
      view.chart = { svg, nodes, legend, collapsible, expanded, ...(pane ? { pane } : {}) };
      break;
    }
    case '@xstate.actor': {
      if (message.parentId) break;
      view.sessionId = message.sessionId as string;
      const snapshot = message.snapshot as { value?: unknown; context?: MatchView['context'] } | undefined;
      if (snapshot?.value !== undefined) view.value = snapshot.value;
      if (snapshot?.context !== undefined) view.context = snapshot.context;
      break;
    }
    case '@xstate.event': {
      if (message.sessionId !== view.sessionId) break;
      const event = message.event as { type?: string; args?: unknown[] } | undefined;
      if (!isRequest(event)) break;
      view.entries.push({
        request: {
          type: event.type,
          // A timeout is no player's.
          playerID: event.playerID ?? '',
          args: Array.isArray(event.args) ? event.args : [],
        },
        steps: [],
        transitions: [],
      });
      break;
    }
    case '@xstate.snapshot': {
      if (message.sessionId !== view.sessionId) break;
      const snapshot = message.snapshot as { value?: unknown; context?: MatchView['context'] };
      view.value = snapshot.value;
      view.context = snapshot.context;
      break;
    }
    case 'turnchart.microstep':
      if (message.sessionId !== view.sessionId) break;
      if (message.step) last().steps.push(message.event.type);
      last().transitions.push(
        ...message.transitions.filter((t) => t.targets.length > 0).map((t) => ({ ...t, event: message.event.type })),
      );
      break;
    case 'turnchart.rejected':
      if (message.sessionId !== view.sessionId) break;
      last().rejection = message.rejection;
      break;
    case 'turnchart.reported':
      view.entries.push({
        ...(message.request ? { request: { ...message.request } } : {}),
        steps: [...message.steps],
        transitions: [],
        reported: true,
      });
      break;
    case 'turnchart.timeline':
      view.lastError = undefined;
      view.entries.length = Math.min(view.entries.length, message.length + 1);
      view.position = message.position;
      view.length = message.length;
      break;
    case 'turnchart.allowed':
      view.allowed = message.players;
      break;
    case 'turnchart.time': {
      const { type: _type, ...time } = message;
      view.time = time;
      break;
    }
    case 'turnchart.error':
      view.lastError = message.message;
      break;
  }
  return view;
}

/** The ids of the active state nodes for a state value, given the chart's tree. */
export function activeStateIds(nodes: ChartTreeNode[], value: unknown): Set<string> {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const root = nodes.find((node) => node.parent === undefined);
  const active = new Set<string>();
  const childByKey = (node: ChartTreeNode, key: string) =>
    node.children.map((id) => byId.get(id)!).find((child) => child.key === key);
  const walk = (node: ChartTreeNode, at: unknown) => {
    active.add(node.id);
    if (typeof at === 'string') {
      const child = childByKey(node, at);
      if (child) active.add(child.id);
    } else if (at && typeof at === 'object') {
      for (const [key, inner] of Object.entries(at)) {
        const child = childByKey(node, key);
        if (child) walk(child, inner);
      }
    }
  };
  if (root) walk(root, value);
  return active;
}

/** The state of each seat's region (`player0` → `idle`), read from the state value. */
export function seatStates(value: unknown): Record<string, string> {
  const seats: Record<string, string> = {};
  const visit = (at: unknown) => {
    if (!at || typeof at !== 'object') return;
    for (const [key, inner] of Object.entries(at)) {
      const seat = /^player(.+)$/.exec(key);
      if (seat && typeof inner === 'string') seats[seat[1]] = inner;
      else visit(inner);
    }
  };
  visit(value);
  return seats;
}

/** The chart's tree, indexed: each node, the box drawing it, its path of keys, its seat. */
export interface ChartIndex {
  byId: Map<string, ChartTreeNode>;
  /** The id of the box that draws a node (itself, unless its seat is folded into another's). */
  drawnOf(id: string): string;
  /** The node's keys from the root's child down (`phases`, `draw`, `turn`, `player0`, `A`). */
  pathOf(id: string): string[];
  /** The seat of a node in a seat region (`player3` and below → `3`). */
  seatOf(id: string): string | undefined;
}

export function chartIndex(nodes: ChartTreeNode[]): ChartIndex {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const pathOf = (id: string): string[] => {
    const node = byId.get(id);
    if (!node || node.parent === undefined) return [];
    return [...pathOf(node.parent), node.key];
  };
  const seatOf = (id: string): string | undefined => {
    for (let node = byId.get(id); node; node = node.parent === undefined ? undefined : byId.get(node.parent)) {
      const parent = node.parent === undefined ? undefined : byId.get(node.parent);
      const seat = /^player(\d+)$/.exec(node.key);
      if (seat && parent && parent.children.length > 1 && byId.get(parent.children[0])?.key.startsWith('player'))
        return seat[1];
    }
    return undefined;
  };
  return { byId, drawnOf: (id) => byId.get(id)?.drawn ?? id, pathOf, seatOf };
}

/** What the chart shows for a state value: the boxes of active leaf states (with the seats in each), and the boxes of their ancestors. */
export function activeBoxes(
  index: ChartIndex,
  value: unknown,
): { leaves: Map<string, string[]>; ancestors: Set<string> } {
  const leaves = new Map<string, string[]>();
  const ancestors = new Set<string>();
  const all = activeStateIds([...index.byId.values()], value);
  for (const id of all) {
    const node = index.byId.get(id)!;
    const isLeaf = !node.children.some((child) => all.has(child));
    const drawn = index.drawnOf(id);
    if (!isLeaf) {
      ancestors.add(drawn);
      continue;
    }
    const seats = leaves.get(drawn) ?? [];
    const seat = index.seatOf(id);
    if (seat !== undefined && !seats.includes(seat)) seats.push(seat);
    leaves.set(drawn, seats);
  }
  for (const leaf of leaves.keys()) ancestors.delete(leaf);
  return { leaves, ancestors };
}

/** A drawn edge a request took: by the boxes it joins and its rule, with the events and seats that took it. */
export interface TakenEdge {
  source: string;
  target: string;
  rule?: string;
  events: string[];
  seats: string[];
  /** `endStage · next`, the event taken and the rule as the chart writes it; `(players 1, 2)` when folded seats took it. */
  label: string;
  /** The same, with where it led: for a transition written in a box that may lead to several states. */
  labelTo: string;
  /** The pieces: the event and rule (`setActivePlayers(set)`), where it led (`discard (players 1, 2, 3)`). */
  said: string;
  to: string;
  /** Its place among the request's taken transitions, from 1, in the order they were taken. */
  order: number;
}

export function takenEdges(index: ChartIndex, transitions: readonly LoggedTransition[]): TakenEdge[] {
  const edges = new Map<string, TakenEdge>();
  for (const transition of transitions) {
    const source = index.drawnOf(transition.source);
    for (const targetId of transition.targets) {
      const target = index.drawnOf(targetId);
      const key = JSON.stringify([source, target, transition.rule ?? null]);
      const edge = edges.get(key) ?? {
        source,
        target,
        ...(transition.rule !== undefined ? { rule: transition.rule } : {}),
        events: [],
        seats: [],
        label: '',
        labelTo: '',
        said: '',
        to: '',
        order: edges.size + 1,
      };
      if (!edge.events.includes(transition.event)) edge.events.push(transition.event);
      const seat = index.seatOf(transition.source);
      const folded =
        index.byId.get(transition.source)?.drawn !== undefined ||
        [...index.byId.values()].some((node) => node.drawn === transition.source);
      if (seat !== undefined && folded && !edge.seats.includes(seat)) edge.seats.push(seat);
      edges.set(key, edge);
    }
  }
  for (const edge of edges.values()) {
    const rule = edge.rule === undefined ? undefined : shortRule(edge.rule, index.pathOf(edge.source));
    const said = ruleLine(edge.events, rule);
    const seats = edge.seats.length ? ` (player${edge.seats.length > 1 ? 's' : ''} ${edge.seats.join(', ')})` : '';
    edge.said = said;
    edge.to = `${index.byId.get(edge.target)?.key ?? edge.target}${seats}`;
    edge.label = `${said}${seats}`;
    edge.labelTo = `${said} → ${edge.to}`;
  }
  return [...edges.values()];
}

/** Seats as runs, short enough for a badge: `0–6`, `0,2–5`, `1,3`. */
export function seatRuns(seats: readonly string[]): string {
  const numbers = seats.map(Number).sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const seat of numbers) {
    const run = runs[runs.length - 1];
    if (run && seat === run[run.length - 1] + 1) run.push(seat);
    else runs.push([seat]);
  }
  return runs.map((run) => (run.length > 2 ? `${run[0]}–${run[run.length - 1]}` : run.join(','))).join(',');
}
