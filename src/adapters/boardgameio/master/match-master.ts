/**
 * The authority over every match: boardgame.io 0.50's `Master` on
 * turnchart's engine. It checks each request in boardgame.io's order
 * (credentials, game over, undo rules, active player, move available,
 * stale state), runs accepted actions through turnchart's boardgame.io
 * reducer, commits the result, and only then hands the broadcast to the
 * transport. Every refusal comes back as `{ error }` and changes nothing.
 */
import { isPlayerActive, getMove, nextDeadline, passedDeadline } from '../../../machines';
import { timeout } from '../action-creators';
import { applyAction } from '../reducer';
import type { LogEntry, State, TransientState } from '../types';
import type { Auth } from './credentials';
import type { LiveMatch, LiveMatches } from './live-matches';
import { MatchDeadlines, SYSTEM_CLOCK, type MatchClock } from './match-deadlines';
import { createMatch } from './match-setup';
import type { ClientAction } from './message-guards';
import type { ChatMessage, FilteredMetadata, MatchMetadata, SyncInfo } from './types';

/** What the master asks the transport to send; the transport filters it for each client. */
export type Broadcast =
  | { type: 'update'; matchID: string; state: State; deltalog: LogEntry[] }
  | { type: 'patch'; matchID: string; prevStateID: number; prevState: State; state: State; deltalog: LogEntry[] }
  | { type: 'matchData'; matchID: string; metadata: FilteredMetadata }
  | { type: 'chat'; matchID: string; message: ChatMessage };

export type Refused = { error: string; message: string };
export type Result<T = undefined> = { ok: true; value: T } | ({ ok: false } & Refused);

const refuse = (error: string, message: string): { ok: false } & Refused => ({ ok: false, error, message });

/** Seats without credentials, as clients see them. */
export function filteredMetadata(metadata: MatchMetadata): FilteredMetadata {
  return Object.values(metadata.players).map(({ credentials: _credentials, ...seat }) => seat);
}

export interface SyncRequest {
  matchID: string;
  gameName: string;
  playerID: string | null | undefined;
  credentials: string | undefined;
  numPlayers: number | undefined;
}

export class MatchMaster {
  /** The matches' time limits: each match's next deadline runs `timeout` (match-deadlines.ts). */
  readonly deadlines: MatchDeadlines;

  constructor(
    private readonly matches: LiveMatches,
    private readonly auth: Pick<Auth, 'authenticate'>,
    private readonly broadcast: (message: Broadcast) => void,
    /** A `sync` to an unknown match creates it (boardgame.io's behaviour); false leaves that to the lobby. */
    private readonly matchesOnSync = true,
    /** The time of moves, events and timeouts in games with time limits, and the timers' clock. */
    private readonly clock: MatchClock = SYSTEM_CLOCK,
    private readonly report: (message: string) => void = (message) => console.error(message),
  ) {
    this.deadlines = new MatchDeadlines(clock, (matchID) => {
      this.timeout(matchID).catch((error) => this.report(`turnchart server: timeout of ${matchID}: ${String(error)}`));
    });
    matches.onState = (matchID, state) => {
      // A game without time limits has no ctx.time and never a timer: nothing to do per action.
      if (state.ctx.time !== undefined || this.deadlines.at(matchID) !== undefined)
        this.deadlines.set(matchID, nextDeadline(state.ctx)?.at);
    };
  }

  private async liveMatch(matchID: string, gameName: string): Promise<LiveMatch | Refused> {
    const live = await this.matches.get(matchID);
    if (!live) return { error: 'game not found', message: `match ${matchID} not found` };
    if (live.bound.game.name !== gameName)
      return { error: 'game not found', message: `match ${matchID} is not a match of ${gameName}` };
    return live;
  }

