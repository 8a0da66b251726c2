/**
 * `Local()`: boardgame.io 0.50's in-process multiplayer. Every client made
 * with the same game object (in one page or process) talks to one master:
 * the match master turnchart/server runs too (master/match-master.ts) over an in-memory store,
 * with the server's message checks and its per-seat views, and no socket in
 * between. As in boardgame.io, a match is made by its first sync and its
 * seats are open (there is no lobby to hand out credentials). With
 * `bots`, bot classes play the seats they are given (local-bots.ts).
 */
import { bindGame } from '../taped-game';
import { checkBots, LocalBotPlayers, type LocalBots } from './local-bots';
import {
  Transport,
  type ChatMessage,
  type TransportData,
  type TransportFactory,
  type TransportOpts,
} from '../transport';
import type { Action, BoardgameGame, State } from '../types';
import { LiveMatches, type ServerBoundGame } from '../master/live-matches';
import { MatchMaster, type Broadcast } from '../master/match-master';
import { MemoryStore } from '../master/memory-store';
import { checkChat, checkUpdate, type ClientAction } from '../master/message-guards';
import { broadcastArgs, syncView } from '../master/player-view';
import type { ServerGame } from '../master/types';

export interface LocalOptions {
  /** Bot classes by seat, e.g. `{ '1': MCTSBot }`: those seats play by themselves. The game needs `ai.enumerate`. */
  bots?: LocalBots;
  /** Not supported: matches live in memory only. */
  persist?: boolean;
  storageKey?: string;
}

/** No lobby, no credentials: every seat is open, as in boardgame.io's Local. */
const OPEN_SEATS = { authenticate: () => Promise.resolve(true) };

const report = (what: string) => (error: unknown) =>
  console.error(`turnchart Local: ${what}: ${(error as Error)?.message ?? String(error)}`);

class LocalMaster {
  readonly game: ServerGame;
  readonly matches: LiveMatches;
  readonly master: MatchMaster;
  readonly clients = new Set<LocalTransport>();
  readonly bots: LocalBotPlayers | undefined;

  constructor(
    game: BoardgameGame,
    /** The `bots` option this master was made for: another one gets another master, as in boardgame.io. */
    readonly botClasses: LocalBots | undefined,
  ) {
    this.game = { ...game, name: game.name || 'default' } as ServerGame;
    this.matches = new LiveMatches(
      new MemoryStore(),
      new Map([[this.game.name, bindGame(this.game) as ServerBoundGame]]),
    );
    this.master = new MatchMaster(this.matches, OPEN_SEATS, (message) => this.broadcast(message));
    if (botClasses) {
      const { name } = this.game;
      this.bots = new LocalBotPlayers(this.game, botClasses, (action, stateID, matchID, playerID) =>
        this.master.update(name, action as ClientAction, stateID, matchID, playerID),
      );
    }
  }

  /** Each client of the match gets the message as its seat may see it. */
  private broadcast(message: Broadcast): void {
    if (message.type === 'update' || message.type === 'patch') this.bots?.reached(message.matchID, message.state);
    for (const client of this.clients) {
      if (client.matchID !== message.matchID) continue;
      let args: unknown[];
      try {
        args = broadcastArgs(this.game, client.playerID, message);
      } catch (error) {
        report(`playerView failed for player ${client.playerID}`)(error);
        continue;
      }
      client.deliver({ type: message.type, args } as TransportData);
    }
  }
}

class LocalTransport extends Transport {
  /** The match this client holds in the master's memory while connected. */
  private held: string | undefined;

  constructor(
    private readonly local: LocalMaster,
    opts: TransportOpts,
  ) {
    super(opts);
  }

  deliver(data: TransportData): void {
    this.notifyClient(data);
  }

  connect(): void {
    this.local.clients.add(this);
    this.setConnectionStatus(true);
    this.requestSync();
  }

  disconnect(): void {
    this.local.clients.delete(this);
    this.hold(undefined);
    this.setConnectionStatus(false);
  }

  requestSync(): void {
    if (!this.local.clients.has(this)) return;
    const { matchID, playerID, credentials, numPlayers } = this;
    this.hold(matchID);
    this.local.master
      .sync({ matchID, gameName: this.local.game.name, playerID, credentials, numPlayers })
      .then((result) => {
        if (!result.ok) return report('sync refused')(result.message);
        // A match made by this sync may start on a bot's turn.
        this.local.bots?.reached(matchID, result.value.state);
        if (this.local.clients.has(this) && this.matchID === matchID && this.playerID === playerID) {
          this.notifyClient({ type: 'sync', args: [matchID, syncView(this.local.game, playerID, result.value)] });
        }
      })
      .catch(report('sync failed'));
  }

  /** The server's checks first, so a game that would fail online fails here too; a refusal brings back the master's state. */
  sendAction(state: State, action: Action): void {
    const checked = checkUpdate([action, state._stateID, this.matchID, this.playerID]);
    if (!checked.ok) return report('update refused')(checked.error);
    const { action: clean, stateID, matchID, playerID } = checked.value;
    this.local.master
      .update(this.local.game.name, clean, stateID, matchID, playerID)
      .then((result) => {
        if (!result.ok) this.requestSync();
      })
      .catch(report('update failed'));
  }

  sendChatMessage(matchID: string, message: ChatMessage): void {
    const checked = checkChat([matchID, message, this.credentials]);
    if (!checked.ok) return report('chat refused')(checked.error);
    this.local.master
      .chat(checked.value.matchID, checked.value.message, checked.value.credentials)
      .catch(report('chat failed'));
  }

  private hold(matchID: string | undefined): void {
    if (this.held === matchID) return;
    if (this.held !== undefined) this.local.matches.letGo(this.held);
    if (matchID !== undefined) this.local.matches.hold(matchID);
    this.held = matchID;
  }
}

/** One master per game object, as boardgame.io keys its local masters. */
const masters = new WeakMap<object, LocalMaster>();

/** boardgame.io's `Local()`: a transport factory for the `multiplayer` option, all of a game's clients on one in-process master. */
export function Local(options: LocalOptions = {}): TransportFactory {
  if (options.persist) throw new Error('turnchart Local: `persist` is not supported (matches live in memory)');
  const { bots } = options;
  return (opts) => {
    if (bots !== undefined) checkBots(opts.gameKey, bots, opts.numPlayers || 2);
    let local = masters.get(opts.gameKey);
    if (!local || local.botClasses !== bots) masters.set(opts.gameKey, (local = new LocalMaster(opts.gameKey, bots)));
    return new LocalTransport(local, opts);
  };
}
