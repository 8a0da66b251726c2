/**
 * The inspector page's stream, made from a live client instead of a server:
 * the chart actor's inspection events in Stately's shape, the raised steps,
 * the refusals (said in the chart's terms), a timeline of the client's states
 * and what each player may send. Requests from the page go through the
 * client, so the board and the panel show one match; time travel puts an
 * earlier state back into the client (a SYNC), as the inspector restores an
 * earlier snapshot.
 *
 * A refused move reaches the chart actor too (only when the chart refuses it
 * as well, so nothing changes): the panel's log shows it where it happened,
 * with the actor's own reason.
 *
 * In a multiplayer match the master keeps the history: the timeline grows
 * by the actions its updates report (one step each) and by those a sync's
 * log adds to ours (master-steps.ts); the client's own guess at a move is
 * not a step. Only undo, redo, reset, another match or a sync whose history
 * is not ours start a new timeline.
 */
import { explain, type RequestEvent, type Game } from '../../../machines';
import * as actions from '../../boardgameio/action-creators';
import type { TurnchartClient } from '../../boardgameio/client';
import { bindGame, type BoundGame } from '../../boardgameio/taped-game';
import type { Action, LogEntry, State, StateAction, TransientState } from '../../boardgameio/types';
import { expire, timedOut, timeMessage } from './panel-time';
import { allowedActions } from '../../qa/allowed-actions';
import type { PageMessage, ServerMessage } from '../../inspect/protocol';
import { microstepMessage } from '../../qa/inspector-session';
import { toWire, type StatelyInspectionEvent } from '../../inspect/stately-stream';
import type { DebugBuffer, HeardAction } from '../debug-buffer';
import { actionsOf, extendsLog, isUndoOrRedo, lineOf, replayed, sameState, type ReportedLine } from './master-steps';
import { PanelChart } from './panel-chart';
import { statelyNow } from './stately-events';

interface TimelineEntry {
  state: State;
  log: LogEntry[];
}

export type Publish = (message: unknown) => void;

/** The request a move or event action stands for, as the chart receives it. */
export function requestOf(action: Action, before: State): RequestEvent | undefined {
  if (action.type !== actions.MAKE_MOVE && action.type !== actions.GAME_EVENT) return undefined;
  const { type, args, playerID } = (action as { payload: { type: string; args?: unknown; playerID?: string | null } })
    .payload;
  const list = args === undefined || args === null ? [] : Array.isArray(args) ? args : [args];
  return {
    type: action.type === actions.MAKE_MOVE ? `move.${type}` : type,
    playerID: playerID ?? before.ctx.currentPlayer,
    args: list,
  };
}

/** What the page logs as a request (match-view.ts): an event with a type and a player. */
const isRequest = (event: unknown): boolean =>
  typeof (event as RequestEvent | null)?.type === 'string' && typeof (event as RequestEvent).playerID === 'string';

/** What a multiplayer client's master sends: its state, and the log since the last one (update, patch) or all of it (sync). */
const MASTER_ACTIONS: ReadonlySet<string> = new Set([actions.UPDATE, actions.PATCH, actions.SYNC]);

const withoutTransients = (state: TransientState): State => {
  const { transients: _transients, ...rest } = state;
  return rest;
};

export class DebugSession {
  private readonly game: Game;
  private readonly bound: BoundGame;
  /** The match the timeline is of (a new match starts a new one). */
  private matchID: string;
  private entries: TimelineEntry[];
  private at = 0;
  private travelling = false;
  private before: State;
  private started = false;
  private announced = false;
  private readonly chart: PanelChart;

