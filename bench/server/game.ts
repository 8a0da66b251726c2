/**
 * The served benchmark's game: two to four seats take turns placing a stone
 * on an 8×8 board of objects (a realistic `G`, not a counter), one move per
 * turn, until `ACTIONS_PER_MATCH` stones are placed. The same object runs on
 * both servers. By default a match outlasts the benchmark's timed window, so
 * the number of matches in play stays the same throughout it;
 * BENCH_SERVER_ACTIONS sets a shorter match.
 */
export const ACTIONS_PER_MATCH = Number(process.env.BENCH_SERVER_ACTIONS ?? 1_000_000);

interface Cell {
  owner: string | null;
  height: number;
  tags: string[];
}

export interface RelayState {
  board: Cell[][];
  placed: number;
  score: Record<string, number>;
}

export const relay = {
  name: 'relay',
  minPlayers: 2,
  maxPlayers: 4,
  setup: ({ ctx }: { ctx: { playOrder: string[] } }): RelayState => ({
    board: Array.from({ length: 8 }, () => Array.from({ length: 8 }, () => ({ owner: null, height: 0, tags: [] }))),
    placed: 0,
    score: Object.fromEntries(ctx.playOrder.map((id) => [id, 0])),
  }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    place: ({ G, playerID }: { G: RelayState; playerID: string }, cell: number) => {
      if (!(Number.isInteger(cell) && cell >= 0 && cell < 64)) return 'INVALID_MOVE';
      const target = G.board[Math.floor(cell / 8)][cell % 8];
      target.owner = playerID;
      target.height += 1;
      G.placed += 1;
      G.score[playerID] += target.height;
    },
  },
  endIf: ({ G }: { G: RelayState }) => (G.placed >= ACTIONS_PER_MATCH ? { score: G.score } : undefined),
};
