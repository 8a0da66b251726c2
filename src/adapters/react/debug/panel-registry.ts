/**
 * Which client the page's one debug panel shows. A page may render several
 * clients (boardgame.io's own tutorials put two seats of one match side by
 * side): each has its panel, but only one is docked at a time, as
 * boardgame.io's client manager shows one client and offers a switcher.
 * The first client mounted is shown until the user picks another.
 */
import type { TurnchartClient } from '../../boardgameio/client';
import type { PlayerID } from '../../../machines';

type Listener = () => void;

class PanelRegistry {
  private clients: TurnchartClient[] = [];
  private shown: TurnchartClient | undefined;
  private version = 0;
  private readonly listeners = new Set<Listener>();

  /** A panel mounted for `client`; returns its removal. */
  add(client: TurnchartClient): () => void {
    this.clients = [...this.clients, client];
    this.shown ??= client;
    this.changed();
    return () => this.remove(client);
  }

  show(client: TurnchartClient): void {
    if (this.shown === client || !this.clients.includes(client)) return;
    this.shown = client;
    this.changed();
  }

  isShown(client: TurnchartClient): boolean {
    return this.shown === client;
  }

  all(): readonly TurnchartClient[] {
    return this.clients;
  }

  /**
   * Seat `playerID` for the shown client, as boardgame.io's panel switches
   * seats: a multiplayer client hands over to another client of the page
   * that plays that seat on the same transport; otherwise the client itself
   * changes seat (its board gets the new `playerID`).
   */
  switchSeat(client: TurnchartClient, playerID: PlayerID | null): void {
    const other = client.multiplayer
      ? this.clients.find(
          (candidate) =>
            candidate !== client && candidate.multiplayer === client.multiplayer && candidate.playerID === playerID,
        )
      : undefined;
    if (other) return this.show(other);
    client.updatePlayerID(playerID);
    this.changed();
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Changes with every change above: a snapshot for useSyncExternalStore. */
  snapshot = (): number => this.version;

  private remove(client: TurnchartClient): void {
    this.clients = this.clients.filter((candidate) => candidate !== client);
    if (this.shown === client) this.shown = this.clients[0];
    this.changed();
  }

  private changed(): void {
    this.version++;
    for (const listener of [...this.listeners]) listener();
  }
}

export const panelRegistry = new PanelRegistry();
