/**
 * A game with secrets, for the player views: each seat holds a hand the
 * others must not see (`playerView` keeps only the viewer's own), and a
 * seeded deck dealt at setup. `deltaState` makes the server send patches.
 */
export function secretHands(deltaState = false) {
  return {
    name: 'secret-hands',
    deltaState,
    setup: ({ ctx, random }: any) => {
      const deck = random.Shuffle(Array.from({ length: 20 }, (_, i) => i + 1));
      const hands: Record<string, number[]> = {};
      for (const player of ctx.playOrder) hands[player] = deck.splice(0, 3);
      return { hands, deck, table: [] as number[] };
    },
    turn: { minMoves: 1, maxMoves: 1 },
    moves: {
      play: ({ G, playerID }: any) => {
        G.table.push(G.hands[playerID].shift());
      },
    },
    endIf: ({ G }: any) =>
      Object.values(G.hands).every((hand: any) => hand.length === 0) ? { done: true } : undefined,
    playerView: ({ G, playerID }: any) => ({
      ...G,
      deck: G.deck.length,
      hands: Object.fromEntries(
        Object.entries(G.hands).map(([id, hand]: [string, any]) => [id, id === playerID ? hand : hand.length]),
      ),
    }),
  };
}
