/**
 * A war game written against boardgame.io 0.4x (the calling convention
 * before 0.50: `setup(ctx)`, moves `(G, ctx, ...args)` with `ctx.playerID`,
 * `ctx.random`, `ctx.events`), in the style of published 0.4x games: an 8×8
 * board of unit objects, a `deploy` phase (one unit a turn, `moveLimit: 1`)
 * and a `battle` phase (two actions a turn, `moveLimit: 2`) where an attack
 * rolls dice and sends the defender to a `rally` stage for one move
 * (`ctx.events.setActivePlayers({ value, moveLimit: 1 })`).
 *
 * It is a function of the library it imports from: boardgame.io 0.49's
 * `boardgame.io/core`, or `turnchart/legacy`.
 */
import type { BenchLib } from './lib';

export type Kind = 'soldier' | 'archer' | 'knight';

export interface Unit {
  id: number;
  owner: string;
  kind: Kind;
  hp: number;
  moved: number;
}

export interface SkirmishState {
  board: (Unit | null)[];
  reserves: Record<string, Kind[]>;
  fallen: Record<string, number>;
  log: string[];
  nextId: number;
  lastAttack: { from: number; to: number; roll: number } | null;
}

export const STRENGTH: Record<Kind, number> = { soldier: 2, archer: 1, knight: 3 };
const row = (square: number) => square >> 3;
const col = (square: number) => square & 7;

/** The squares next to `square` (no diagonals). */
export function neighbours(square: number): number[] {
  const out: number[] = [];
  if (row(square) > 0) out.push(square - 8);
  if (row(square) < 7) out.push(square + 8);
  if (col(square) > 0) out.push(square - 1);
  if (col(square) < 7) out.push(square + 1);
  return out;
}

/** The home rows where `player` deploys. */
export const homeRows = (player: string) => (player === '0' ? [0, 1] : [6, 7]);

export function canDeploy(G: SkirmishState, player: string, square: number): boolean {
  return (
    Number.isInteger(square) &&
    square >= 0 &&
    square < 64 &&
    G.board[square] === null &&
    homeRows(player).includes(row(square)) &&
    G.reserves[player].length > 0
  );
}

export function canMarch(G: SkirmishState, player: string, from: number, to: number): boolean {
  const unit = G.board[from];
  return !!unit && unit.owner === player && neighbours(from).includes(to) && G.board[to] === null;
}

export function canAttack(G: SkirmishState, player: string, from: number, to: number): boolean {
  const unit = G.board[from];
  const target = G.board[to];
  return !!unit && unit.owner === player && !!target && target.owner !== player && neighbours(from).includes(to);
}

/** The board at the start: four soldiers on each player's first home row, four units in reserve. */
export function skirmishSetup(playOrder: string[]): SkirmishState {
  const board: (Unit | null)[] = Array(64).fill(null);
  let nextId = 0;
  for (const player of playOrder) {
    const [home] = homeRows(player);
    for (let c = 0; c < 8; c += 2)
      board[home * 8 + c] = { id: nextId++, owner: player, kind: 'soldier', hp: 3, moved: 0 };
  }
  const reserves: Record<string, Kind[]> = {};
  for (const player of playOrder) reserves[player] = ['knight', 'archer', 'soldier', 'archer'];
  return { board, reserves, fallen: { 0: 0, 1: 0 }, log: [], nextId, lastAttack: null };
}

/** The game's end: a side with no unit left loses; a draw after turn 80. */
export function skirmishOutcome(G: SkirmishState, ctx: { phase: string; turn: number }) {
  if (ctx.phase !== 'battle') return undefined;
  const alive = (player: string) => G.board.some((unit) => unit !== null && unit.owner === player);
  if (!alive('0')) return { winner: '1' };
  if (!alive('1')) return { winner: '0' };
  if (ctx.turn > 80) return { draw: true };
  return undefined;
}

export function skirmish({ INVALID_MOVE, TurnOrder }: BenchLib) {
  return {
    name: 'skirmish',
    setup: (ctx: any): SkirmishState => skirmishSetup(ctx.playOrder),

    phases: {
      deploy: {
        start: true,
        next: 'battle',
        turn: { order: TurnOrder.DEFAULT, moveLimit: 1 },
        moves: {
          deploy: (G: SkirmishState, ctx: any, square: number) => {
            if (!canDeploy(G, ctx.playerID, square)) return INVALID_MOVE;
            const kind = G.reserves[ctx.playerID].shift()!;
            G.board[square] = { id: G.nextId++, owner: ctx.playerID, kind, hp: kind === 'knight' ? 4 : 3, moved: 0 };
            G.log.push(`${ctx.playerID} deploys a ${kind} on ${square}`);
          },
        },
        endIf: (G: SkirmishState) => Object.values(G.reserves).every((reserve) => reserve.length === 0),
      },

      battle: {
        turn: {
          order: TurnOrder.DEFAULT,
          moveLimit: 2,
          stages: {
            rally: {
              moves: {
                rally: (G: SkirmishState, ctx: any, square: number) => {
                  const unit = G.board[square];
                  if (!unit || unit.owner !== ctx.playerID) return INVALID_MOVE;
                  unit.hp += 1;
                  G.log.push(`${ctx.playerID} rallies ${square}`);
                },
              },
            },
          },
        },
        moves: {
          march: (G: SkirmishState, ctx: any, from: number, to: number) => {
            if (!canMarch(G, ctx.playerID, from, to)) return INVALID_MOVE;
            const unit = G.board[from]!;
            unit.moved += 1;
            G.board[to] = unit;
            G.board[from] = null;
            G.log.push(`${ctx.playerID} marches ${from}-${to}`);
          },
          attack: (G: SkirmishState, ctx: any, from: number, to: number) => {
            if (!canAttack(G, ctx.playerID, from, to)) return INVALID_MOVE;
            const attacker = G.board[from]!;
            const defender = G.board[to]!;
            const roll = ctx.random.D6();
            const damage = Math.max(0, STRENGTH[attacker.kind] + roll - 4);
            defender.hp -= damage;
            G.lastAttack = { from, to, roll };
            G.log.push(`${ctx.playerID} attacks ${to} from ${from}: ${roll}`);
            if (defender.hp <= 0) {
              G.board[to] = null;
              G.fallen[defender.owner] += 1;
            } else {
              ctx.events.setActivePlayers({ value: { [defender.owner]: 'rally' }, moveLimit: 1 });
            }
          },
        },
      },
    },

    endIf: (G: SkirmishState, ctx: any) => skirmishOutcome(G, ctx),
  };
}
