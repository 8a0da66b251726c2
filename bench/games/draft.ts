/**
 * A drafting game in the style of published boardgame.io 0.50 games
 * (Sushi Go-like), for five players. Each round every player holds a hand
 * of card objects and all of them pick at once (`turn.activePlayers:
 * { all: 'pick' }`); a pick moves its player to the `wait` stage
 * (`events.setStage`), where the pick may be taken back. When every player
 * has picked, the turn ends and its `onEnd` adds the picks to the tableaus
 * and passes the hands to the left; an empty hand ends the round, which
 * scores every tableau. Three rounds of nine cards.
 */
import type { BenchLib } from './lib';

export const KINDS = ['roll', 'nigiri', 'tempura', 'sashimi', 'dumpling', 'pudding', 'wasabi'] as const;
export const HAND = 9;
export const ROUNDS = 3;

export interface DraftCard {
  id: number;
  kind: (typeof KINDS)[number];
  value: number;
}

export interface Seat {
  hand: DraftCard[];
  tableau: DraftCard[];
  picked: DraftCard | null;
  score: number;
  puddings: number;
}

export interface DraftState {
  seats: Record<string, Seat>;
  deck: DraftCard[];
  round: number;
  discards: DraftCard[];
  history: { round: number; player: string; card: number }[];
}

const DUMPLINGS = [0, 1, 3, 6, 10, 15];

/** A tableau's points: sets of tempura and sashimi, dumplings by count, nigiri by value, rolls over six. */
export function scoreTableau(tableau: DraftCard[]): number {
  const count = (kind: DraftCard['kind']) => tableau.filter((card) => card.kind === kind).length;
  const sum = (kind: DraftCard['kind']) =>
    tableau.filter((card) => card.kind === kind).reduce((total, card) => total + card.value, 0);
  return (
    Math.floor(count('tempura') / 2) * 5 +
    Math.floor(count('sashimi') / 3) * 10 +
    DUMPLINGS[Math.min(count('dumpling'), 5)] +
    sum('nigiri') +
    (sum('roll') >= 6 ? 6 : 0)
  );
}

function deal(G: DraftState, players: string[]): void {
  for (const player of players) G.seats[player].hand = G.deck.splice(0, HAND);
}

export function draft({ INVALID_MOVE }: BenchLib) {
  return {
    name: 'draft',
    setup: ({ ctx, random }: any): DraftState => {
      const deck: DraftCard[] = random.Shuffle(
        Array.from({ length: 150 }, (_, id) => ({ id, kind: KINDS[id % KINDS.length], value: 1 + (id % 3) })),
      );
      const G: DraftState = { seats: {}, deck, round: 1, discards: [], history: [] };
      for (const player of ctx.playOrder)
        G.seats[player] = { hand: [], tableau: [], picked: null, score: 0, puddings: 0 };
      deal(G, ctx.playOrder);
      return G;
    },

    turn: {
      activePlayers: { all: 'pick' },
      stages: {
        pick: {
          moves: {
            pick: ({ G, playerID, events }: any, id: number) => {
              const seat: Seat = G.seats[playerID];
              const card = seat.hand.find((c) => c.id === id);
              if (!card || seat.picked !== null) return INVALID_MOVE;
              seat.picked = card;
              seat.hand = seat.hand.filter((c) => c.id !== id);
              events.setStage('wait');
            },
          },
        },
        wait: {
          moves: {
            unpick: ({ G, playerID, events }: any) => {
              const seat: Seat = G.seats[playerID];
              if (seat.picked === null) return INVALID_MOVE;
              seat.hand.push(seat.picked);
              seat.picked = null;
              events.setStage('pick');
            },
          },
        },
      },
      endIf: ({ G }: any) => Object.values(G.seats as Record<string, Seat>).every((seat) => seat.picked !== null),
      onEnd: ({ G, ctx }: any) => {
        for (const player of ctx.playOrder) {
          const seat: Seat = G.seats[player];
          G.history.push({ round: G.round, player, card: seat.picked!.id });
          seat.tableau.push(seat.picked!);
          seat.picked = null;
        }
        const hands = ctx.playOrder.map((player: string) => G.seats[player].hand);
        ctx.playOrder.forEach((player: string, i: number) => {
          G.seats[player].hand = hands[(i + 1) % hands.length];
        });
        if (hands.some((hand: DraftCard[]) => hand.length > 0)) return;
        for (const player of ctx.playOrder) {
          const seat: Seat = G.seats[player];
          seat.score += scoreTableau(seat.tableau);
          seat.puddings += seat.tableau.filter((card) => card.kind === 'pudding').length;
          G.discards.push(...seat.tableau);
          seat.tableau = [];
        }
        G.round += 1;
        if (G.round <= ROUNDS) deal(G, ctx.playOrder);
      },
    },

    endIf: ({ G }: any) => {
      if (G.round <= ROUNDS) return undefined;
      const seats = G.seats as Record<string, Seat>;
      const total = (seat: Seat) => seat.score + seat.puddings;
      const best = Math.max(...Object.values(seats).map(total));
      return { winners: Object.keys(seats).filter((player) => total(seats[player]) === best) };
    },
  };
}
