/**
 * The outcome of a request, computed once and reused: by the direct path,
 * then by the guards and the action that xstate runs for the same event. A
 * few recent (event, context) pairs are kept in a ring: a WeakMap entry per
 * event cost more than the lookups it saved, and the reuse is always of one
 * of the last requests. A miss only evaluates again. The ring keeps at most
 * four outcomes (and their G) alive per machine.
 */
const SIZE = 4;

export class RequestMemo<C, E, O> {
  private readonly events: (E | undefined)[] = new Array(SIZE).fill(undefined);
  private readonly contexts: (C | undefined)[] = new Array(SIZE).fill(undefined);
  private readonly outcomes: (O | undefined)[] = new Array(SIZE).fill(undefined);
  private next = 0;

  get(context: C, event: E): O | undefined {
    for (let i = 0; i < SIZE; i++) {
      if (this.events[i] === event && this.contexts[i] === context) return this.outcomes[i];
    }
    return undefined;
  }

  set(context: C, event: E, outcome: O): void {
    for (let i = 0; i < SIZE; i++) {
      if (this.events[i] === event) {
        this.contexts[i] = context;
        this.outcomes[i] = outcome;
        return;
      }
    }
    this.events[this.next] = event;
    this.contexts[this.next] = context;
    this.outcomes[this.next] = outcome;
    this.next = (this.next + 1) % SIZE;
  }
}
