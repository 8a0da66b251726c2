// A time limit that can stall its game: the turn's onTimeout does nothing, so once it has run out the same player
// may take as long as they like (`turnchart check` reports it).
module.exports = {
  name: 'idle-timeout',
  setup: () => ({ left: 6 }),
  moves: {
    take: ({ G, events }) => {
      G.left--;
      events.endTurn();
    },
  },
  turn: { time: { limit: 10000, onTimeout: () => {} } },
  endIf: ({ G }) => (G.left <= 0 ? { draw: true } : undefined),
};
