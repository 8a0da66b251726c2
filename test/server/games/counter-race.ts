/** Every seat may bump a counter at any time: many accepted actions per second, for durability under load. */
import { ActivePlayers } from 'turnchart';

export default {
  name: 'counter-race',
  setup: () => ({ n: 0 }),
  turn: { activePlayers: ActivePlayers.ALL },
  moves: {
    bump: ({ G }: { G: { n: number } }) => {
      G.n++;
    },
  },
};
