/**
 * What the page shows, worked out from the server's stream alone: Stately's
 * inspection events (`@xstate.actor` picks the actor to follow — a time-travel
 * restore starts a new one —, `@xstate.event` adds a request to the log,
 * `@xstate.snapshot` gives the active states and the context) and turnchart's
 * messages (raised steps, rejections, the timeline, allowed actions). Pure: no
 * DOM, so it is tested without a browser.
 */
import type { AllowedAction } from '../allowed-actions';
import type { ChartTreeNode, ServerMessage } from '../protocol';
import type { TakenTransition } from '../session';

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
  /** Transitions xstate took for it (targetless ones left out). */
  transitions: TakenTransition[];
  rejection?: { code: string; message: string };
}

export interface MatchView {
  match?: { name: string; numPlayers: number; seed: string | number; players: string[] };
  chart?: { svg: string; nodes: ChartTreeNode[] };
  /** The xstate session being followed (the latest root actor). */
  sessionId?: string;
  /** entries[0] is the start; entries[i] the i-th request. */
  entries: LogEntry[];
  position: number;
  length: number;
  value?: unknown;
  context?: { G?: unknown; ctx?: unknown };
  allowed: Record<string, AllowedAction[]>;
  lastError?: string;
}

type Incoming = ServerMessage | { type: '@xstate.actor' | '@xstate.event' | '@xstate.snapshot'; [key: string]: unknown };

export function emptyView(): MatchView {
  return { entries: [{ steps: [], transitions: [] }], position: 0, length: 0, allowed: {} };
}

function isRequest(event: unknown): event is LoggedRequest {
  const e = event as Partial<LoggedRequest> | null;
  return !!e && typeof e.type === 'string' && typeof e.playerID === 'string';
}

/** Apply one message of the stream to the view (in place) and return it. */
export function applyMessage(view: MatchView, message: Incoming): MatchView {
  const last = () => view.entries[view.entries.length - 1];
  switch (message.type) {
    case 'turnchart.match':
      view.match = { name: message.name, numPlayers: message.numPlayers, seed: message.seed, players: message.players };
      break;
    case 'turnchart.chart':
      view.chart = { svg: message.svg, nodes: message.nodes };
      break;
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
      view.entries.push({ request: { type: event.type, playerID: event.playerID, args: Array.isArray(event.args) ? event.args : [] }, steps: [], transitions: [] });
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
      if (message.raised) last().steps.push(message.event.type);
      last().transitions.push(...message.transitions.filter((t) => t.targets.length > 0));
      break;
    case 'turnchart.rejected':
      if (message.sessionId !== view.sessionId) break;
      last().rejection = message.rejection;
      break;
    case 'turnchart.timeline':
      view.entries.length = Math.min(view.entries.length, message.length + 1);
      view.position = message.position;
      view.length = message.length;
      break;
    case 'turnchart.allowed':
      view.allowed = message.players;
      break;
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
  const childByKey = (node: ChartTreeNode, key: string) => node.children.map((id) => byId.get(id)!).find((child) => child.key === key);
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
