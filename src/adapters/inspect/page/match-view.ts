/**
 * What the page shows, worked out from the server's stream alone: Stately's
 * inspection events (`@xstate.actor` picks the actor to follow — a time-travel
 * restore starts a new one —, `@xstate.event` adds a request to the log,
 * `@xstate.snapshot` gives the active states and the context) and turnchart's
 * messages (raised steps, rejections, the timeline, allowed actions). Pure: no
 * DOM, so it is tested without a browser. Where the view's state sits on the
 * chart is chart-index.ts; what a request took, taken-edges.ts.
 */
import type { AllowedAction } from '../../qa/allowed-actions';
import type { ServerMessage } from '../protocol';
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
