/**
 * The discard stage of boardgame.io's Stages guide: playing a card makes every other
 * player discard exactly one card, in any order; then the turn goes on.
 */
import type { Game } from 'turnchart';

export interface DiscardState {
  hands: Record<string, number>;
  table: number;
  discards: number;
}

export const Discard: Game<DiscardState> = {
  name: 'discard',
  setup: ({ ctx }) => ({
    hands: Object.fromEntries(Array.from({ length: ctx.numPlayers }, (_, i) => [String(i), 5])),
    table: 0,
    discards: 0,
  }),
  moves: {
    playCard: ({ G, playerID, events }) => {
      G.hands[playerID!]--;
      G.table++;
      events.setActivePlayers({ others: 'discard', minMoves: 1, maxMoves: 1 });
    },
  },
  turn: {
    stages: {
      discard: {
        moves: {
          discard: ({ G, playerID }) => {
            G.hands[playerID!]--;
            G.discards++;
          },
        },
      },
    },
  },
  endIf: ({ G }) => {
    const out = Object.entries(G.hands).find(([, cards]) => cards <= 0);
    return out ? { winner: out[0] } : undefined;
  },
};

export default Discard;
