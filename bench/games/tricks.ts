/**
 * A trick-taking card game in the style of published boardgame.io 0.50
 * games (Spades-like), for four players: a 52-card deck of card objects,
 * hands of 13, a `bidding` phase (one bid a turn, `minMoves`/`maxMoves` 1),
 * a `playing` phase whose turn order follows the trick (the winner leads),
 * must-follow-suit and "spades not led before broken", and a new deal in
 * the phase's `onEnd` until three hands are played. Its `playerView`
 * hides the other players' hands (each card becomes a face-down stub), as
 * published card games do.
 */
import type { BenchLib } from './lib';

export interface Card {
  id: string;
  suit: 'C' | 'D' | 'H' | 'S';
  rank: number;
}

export interface TricksState {
  hands: Record<string, Card[]>;
  bids: Record<string, number | null>;
  taken: Record<string, number>;
  scores: Record<string, number>;
  trick: { player: string; card: Card }[];
  lastTrick: { player: string; card: Card }[];
  leader: string;
  dealer: string;
  spadesBroken: boolean;
  handsPlayed: number;
}

export const HANDS = 3;
const SUITS: Card['suit'][] = ['C', 'D', 'H', 'S'];

export const fullDeck = (): Card[] =>
  SUITS.flatMap((suit) => Array.from({ length: 13 }, (_, i) => ({ id: `${suit}${i + 2}`, suit, rank: i + 2 })));

function deal(G: TricksState, players: string[], random: any): void {
  const deck: Card[] = random.Shuffle(fullDeck());
  players.forEach((player, i) => {
    G.hands[player] = deck.slice(i * 13, i * 13 + 13).sort((a, b) => a.suit.localeCompare(b.suit) || a.rank - b.rank);
    G.bids[player] = null;
    G.taken[player] = 0;
  });
  G.trick = [];
  G.spadesBroken = false;
}

/** The cards of `player`'s hand that may be played now. */
export function playableCards(G: TricksState, player: string): Card[] {
  const hand = G.hands[player];
  if (G.trick.length === 0) {
    const nonSpades = hand.filter((card) => card.suit !== 'S');
    return G.spadesBroken || nonSpades.length === 0 ? hand : nonSpades;
  }
  const led = G.trick[0].card.suit;
  const following = hand.filter((card) => card.suit === led);
  return following.length > 0 ? following : hand;
}

function trickWinner(trick: TricksState['trick']): string {
  const led = trick[0].card.suit;
  const power = ({ card }: { card: Card }) => (card.suit === 'S' ? 100 : card.suit === led ? 0 : -100) + card.rank;
  return trick.reduce((best, play) => (power(play) > power(best) ? play : best)).player;
}

export function tricks({ INVALID_MOVE }: BenchLib) {
  const seatAfter = (ctx: any, player: string) => (ctx.playOrder.indexOf(player) + 1) % ctx.numPlayers;

  return {
    name: 'tricks',
    setup: ({ ctx, random }: any): TricksState => {
      const G: TricksState = {
        hands: {},
        bids: {},
        taken: {},
        scores: {},
        trick: [],
        lastTrick: [],
        leader: '1',
        dealer: '0',
        spadesBroken: false,
        handsPlayed: 0,
      };
      for (const player of ctx.playOrder) G.scores[player] = 0;
      deal(G, ctx.playOrder, random);
      return G;
    },

    phases: {
      bidding: {
        start: true,
        next: 'playing',
        moves: {
          bid: ({ G, playerID }: any, tricks: number) => {
            if (!Number.isInteger(tricks) || tricks < 0 || tricks > 13) return INVALID_MOVE;
            G.bids[playerID] = tricks;
          },
        },
        turn: {
          order: {
            first: ({ G, ctx }: any) => seatAfter(ctx, G.dealer),
            next: ({ ctx }: any) => (ctx.playOrderPos + 1) % ctx.numPlayers,
          },
          minMoves: 1,
          maxMoves: 1,
        },
        endIf: ({ G }: any) => Object.values(G.bids).every((bid) => bid !== null),
        onEnd: ({ G }: any) => {
          G.leader = G.dealer === '3' ? '0' : String(Number(G.dealer) + 1);
        },
      },

      playing: {
        next: 'bidding',
        moves: {
          playCard: ({ G, playerID }: any, id: string) => {
            const card = playableCards(G, playerID).find((c) => c.id === id);
            if (!card) return INVALID_MOVE;
            G.hands[playerID] = G.hands[playerID].filter((c: Card) => c.id !== id);
            G.trick.push({ player: playerID, card });
            if (card.suit === 'S') G.spadesBroken = true;
            if (G.trick.length === 4) {
              const winner = trickWinner(G.trick);
              G.taken[winner] += 1;
              G.leader = winner;
              G.lastTrick = G.trick;
              G.trick = [];
            }
          },
        },
        turn: {
          order: {
            first: ({ G, ctx }: any) => ctx.playOrder.indexOf(G.leader),
            next: ({ G, ctx }: any) =>
              G.trick.length === 0 ? ctx.playOrder.indexOf(G.leader) : (ctx.playOrderPos + 1) % ctx.numPlayers,
          },
          minMoves: 1,
          maxMoves: 1,
        },
        endIf: ({ G }: any) => Object.values(G.hands).every((hand: any) => hand.length === 0),
        onEnd: ({ G, ctx, random }: any) => {
          for (const player of ctx.playOrder) {
            const bid = G.bids[player];
            const took = G.taken[player];
            G.scores[player] += took >= bid ? 10 * bid + (took - bid) : -10 * bid;
          }
          G.handsPlayed += 1;
          G.dealer = String((Number(G.dealer) + 1) % ctx.numPlayers);
          if (G.handsPlayed < HANDS) deal(G, ctx.playOrder, random);
        },
      },
    },

    playerView: ({ G, playerID }: any) => ({
      ...G,
      hands: Object.fromEntries(
        Object.entries(G.hands as Record<string, Card[]>).map(([player, hand]) => [
          player,
          player === playerID ? hand : hand.map(() => ({ id: '?', suit: '?', rank: 0 })),
        ]),
      ),
    }),

    endIf: ({ G }: any) => {
      if (G.handsPlayed < HANDS) return undefined;
      const best = Math.max(...Object.values(G.scores as Record<string, number>));
      return { winners: Object.keys(G.scores).filter((player) => G.scores[player] === best) };
    },
  };
}
