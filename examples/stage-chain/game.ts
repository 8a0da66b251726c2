/**
 * A stage chain: each turn the current player works a blade through three
 * stages that hand over to each other, heat → hammer → quench → heat, with
 * `endStage` moving them along each stage's `next`. The turn ends with
 * `endTurn`; the first blade of quality 3 wins.
 */
import type { Game } from 'turnchart';

export interface ForgeState {
  /** Per seat: the blade's heat (0 to 2), hammer strikes on it, and its quality. */
  heat: Record<string, number>;
  strikes: Record<string, number>;
  quality: Record<string, number>;
}

export const StageChain: Game<ForgeState> = {
  name: 'stage-chain',
  setup: ({ ctx }) => {
    const zero = () => Object.fromEntries(ctx.playOrder.map((id) => [id, 0]));
    return { heat: zero(), strikes: zero(), quality: zero() };
  },
  turn: {
    activePlayers: { currentPlayer: 'heat' },
    stages: {
      heat: {
        moves: {
          stoke: ({ G, playerID }) => {
            G.heat[playerID] = Math.min(2, G.heat[playerID] + 1);
          },
        },
        next: 'hammer',
      },
      hammer: {
        moves: {
          strike: ({ G, playerID }) => {
            if (G.heat[playerID] > 0) G.strikes[playerID]++;
            G.heat[playerID] = Math.max(0, G.heat[playerID] - 1);
          },
        },
        next: 'quench',
      },
      quench: {
        moves: {
          dip: ({ G, playerID }) => {
            if (G.strikes[playerID] >= 2) G.quality[playerID]++;
            G.strikes[playerID] = 0;
            G.heat[playerID] = 0;
          },
        },
        next: 'heat',
      },
    },
  },
  endIf: ({ G }) => {
    const winner = Object.keys(G.quality).find((id) => G.quality[id] >= 3);
    return winner === undefined ? undefined : { winner };
  },
};

export default StageChain;
