// A game with time limits as a user writes it (CommonJS): take a token on your turn; a turn has 20 seconds, and when
// they run out a token is taken for the player (the default move); each player's clock holds one minute, one second
// more per move, and a player whose clock runs out loses.
module.exports = {
  name: 'timed-tokens',
  setup: () => ({ left: 12, taken: { 0: 0, 1: 0 } }),
  moves: {
    take: ({ G, playerID }) => {
      G.left--;
      G.taken[playerID]++;
    },
  },
  turn: {
    maxMoves: 1,
    time: {
      limit: 20000,
      onTimeout: ({ G, playerID, events }) => {
        G.left--;
        G.taken[playerID]++;
        events.endTurn();
      },
    },
  },
  clock: { initial: 60000, increment: 1000, onTimeout: 'endGame' },
  endIf: ({ G }) => (G.left <= 0 ? { draw: true } : undefined),
};
