/**
 * What the inspector server and its page say to each other over the
 * WebSocket. Server to page: the Stately inspection events of the match
 * (`@xstate.actor`, `@xstate.event`, `@xstate.snapshot`, exactly as Stately
 * Inspector gets them) interleaved, in order, with turnchart's own messages.
 * Page to server: requests and time travel.
 */
import type { SessionMessage } from '../qa/inspector-session';

/** One state of the chart as the page needs it to map a state value to the drawn boxes. */
export interface ChartTreeNode {
  /** xstate state node id; the SVG's `data-id`. */
  id: string;
  key: string;
  parent?: string;
  /** Children in the machine's order. */
  children: string[];
  /** The node whose box draws this one, when not its own (identical seat regions are drawn once). */
  drawn?: string;
}

export type ServerMessage =
  | { type: 'turnchart.match'; name: string; numPlayers: number; seed: string | number; players: string[] }
  /**
   * The statechart drawn by the diagram adapter (ELK layout), its tree and its legend; sent again once the states no
   * play reaches are greyed, and to a page that asked for turns drawn open or closed (`layout`): `collapsible`, the
   * turns a click opens or closes; `expanded`, those drawn open.
   */
  | {
      type: 'turnchart.chart';
      svg: string;
      nodes: ChartTreeNode[];
      legend: string[];
      collapsible: string[];
      expanded: string[];
      /** The pane (px) a chart with turns closed was laid out for. */
      pane?: { width: number; height: number };
    }
  | SessionMessage
  /** A step a multiplayer client's master reported (the React debug panel): a log line without chart transitions. */
  | {
      type: 'turnchart.reported';
      request?: { type: string; playerID: string; args: unknown[] };
      steps: string[];
    }
  /** The server could not act on a page message (malformed, not a request). */
  | { type: 'turnchart.error'; message: string };

export type PageMessage =
  | { type: 'send'; request: { type: string; playerID: string; args?: unknown[] } }
  | { type: 'back' }
  | { type: 'forward' }
  | { type: 'goto'; position: number }
  /** QA: the next deadline comes now (a game with time limits). */
  | { type: 'expire' }
  /** Draw the chart again with these turns open and every other closed (answered with a `turnchart.chart`). */
  | { type: 'layout'; expanded: string[]; pane?: { width: number; height: number } };

/** Path of the WebSocket endpoint on the inspector server. */
export const SOCKET_PATH = '/ws';
