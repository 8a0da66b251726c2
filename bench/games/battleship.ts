/**
 * Battleship, in the style of published boardgame.io 0.50 games: each
 * player's 10×10 grid of cell objects holds five ships placed at setup;
 * players fire in turn, a hit fires again and a miss ends the turn. Clicks
 * on a cell already fired at, off the grid, or out of turn are refused
 * (`INVALID_MOVE`, or the engine's refusal); `endIf` scans both grids for a
 * fleet sunk.
 */
import type { BenchLib } from './lib';

export const SIZE = 10;
export const SHIPS = [5, 4, 3, 3, 2];

export interface Cell {
  ship: number | null;
  shot: boolean;
}

export interface Ship {
  id: number;
  size: number;
  hits: number;
  sunk: boolean;
}

export interface BattleshipState {
  grids: Record<string, Cell[]>;
  fleets: Record<string, Ship[]>;
  shots: { player: string; cell: number; hit: boolean }[];
}

export const opponentOf = (player: string) => (player === '0' ? '1' : '0');

function placeFleet(random: any): { grid: Cell[]; fleet: Ship[] } {
  const grid: Cell[] = Array.from({ length: SIZE * SIZE }, () => ({ ship: null, shot: false }));
  const fleet = SHIPS.map((size, id) => ({ id, size, hits: 0, sunk: false }));
  for (const ship of fleet) {
    for (;;) {
      const across = random.Number() < 0.5;
      const r = Math.floor(random.Number() * (across ? SIZE : SIZE - ship.size + 1));
      const c = Math.floor(random.Number() * (across ? SIZE - ship.size + 1 : SIZE));
      const cells = Array.from({ length: ship.size }, (_, i) => (across ? r * SIZE + c + i : (r + i) * SIZE + c));
      if (cells.some((cell) => grid[cell].ship !== null)) continue;
      for (const cell of cells) grid[cell].ship = ship.id;
      break;
    }
  }
  return { grid, fleet };
}

export function battleship({ INVALID_MOVE }: BenchLib) {
  return {
    name: 'battleship',
    setup: ({ ctx, random }: any): BattleshipState => {
      const G: BattleshipState = { grids: {}, fleets: {}, shots: [] };
      for (const player of ctx.playOrder) {
        const { grid, fleet } = placeFleet(random);
        G.grids[player] = grid;
        G.fleets[player] = fleet;
      }
      return G;
    },

    moves: {
      fire: ({ G, playerID, events }: any, cell: number) => {
        const target = opponentOf(playerID);
        if (!Number.isInteger(cell) || cell < 0 || cell >= SIZE * SIZE) return INVALID_MOVE;
        const aimed: Cell = G.grids[target][cell];
        if (aimed.shot) return INVALID_MOVE;
        aimed.shot = true;
        const hit = aimed.ship !== null;
        if (hit) {
          const ship: Ship = G.fleets[target][aimed.ship!];
          ship.hits += 1;
          ship.sunk = ship.hits === ship.size;
        }
        G.shots.push({ player: playerID, cell, hit });
        if (!hit) events.endTurn();
      },
    },

    turn: { minMoves: 1 },

    endIf: ({ G }: any) => {
      for (const player of Object.keys(G.grids)) {
        const grid: Cell[] = G.grids[player];
        if (grid.every((cell) => cell.ship === null || cell.shot)) return { winner: opponentOf(player) };
      }
      return undefined;
    },
  };
}