  constructor(
    private readonly client: TurnchartClient,
    private readonly buffer: DebugBuffer,
    private readonly publish: Publish,
  ) {
    // The config as written (not the adapter's recording wrappers): what each player may send is found by trying the moves' parameters.
    this.game = client.game as Game;
    this.chart = new PanelChart(client, this.game, (message) => this.emit(message));
    this.bound = bindGame(client.game);
    this.matchID = client.matchID;
    // The buffer has kept everything from the match's start: the timeline starts there. (The client renders its
    // panel only once it has a state, so a multiplayer client has synced by now.)
    this.before = client.getInitialState()!;
    this.entries = [{ state: this.before, log: [] }];
    const state = this.before as State & { plugins: { random?: { data?: { seed?: string | number } } } };
    const players = Array.from({ length: client.numPlayers }, (_, seat) => String(seat));
    this.emit({
      type: 'turnchart.match',
      name: client.game.name ?? 'game',
      numPlayers: client.numPlayers,
      seed: state.plugins.random?.data?.seed ?? '—',
      players,
    });
  }

  /** Follow the client (again, after `stop`): its chart actor's inspection events and its actions. */
  start(): void {
    if (this.started) return;
    this.started = true;
    const stately = statelyNow((event) => this.emit(event));
    this.buffer.attach({
      inspection: (inspection) => {
        // A request reaches the actor: from an earlier position, the future is dropped first, as the inspector does.
        if (inspection.type === '@xstate.event' && isRequest(inspection.event)) this.dropFuture();
        stately(inspection);
        const step = microstepMessage(inspection);
        if (step) this.emit(step);
      },
      action: (heard, live) => this.heard(heard, live),
    });
    if (!this.announced) this.announce();
    this.announced = true;
  }

  /** Draw the chart (the turns the match is in open) and send it to the page. */
  drawChart(): Promise<void> {
    return this.chart.draw();
  }

  /** What the page asked for: a request (played through the client), or time travel. */
  receive(message: PageMessage): void {
    if (message.type === 'back') return this.goto(this.at - 1);
    if (message.type === 'forward') return this.goto(this.at + 1);
    if (message.type === 'goto') return this.goto(message.position);
    if (message.type === 'expire') return expire(this.client, this.before);
    if (message.type === 'layout') return void this.chart.draw(message.expanded, message.pane);
    const { type, playerID, args = [] } = message.request;
    const { credentials } = this.client;
    if (type.startsWith('move.'))
      this.client.store.dispatch(actions.makeMove(type.slice('move.'.length), args, playerID, credentials));
    else this.client.store.dispatch(actions.gameEvent(type, args, playerID, credentials));
  }

  stop(): void {
    this.started = false;
    this.buffer.detach();
  }

  private goto(position: number): void {
    if (!Number.isInteger(position) || position < 0 || position >= this.entries.length || position === this.at) return;
    const { state, log } = this.entries[position];
    this.at = position;
    this.travelling = true;
    try {
      this.client.store.dispatch(actions.sync({ state, log }));
    } finally {
      this.travelling = false;
    }
    this.before = state;
    this.announce();
  }

  private heard({ action, state: after, log }: HeardAction, live: boolean): void {
    if (this.travelling) return;
    const before = this.before;
    this.before = withoutTransients(after);
    if (this.client.multiplayer && MASTER_ACTIONS.has(action.type))
      return this.fromMaster(action as StateAction, this.before, log);
    // A local client's timer (or the panel's expire) applied a deadline: logged as the client's own step.
    const timeout = timedOut(action, after);
    if (timeout) {
      this.dropFuture();
      this.report(timeout);
      return this.push(this.before, log);
    }
    const request = requestOf(action, before);
    // Undo, redo, reset (an update in single-player): a new timeline starts here (the chart actor was restored).
    if (!request) return this.restart(this.before, log);
    const refused = after.transients?.error !== undefined;
    if (this.client.multiplayer) {
      // The master keeps the match's history: a move the client shows at once is a guess until the master's update
      // (fromMaster records it). A refusal is logged as in single-player, but only at the present.
      if (refused && live && this.atEnd() && this.chartRefuses(request)) this.push(this.before, log);
      return;
    }
    // A refusal is logged where the chart actor refuses it too, asked at once; not one the client made for a reason
    // the chart does not know (it would accept), nor one made before the panel attached (the actor has moved on since).
    if (refused && !(live && this.chartRefuses(request))) return;
    this.dropFuture();
    this.push(this.before, log);
  }