  /** An `update` from a client: one action by `playerID`. */
  update(
    gameName: string,
    action: ClientAction,
    stateID: number,
    matchID: string,
    playerID: string | null | undefined,
  ): Promise<Result> {
    return this.matches.run(matchID, async () => {
      const live = await this.liveMatch(matchID, gameName);
      if ('error' in live) return refuse(live.error, live.message);
      const { payload } = action;
      if (!(await this.auth.authenticate(live.metadata, playerID, payload.credentials))) {
        return refuse('unauthorized action', `the credentials do not match player ${String(playerID)}`);
      }
      // boardgame.io authenticates the message's playerID but runs the action as the payload's: one seat could act for another.
      if (
        typeof playerID !== 'string' ||
        (payload.playerID !== undefined && payload.playerID !== null && payload.playerID !== playerID)
      ) {
        return refuse('unauthorized action', 'an action acts for the player who sends it');
      }
      const state = live.state;
      const { ctx } = state;
      if (ctx.gameover !== undefined) return refuse('game over', `match ${matchID} is over`);
      if (action.type === 'UNDO' || action.type === 'REDO') {
        const active = ctx.activePlayers;
        if (
          (!active && ctx.currentPlayer !== playerID) ||
          (active && (!Object.prototype.hasOwnProperty.call(active, playerID) || Object.keys(active).length > 1))
        ) {
          return refuse('cannot undo', `player ${playerID} cannot undo / redo right now`);
        }
      }
      if (!isPlayerActive(ctx, playerID)) return refuse('player not active', `player ${playerID} is not active`);
      const move =
        action.type === 'MAKE_MOVE' ? getMove(live.bound.compiled, ctx, payload.type as string, playerID) : null;
      if (action.type === 'MAKE_MOVE' && !move)
        return refuse('move not processed', `player ${playerID} cannot make the move ${payload.type} now`);
      const ignoresStale =
        move !== null &&
        typeof move.move === 'object' &&
        move.move !== null &&
        (move.move as { ignoreStaleStateID?: boolean }).ignoreStaleStateID === true;
      if (state._stateID !== stateID && !ignoresStale)
        return refuse('invalid stateID', `stateID was ${stateID}, expected ${state._stateID}`);

      const { credentials: _credentials, ...stripped } = payload;
      const now = live.bound.compiled.timed ? this.clock.now() : undefined;
      const applied = applyAction(
        live.bound,
        state,
        { type: action.type, payload: { ...stripped, playerID } },
        move,
        now,
      ).state as TransientState;
      const { transients, ...next } = applied;
      if (transients?.error) {
        // boardgame.io broadcasts the unchanged state after a refused action; nothing to commit.
        this.send(live, stateID, state, { ...state, deltalog: [] }, []);
        // Refused as late (TIME_UP): the timer has not fired yet; the timeout goes next.
        const passed = now !== undefined ? passedDeadline(state.ctx, now) : undefined;
        if (passed) this.deadlines.set(matchID, passed.at);
        return refuse(transients.error.type, `the action was refused (${transients.error.type})`);
      }
      await this.commit(live, stateID, state, next as State);
      return { ok: true, value: undefined };
    });
  }

  /**
   * A time limit of the match ran out: apply the earliest deadline passed,
   * in the match's queue like a move, and broadcast it like a move. Not due
   * (another instance applied it, or the state moved on): only set the timer
   * again.
   */
  timeout(matchID: string): Promise<Result> {
    return this.matches.run(matchID, async () => {
      const live = await this.matches.get(matchID);
      if (!live) return refuse('game not found', `match ${matchID} not found`);
      const { state } = live;
      const now = this.clock.now();
      if (!passedDeadline(state.ctx, now)) {
        this.deadlines.set(matchID, nextDeadline(state.ctx)?.at);
        return { ok: true, value: undefined };
      }
      const { transients, ...next } = applyAction(live.bound, state, timeout(now)).state as TransientState;
      if (transients?.error) {
        // The game's code refuses the outcome (a hook that throws): the match stays at this deadline.
        this.report(`turnchart server: match ${matchID}: the timeout was refused (${transients.error.type})`);
        return refuse(transients.error.type, `the timeout was refused (${transients.error.type})`);
      }
      await this.commit(live, state._stateID, state, next as State);
      return { ok: true, value: undefined };
    });
  }

  /** Commit an accepted action's state (the match's metadata with it), then broadcast it. */
  private async commit(live: LiveMatch, stateID: number, state: State, next: State): Promise<void> {
    const deltalog = next.deltalog ?? [];
    let metadata: MatchMetadata | undefined;
    if (live.metadata.gameover === undefined || live.metadata.gameover === null) {
      metadata = { ...live.metadata, updatedAt: Date.now() };
      if (next.ctx.gameover !== undefined) metadata.gameover = next.ctx.gameover;
    }
    const { deltalog: _deltalog, ...stored } = next;
    await this.matches.commitState(live, stored as State, deltalog, metadata);
    this.send(live, stateID, state, next, deltalog);
  }

  private send(live: LiveMatch, stateID: number, prevState: State, state: State, deltalog: LogEntry[]): void {
    const withLog = { ...state, deltalog };
    if (live.bound.game.deltaState) {
      this.broadcast({
        type: 'patch',
        matchID: live.matchID,
        prevStateID: stateID,
        prevState,
        state: withLog,
        deltalog,
      });
    } else {
      this.broadcast({ type: 'update', matchID: live.matchID, state: withLog, deltalog });
    }
  }

