/**
 * Blitz: a shedding card game played against the clock. On your turn play
 * a card of the top card's suit or rank, or draw; the first to empty their
 * hand wins. Each turn has 20 seconds: when they run out, the turn's
 * `onTimeout` draws a card for the player (the default move) and the turn
 * passes. Each player also has a clock: 3 minutes for the whole game, 2
 * seconds more per move; a player whose clock runs out loses.
 */
import { INVALID_MOVE, type Game } from 'turnchart';

export interface Card {
  suit: 'S' | 'H' | 'D' | 'C';
  rank: number;
}

export interface BlitzState {
  deck: Card[];
  pile: Card[];
  hands: Record<string, Card[]>;
  /** Cards drawn for a player whose turn ran out. */
  autoDraws: number;
}

const SUITS: Card['suit'][] = ['S', 'H', 'D', 'C'];
const HAND = 5;

/** Draws a card for `playerID`; an empty deck is refilled from the pile under its top card. */
function drawCard(G: BlitzState, shuffle: <T>(cards: T[]) => T[], playerID: string): void {
  if (G.deck.length === 0) G.deck = shuffle(G.pile.splice(0, G.pile.length - 1));
  const card = G.deck.pop();
  if (card) G.hands[playerID].push(card);
}

export const Blitz: Game<BlitzState> = {
  name: 'blitz',
  setup: ({ ctx, random }) => {
    const deck = random.Shuffle(SUITS.flatMap((suit) => Array.from({ length: 13 }, (_, i) => ({ suit, rank: i + 1 }))));
    const hands: Record<string, Card[]> = {};
    for (const seat of ctx.playOrder) hands[seat] = deck.splice(0, HAND);
    return { deck, pile: deck.splice(0, 1), hands, autoDraws: 0 };
  },
  moves: {
    play: ({ G, playerID }, index: number) => {
      const hand = G.hands[playerID];
      const card = hand[index];
      const top = G.pile[G.pile.length - 1];
      if (!card || (card.suit !== top.suit && card.rank !== top.rank)) return INVALID_MOVE;
      hand.splice(index, 1);
      G.pile.push(card);
    },
    draw: ({ G, playerID, random }) => drawCard(G, random.Shuffle, playerID),
  },
  turn: {
    maxMoves: 1,
    time: {
      limit: 20_000,
      onTimeout: ({ G, playerID, random, events }) => {
        drawCard(G, random.Shuffle, playerID);
        G.autoDraws++;
        events.endTurn();
      },
    },
  },
  clock: { initial: 180_000, increment: 2_000, per: 'move', onTimeout: 'endGame' },
  endIf: ({ G }) => {
    const winner = Object.keys(G.hands).find((seat) => G.hands[seat].length === 0);
    return winner === undefined ? undefined : { winner };
  },
  ai: {
    enumerate: (G, _ctx, playerID) => [
      ...G.hands[playerID].map((_, index) => ({ move: 'play', args: [index] })),
      { move: 'draw', args: [] },
    ],
  },
};

export default Blitz;
