/**
 * A server clock the test moves (turnchart/server's `clock` option): no
 * timer fires until the test says the time has come, so a test of time
 * limits never races the wall clock.
 */
import type { MatchClock } from 'turnchart/boardgameio';

export class ManualClock implements MatchClock {
  private readonly timers = new Map<number, { at: number; fire: () => void }>();
  private nextID = 1;

  constructor(private time: number) {}

  now(): number {
    return this.time;
  }

  setTimeout(fire: () => void, ms: number): number {
    const id = this.nextID++;
    this.timers.set(id, { at: this.time + ms, fire });
    return id;
  }

  clearTimeout(id: unknown): void {
    this.timers.delete(id as number);
  }

  /** Moves the time on by `ms`, firing every timer due by then (those set meanwhile too) in time order. */
  advance(ms: number): void {
    const target = this.time + ms;
    for (;;) {
      let due: [number, { at: number; fire: () => void }] | undefined;
      for (const entry of this.timers) if (entry[1].at <= target && (!due || entry[1].at < due[1].at)) due = entry;
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = Math.max(this.time, due[1].at);
      due[1].fire();
    }
    this.time = target;
  }
}
