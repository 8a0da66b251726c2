// Tic-tac-toe as a user writes it in a project made by `npm init` (CommonJS),
// with boardgame.io 0.50's game API only: the server, the browser apps and
// boardgame.io's own clients in the test all load this one file.
const LINES = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];

const owner = (cells) => {
  const line = LINES.find(([a, b, c]) => cells[a] !== null && cells[a] === cells[b] && cells[a] === cells[c]);
  return line ? cells[line[0]] : undefined;
};

module.exports = {
  name: 'tic-tac-toe',
  minPlayers: 2,
  maxPlayers: 2,
  setup: () => ({ cells: Array(9).fill(null) }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    clickCell: ({ G, playerID }, id) => {
      if (!Number.isInteger(id) || id < 0 || id > 8 || G.cells[id] !== null) return 'INVALID_MOVE';
      G.cells[id] = playerID;
    },
  },
  endIf: ({ G }) => {
    const winner = owner(G.cells);
    if (winner !== undefined) return { winner };
    if (G.cells.every((cell) => cell !== null)) return { draw: true };
  },
};
