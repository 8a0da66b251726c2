/**
 * A party game for eight (Dixit-like), in the style of published
 * boardgame.io 0.50 games: each turn the storyteller plays a card from
 * their hand; the seven others then guess its theme at once
 * (`events.setActivePlayers({ others: 'guess', minMoves: 1, maxMoves: 1 })`);
 * when all have guessed, the turn ends and its `onEnd` scores every guess
 * and refills the storyteller's hand. G: eight players keyed by id with
 * hands of six card objects, a deck of the rest of 160 cards, the table.
 */
import type { BenchLib } from './lib';

export const THEMES = 6;
export const TURNS = 16;

export interface PartyCard {
  id: number;
  theme: number;
  art: string;
}

export interface Guest {
  hand: PartyCard[];
  score: number;
  guesses: number;
  right: number;
}

export interface PartyState {
  players: Record<string, Guest>;
  deck: PartyCard[];
  table: { card: PartyCard; teller: string; guesses: Record<string, number> } | null;
  discard: PartyCard[];
  turns: number;
}

export function party({ INVALID_MOVE }: BenchLib) {
  return {
    name: 'party',
    setup: ({ ctx, random }: any): PartyState => {
      const deck: PartyCard[] = random.Shuffle(
        Array.from({ length: 160 }, (_, id) => ({ id, theme: 1 + (id % THEMES), art: `art-${id}` })),
      );
      const players: Record<string, Guest> = {};
      for (const player of ctx.playOrder) players[player] = { hand: deck.splice(0, 6), score: 0, guesses: 0, right: 0 };
      return { players, deck, table: null, discard: [], turns: 0 };
    },

    moves: {
      tell: ({ G, playerID, events }: any, id: number) => {
        if (G.table !== null) return INVALID_MOVE;
        const teller: Guest = G.players[playerID];
        const card = teller.hand.find((c) => c.id === id);
        if (!card) return INVALID_MOVE;
        teller.hand = teller.hand.filter((c) => c.id !== id);
        G.table = { card, teller: playerID, guesses: {} };
        events.setActivePlayers({ others: 'guess', minMoves: 1, maxMoves: 1 });
      },
    },

    turn: {
      stages: {
        guess: {
          moves: {
            guess: ({ G, playerID }: any, theme: number) => {
              if (G.table === null || !Number.isInteger(theme) || theme < 1 || theme > THEMES) return INVALID_MOVE;
              G.table.guesses[playerID] = theme;
              G.players[playerID].guesses += 1;
            },
          },
        },
      },
      endIf: ({ G, ctx }: any) => G.table !== null && Object.keys(G.table.guesses).length === ctx.numPlayers - 1,
      onEnd: ({ G }: any) => {
        if (G.table === null) return;
        const { card, teller, guesses } = G.table;
        let right = 0;
        for (const [player, theme] of Object.entries(guesses as Record<string, number>)) {
          if (theme !== card.theme) continue;
          right += 1;
          G.players[player].score += 2;
          G.players[player].right += 1;
        }
        G.players[teller].score += right > 0 && right < 7 ? 3 : 0;
        G.discard.push(card);
        if (G.deck.length > 0) G.players[teller].hand.push(G.deck.pop());
        G.table = null;
        G.turns += 1;
      },
    },

    endIf: ({ G }: any) => {
      if (G.turns < TURNS) return undefined;
      const players = G.players as Record<string, Guest>;
      const best = Math.max(...Object.values(players).map((p) => p.score));
      return { winners: Object.keys(players).filter((player) => players[player].score === best) };
    },
  };
}