  /** An update (or patch) adds the master's action to the timeline; a sync adds those of its log ours lacks. */
  private fromMaster(action: StateAction, state: State, log: LogEntry[]): void {
    if (action.type === actions.SYNC) return this.synced(action, state, log);
    const groups = actionsOf(action.deltalog ?? []);
    if (groups.some(isUndoOrRedo)) return this.restart(state, log);
    // Not newer than our present: the master's answer to a refused action; the client is back at the present.
    if (state._stateID <= this.entries[this.entries.length - 1].state._stateID) return this.toPresent();
    this.report(lineOf(groups));
    this.push(state, log);
  }

  /** A sync that goes on from our history (a reconnection, the first sync) extends it; any other starts anew. */
  private synced(sync: StateAction, state: State, log: LogEntry[]): void {
    const start = sync.initialState;
    const ours = this.entries[this.entries.length - 1].log;
    const continues =
      this.matchID === this.client.matchID &&
      start !== undefined &&
      sameState(start, this.entries[0].state) &&
      extendsLog(ours, log);
    if (!continues) {
      this.matchID = this.client.matchID;
      if (!start) return this.restart(state, log);
      this.entries = [{ state: start, log: [] }];
      this.at = 0;
      this.emit({ type: 'turnchart.timeline', position: 0, length: 0 });
    }
    const from = this.entries[this.entries.length - 1];
    const groups = actionsOf(log.slice(from.log.length));
    if (groups.length === 0) return this.toPresent();
    const states = replayed(this.bound, from.state, groups, state);
    if (!states) {
      this.report(lineOf(groups));
      return this.push(state, log);
    }
    let logged = from.log.length;
    groups.forEach((group, index) => {
      this.report(lineOf([group]));
      logged += group.length;
      this.entries.push({ state: states[index], log: log.slice(0, logged) });
    });
    this.toPresent();
  }

  /** A page log line for a step the master reported (the chart actor was restored: no transitions to show). */
  private report(line: ReportedLine): void {
    this.emit({ type: 'turnchart.reported', ...line });
  }

  private push(state: State, log: LogEntry[]): void {
    this.entries.push({ state, log });
    this.toPresent();
  }

  private restart(state: State, log: LogEntry[]): void {
    this.entries = [{ state, log }];
    this.at = 0;
    this.announce();
  }

  private toPresent(): void {
    this.at = this.entries.length - 1;
    this.announce();
  }

  private atEnd(): boolean {
    return this.at === this.entries.length - 1;
  }

  private dropFuture(): void {
    if (this.travelling || this.atEnd()) return;
    this.entries.length = this.at + 1;
    this.emit({ type: 'turnchart.timeline', position: this.at, length: this.at });
  }

  /** Send a refused request to the chart actor when it refuses it too (nothing changes), to log it with the chart's reason. */
  private chartRefuses(request: RequestEvent): boolean {
    const actor = this.client.chart();
    if (actor.getSnapshot().can(request as never)) return false;
    // The actor takes no transition and says nothing: the reason is the flow's, in the chart's terms.
    const explained = explain(this.game, actor.getSnapshot().context, request);
    actor.send(request as never);
    this.emit({
      type: 'turnchart.rejected',
      sessionId: actor.sessionId,
      request,
      rejection: { code: explained.code!, message: explained.text },
    });
    return true;
  }

  private announce(): void {
    const length = this.entries.length - 1;
    this.emit({ type: 'turnchart.timeline', position: this.at, length });
    this.emit({ type: 'turnchart.allowed', players: allowedActions(this.game, this.client.chart().getSnapshot()) });
    const time = timeMessage(this.client, this.before, this.atEnd());
    if (time) this.emit(time);
  }

  /** Everything goes out at once, in the order it happened (stately-events.ts says why not later). */
  private emit(message: ServerMessage | StatelyInspectionEvent): void {
    this.publish(toWire(message));
  }
}
