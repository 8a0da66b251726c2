/**
 * The 0.4x war game (skirmish-04x.ts) written for boardgame.io 0.50: the
 * same rules, recorded actions and ends, in the current calling convention
 * (`({ G, ctx, playerID, random, events }, ...args)`, `minMoves` and
 * `maxMoves` for `moveLimit`). bench/legacy-bound.ts plays both on turnchart:
 * what the legacy layer costs is the difference.
 */
import type { BenchLib } from './lib';
import {
  canAttack,
  canDeploy,
  canMarch,
  skirmishOutcome,
  skirmishSetup,
  STRENGTH,
  type SkirmishState,
} from './skirmish-04x';

type Context = { G: SkirmishState; ctx: any; playerID: string; random: any; events: any };

export function skirmish050({ INVALID_MOVE, TurnOrder }: BenchLib) {
  return {
    name: 'skirmish',
    setup: ({ ctx }: { ctx: any }): SkirmishState => skirmishSetup(ctx.playOrder),

    phases: {
      deploy: {
        start: true,
        next: 'battle',
        turn: { order: TurnOrder.DEFAULT, minMoves: 1, maxMoves: 1 },
        moves: {
          deploy: ({ G, playerID }: Context, square: number) => {
            if (!canDeploy(G, playerID, square)) return INVALID_MOVE;
            const kind = G.reserves[playerID].shift()!;
            G.board[square] = { id: G.nextId++, owner: playerID, kind, hp: kind === 'knight' ? 4 : 3, moved: 0 };
            G.log.push(`${playerID} deploys a ${kind} on ${square}`);
          },
        },
        endIf: ({ G }: Context) => Object.values(G.reserves).every((reserve) => reserve.length === 0),
      },

      battle: {
        turn: {
          order: TurnOrder.DEFAULT,
          minMoves: 2,
          maxMoves: 2,
          stages: {
            rally: {
              moves: {
                rally: ({ G, playerID }: Context, square: number) => {
                  const unit = G.board[square];
                  if (!unit || unit.owner !== playerID) return INVALID_MOVE;
                  unit.hp += 1;
                  G.log.push(`${playerID} rallies ${square}`);
                },
              },
            },
          },
        },
        moves: {
          march: ({ G, playerID }: Context, from: number, to: number) => {
            if (!canMarch(G, playerID, from, to)) return INVALID_MOVE;
            const unit = G.board[from]!;
            unit.moved += 1;
            G.board[to] = unit;
            G.board[from] = null;
            G.log.push(`${playerID} marches ${from}-${to}`);
          },
          attack: ({ G, playerID, random, events }: Context, from: number, to: number) => {
            if (!canAttack(G, playerID, from, to)) return INVALID_MOVE;
            const attacker = G.board[from]!;
            const defender = G.board[to]!;
            const roll = random.D6();
            const damage = Math.max(0, STRENGTH[attacker.kind] + roll - 4);
            defender.hp -= damage;
            G.lastAttack = { from, to, roll };
            G.log.push(`${playerID} attacks ${to} from ${from}: ${roll}`);
            if (defender.hp <= 0) {
              G.board[to] = null;
              G.fallen[defender.owner] += 1;
            } else {
              events.setActivePlayers({ value: { [defender.owner]: 'rally' }, maxMoves: 1 });
            }
          },
        },
      },
    },

    endIf: ({ G, ctx }: Context) => skirmishOutcome(G, ctx),
  };
}
