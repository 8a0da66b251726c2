/**
 * The client's chart actor, kept in step with the client's state: an applied
 * move or event is replayed on it as a named transition (the game code is not
 * run twice); anything else (undo, a sync, a reset) restores it from the new
 * state. A client nobody inspects makes the actor only when `chart()` is
 * first asked for.
 */
import type { Outcome as FlowOutcome, RequestEvent } from '../../machines';
import type { CallTape } from './call-tape';
import { newMatchActor, replayOn, restoredActor, type ChartActor, type Inspect } from './chart-actor';
import { contextOf } from './game-state';
import type { MatchStart } from './match-start';
import type { BoundGame } from './taped-game';
import type { State } from './types';

export interface Replay {
  event: RequestEvent;
  tape: CallTape;
  outcome: FlowOutcome & { ok: true };
}

export class ChartFollower {
  private actor: ChartActor | undefined;
  /** The state the actor stands in. */
  private synced: State | undefined;

  constructor(
    private readonly bound: BoundGame,
    readonly inspect: Inspect | undefined,
  ) {}

  /** Inspected from the start: the actor takes the match's first transitions too. */
  startWith(start: MatchStart, matchID: string): void {
    const actor = newMatchActor(this.bound, start.state, { seed: start.seed, matchID }, start.tape, this.inspect);
    actor.start();
    this.actor = actor;
    this.synced = start.state;
  }

  /** Whether an actor follows the match (and so replays each applied move or event). */
  get following(): boolean {
    return this.actor !== undefined;
  }

  /** The running actor (restored from `state` if there is none). */
  actorFor(state: State | null): ChartActor {
    if (!this.actor) {
      if (state === null)
        throw new Error(
          'turnchart/boardgameio: the match has no state yet (a multiplayer client has it after its first sync)',
        );
      this.actor = restoredActor(this.bound, state, this.inspect);
      this.actor.start();
      this.synced = state;
    }
    return this.actor;
  }

  stop(): void {
    this.actor?.stop();
    this.actor = undefined;
  }

  /** Bring the actor to `target`: replay an applied move or event, restore after anything else. */
  follow(replay: Replay | undefined, from: State | null, target: State | null, multiplayer: boolean): void {
    if (!this.actor) {
      // An inspected multiplayer client's actor starts with its first sync.
      if (this.inspect && multiplayer && target) this.actorFor(target);
      return;
    }
    const computed =
      replay && from
        ? { outcome: replay.outcome, from: contextOf(from, this.bound.game), game: this.bound.compiled }
        : undefined;
    if (replay && replayOn(this.actor, replay.event, replay.tape, computed)) {
      this.synced = target ?? undefined;
      return;
    }
    if (target && this.synced && this.synced.G === target.G && this.synced.ctx === target.ctx) return;
    this.stop();
    if (target) this.actorFor(target);
  }
}