  /** A `sync`: the match for this client, created on demand as boardgame.io does. */
  sync(request: SyncRequest): Promise<Result<SyncInfo>> {
    const { matchID, gameName, playerID, credentials, numPlayers } = request;
    return this.matches.run(matchID, async () => {
      const live = await this.matchToSync(matchID, gameName, numPlayers);
      if ('error' in live) return refuse(live.error, live.message);
      if (live.bound.game.name !== gameName)
        return refuse('game not found', `match ${matchID} is not a match of ${gameName}`);
      if (
        playerID !== undefined &&
        playerID !== null &&
        !(await this.auth.authenticate(live.metadata, playerID, credentials))
      ) {
        return refuse('unauthorized', `the credentials do not match player ${playerID}`);
      }
      return {
        ok: true,
        value: {
          state: live.state,
          log: await this.matches.log(matchID),
          filteredMetadata: filteredMetadata(live.metadata),
          initialState: live.initialState,
        },
      };
    });
  }

  /** The match a `sync` asks for: loaded, or created if the store has none. */
  private async matchToSync(
    matchID: string,
    gameName: string,
    numPlayers: number | undefined,
  ): Promise<LiveMatch | Refused> {
    const live = await this.matches.get(matchID);
    if (live) return live;
    const metadata = await this.matches.store.fetchMetadata(matchID);
    if (metadata) {
      if (!this.matches.gameNamed(metadata.gameName))
        return { error: 'game not found', message: `match ${matchID} belongs to a game this server does not serve` };
      // Created since the load found none: by another instance sharing the store (its seat's sync
      // racing this one), or by the lobby. Load it again rather than take it for another game's.
      return (await this.matches.get(matchID)) ?? { error: 'game not found', message: `match ${matchID} not found` };
    }
    if (!this.matchesOnSync)
      return { error: 'game not found', message: `match ${matchID} not found (create matches through the lobby)` };
    const bound = this.matches.gameNamed(gameName)!;
    const created = createMatch(bound, { numPlayers, unlisted: true, now: this.clock.now() });
    if ('error' in created) return { error: 'cannot create match', message: created.error };
    // Another instance creating it first makes this throw (MatchExistsError): the cluster runs the sync again.
    await this.matches.create(matchID, bound, created);
    return (await this.matches.get(matchID)) ?? { error: 'game not found', message: `match ${matchID} not found` };
  }

  /** A seat's client connected or left: update `isConnected` and tell the match. */
  connectionChange(
    matchID: string,
    playerID: string | null | undefined,
    credentials: string | undefined,
    connected: boolean,
  ): Promise<Result> {
    return this.matches.run(matchID, async () => {
      if (playerID === undefined || playerID === null) return { ok: true, value: undefined };
      const live = await this.matches.get(matchID);
      if (!live) return refuse('metadata not found', `match ${matchID} not found`);
      if (!Object.prototype.hasOwnProperty.call(live.metadata.players, playerID))
        return refuse('player not in the match', `player ${playerID} is not in match ${matchID}`);
      if (!(await this.auth.authenticate(live.metadata, playerID, credentials)))
        return refuse('unauthorized', `the credentials do not match player ${playerID}`);
      const seat = live.metadata.players[playerID as unknown as number];
      if (seat.isConnected === connected) {
        this.broadcast({ type: 'matchData', matchID, metadata: filteredMetadata(live.metadata) });
        return { ok: true, value: undefined };
      }
      const metadata: MatchMetadata = {
        ...live.metadata,
        players: { ...live.metadata.players, [playerID]: { ...seat, isConnected: connected } },
      };
      await this.matches.commitMetadata(matchID, metadata);
      this.broadcast({ type: 'matchData', matchID, metadata: filteredMetadata(metadata) });
      return { ok: true, value: undefined };
    });
  }

  /** A chat message, passed on to the match if its sender may speak for that seat. */
  async chat(matchID: string, message: ChatMessage, credentials: string | undefined): Promise<Result> {
    const metadata = await this.matches.metadata(matchID);
    if (!metadata) return refuse('game not found', `match ${matchID} not found`);
    if (!(await this.auth.authenticate(metadata, message.sender, credentials)))
      return refuse('unauthorized', `the credentials do not match player ${message.sender}`);
    this.broadcast({ type: 'chat', matchID, message });
    return { ok: true, value: undefined };
  }
}
