/**
 * The client's log (boardgame.io's `client.log`): every move, event, undo
 * and redo appends its deltalog, a multiplayer client's updates the
 * master's. boardgame.io copies the whole log on
 * every action; here the new entries wait until the log is read, which then
 * gets a new array (as it would from boardgame.io), so actions nobody renders
 * do not pay a copy each.
 */
import * as actions from './action-creators';
import type { Action, LogEntry, State, TransientState } from './types';

export class ClientLog {
  /** The log as last read. */
  private list: LogEntry[] = [];
  /**
   * Entries appended since; an empty array still means "read a new array", as every action gives one.
   * Mostly one action's deltalog itself (never changed once made); when a second comes before a read, an array
   * of the log's own that later ones are pushed onto (a client nobody reads would otherwise copy it per action).
   */
  private waiting: readonly LogEntry[] | undefined;
  private waitingOwned = false;

  append(entries: readonly LogEntry[]): void {
    const waiting = this.waiting;
    if (waiting === undefined) {
      this.waiting = entries;
    } else if (!this.waitingOwned) {
      this.waiting = waiting.concat(entries);
      this.waitingOwned = true;
    } else {
      for (let i = 0; i < entries.length; i++) (waiting as LogEntry[]).push(entries[i]);
    }
  }

  /** Start over from `list` itself (a reset, or a sync's full log). */
  replace(list: LogEntry[]): void {
    this.list = list;
    this.waiting = undefined;
    this.waitingOwned = false;
  }

  /** `_stateID` of the newest entry, -1 when empty. */
  lastStateID(): number {
    const newest = this.waiting?.length ? this.waiting : this.list;
    return newest.length > 0 ? newest[newest.length - 1]._stateID : -1;
  }

  /** Take what `action` did to the log (boardgame.io's log middleware); a sync also names the match's initial state, returned. */
  follow(action: Action, state: TransientState | null): State | undefined {
    switch (action.type) {
      case actions.MAKE_MOVE:
      case actions.GAME_EVENT:
      case actions.UNDO:
      case actions.REDO:
        this.append(state?.deltalog ?? []);
        return undefined;
      case actions.RESET:
        this.replace([]);
        return undefined;
      case actions.UPDATE:
      case actions.PATCH: {
        // The master's deltalog may repeat entries this client logged already.
        const last = this.lastStateID();
        const deltalog = (action as { deltalog?: unknown }).deltalog;
        if (Array.isArray(deltalog)) this.append(deltalog.filter((entry: LogEntry) => entry?._stateID > last));
        return undefined;
      }
      case actions.SYNC: {
        const sync = action as { initialState?: State; log?: LogEntry[] };
        this.replace(Array.isArray(sync.log) ? sync.log : []);
        return sync.initialState;
      }
    }
    return undefined;
  }

  entries(): LogEntry[] {
    const waiting = this.waiting;
    if (waiting) {
      // A refusal adds nothing but still gives a new array: `slice` copies it several times faster than `concat`.
      this.list = waiting.length === 0 ? this.list.slice() : this.list.concat(waiting as LogEntry[]);
      this.waiting = undefined;
      this.waitingOwned = false;
    }
    return this.list;
  }
}
