/**
 * What the debug panel follows, kept from the client's construction until
 * the panel (loaded lazily) takes it, then handed straight on: the chart
 * actor's inspection events and the client's actions, in the order they
 * happened, so the panel sees the match from its start.
 */
import type { InspectionEvent } from 'xstate';
import type { Action, LogEntry, TransientState } from '../boardgameio/types';

/** An action the client applied: the state it led to and the client's log then. */
export interface HeardAction {
  action: Action;
  state: TransientState;
  log: LogEntry[];
}

export interface DebugSink {
  inspection(event: InspectionEvent): void;
  /** `live`: heard as it happened (not from before the panel attached). */
  action(heard: HeardAction, live: boolean): void;
}

type Held = { inspection: InspectionEvent } | { action: HeardAction };

export class DebugBuffer {
  private held: Held[] = [];
  private sink: DebugSink | undefined;
  private closed = false;

  /** The `inspect` option of the client. */
  readonly inspect = (event: InspectionEvent): void => this.take({ inspection: event });

  /** The client's action listener. */
  readonly action = (heard: HeardAction): void => this.take({ action: heard });

  attach(sink: DebugSink): void {
    this.sink = sink;
    this.closed = false;
    const held = this.held;
    this.held = [];
    for (const item of held) this.deliver(item, false);
  }

  /** No panel reads what comes next (until one attaches again): stop keeping it. */
  detach(): void {
    this.sink = undefined;
    this.closed = true;
    this.held = [];
  }

  private take(item: Held): void {
    if (this.sink) this.deliver(item, true);
    else if (!this.closed) this.held.push(item);
  }

  private deliver(item: Held, live: boolean): void {
    if ('inspection' in item) this.sink!.inspection(item.inspection);
    else this.sink!.action(item.action, live);
  }
}
