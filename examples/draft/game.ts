/**
 * A 7 Wonders-like card draft. Teaches simultaneous moves: in the `pick`
 * phase every seat picks a card from its hand at the same time
 * (`ActivePlayers.ALL_ONCE`: everyone is active for exactly one move, in any
 * order); once all have picked, the phase's `endIf` ends it. The `resolve`
 * phase does its work in `onBegin` (reveal the picks, pass the hands: left,
 * then right) and ends at once; its `next` chooses another `pick` or, after
 * three rounds, `scoring`, whose `onBegin` scores the tableaux so that the
 * game's `endIf` ends the game. A phase that ends at once needs an `endIf`
 * that is false until its `onBegin` ran (see `resolve`).
 *
 * Players cannot end turns or phases themselves: the game disables those
 * events (`events: { endTurn: false, ... }`); hooks could still call them.
 */
import { ActivePlayers, INVALID_MOVE, type Ctx, type Game } from 'turnchart';

export type Kind = 'civic' | 'science' | 'commerce' | 'military';

/** civic: `value` points; science: sets (n² for n cards); commerce: `value` coins (3 coins = 1 point); military: `value` shields. */
export interface Card {
  name: string;
  kind: Kind;
  value: number;
}

export interface DraftState {
  /** The round being drafted, 1..ROUNDS; ROUNDS + 1 once the draft is over. */
  round: number;
  hands: Record<string, Card[]>;
  /** This round's face-down picks. */
  chosen: Record<string, Card | null>;
  tableau: Record<string, Card[]>;
  discarded: Card[];
  /** Every phase as it began, e.g. `pick 1`, `resolve 1`, ..., `scoring`. */
  phaseLog: string[];
  scores: Record<string, number> | null;
}

export interface DraftResult {
  scores: Record<string, number>;
  winners: string[];
}

export const ROUNDS = 3;
export const HAND_SIZE = ROUNDS + 1;

const card = (name: string, kind: Kind, value = 1): Card => ({ name, kind, value });

/** 28 cards: enough for seven seats. */
export const DECK: readonly Card[] = [
  card('Altar', 'civic', 2),
  card('Baths', 'civic', 3),
  card('Theater', 'civic', 2),
  card('Courthouse', 'civic', 4),
  card('Statue', 'civic', 3),
  card('Temple', 'civic', 3),
  card('Pantheon', 'civic', 5),
  card('Apothecary', 'science'),
  card('Workshop', 'science'),
  card('Scriptorium', 'science'),
  card('Library', 'science'),
  card('Laboratory', 'science'),
  card('Academy', 'science'),
  card('Observatory', 'science'),
  card('Tavern', 'commerce', 5),
  card('Market', 'commerce', 3),
  card('Bazaar', 'commerce', 4),
  card('Forum', 'commerce', 2),
  card('Caravansery', 'commerce', 3),
  card('Lighthouse', 'commerce', 4),
  card('Harbor', 'commerce', 5),
  card('Stockade', 'military', 1),
  card('Barracks', 'military', 1),
  card('Guard Tower', 'military', 1),
  card('Walls', 'military', 2),
  card('Stables', 'military', 2),
  card('Archery Range', 'military', 2),
  card('Fortress', 'military', 3),
];

export function cardNamed(name: string): Card {
  const found = DECK.find((c) => c.name === name);
  if (!found) throw new Error(`no card named ${name}`);
  return { ...found };
}

const seats = (ctx: Ctx) => Array.from({ length: ctx.numPlayers }, (_, i) => String(i));
const left = (seat: string, n: number) => String((Number(seat) + 1) % n);
const right = (seat: string, n: number) => String((Number(seat) + n - 1) % n);

const sum = (cards: Card[], kind: Kind) =>
  cards.filter((c) => c.kind === kind).reduce((total, c) => total + c.value, 0);

/** A seat's score: civic points, science n², a point per 3 coins, +3/−1 against each neighbour's shields. */
export function score(tableau: Record<string, Card[]>, seat: string): number {
  const n = Object.keys(tableau).length;
  const mine = tableau[seat];
  const science = mine.filter((c) => c.kind === 'science').length;
  const shields = sum(mine, 'military');
  const war = [left(seat, n), right(seat, n)].reduce((total, neighbour) => {
    const theirs = sum(tableau[neighbour], 'military');
    return total + (shields > theirs ? 3 : shields < theirs ? -1 : 0);
  }, 0);
  return sum(mine, 'civic') + science * science + Math.floor(sum(mine, 'commerce') / 3) + war;
}

export interface DraftSetupData {
  /** A stacked deal (card names per seat) instead of a shuffled one: for tutorials and tests. */
  hands?: Record<string, string[]>;
}

export const Draft: Game<DraftState> = {
  name: 'draft',
  minPlayers: 3,
  maxPlayers: 7,
  setup: ({ ctx, random }, data?: DraftSetupData) => {
    const deck = random.Shuffle(DECK.map((c) => ({ ...c })));
    const hands = Object.fromEntries(
      seats(ctx).map((seat, i) => [
        seat,
        data?.hands ? data.hands[seat].map(cardNamed) : deck.slice(i * HAND_SIZE, (i + 1) * HAND_SIZE),
      ]),
    );
    return {
      round: 1,
      hands,
      chosen: Object.fromEntries(seats(ctx).map((seat) => [seat, null])),
      tableau: Object.fromEntries(seats(ctx).map((seat) => [seat, []])),
      discarded: [],
      phaseLog: [],
      scores: null,
    };
  },
  events: { endTurn: false, pass: false, endPhase: false, setPhase: false, endGame: false },
  phases: {
    pick: {
      start: true,
      onBegin: ({ G }) => {
        G.phaseLog.push(`pick ${G.round}`);
      },
      turn: { activePlayers: ActivePlayers.ALL_ONCE },
      moves: {
        pick: ({ G, playerID }, index: number) => {
          const hand = G.hands[playerID!];
          if (G.chosen[playerID!] !== null || !Number.isInteger(index) || index < 0 || index >= hand.length)
            return INVALID_MOVE;
          G.chosen[playerID!] = hand.splice(index, 1)[0];
        },
      },
      endIf: ({ G }) => Object.values(G.chosen).every((c) => c !== null),
      next: 'resolve',
    },
    resolve: {
      onBegin: ({ G, ctx }) => {
        G.phaseLog.push(`resolve ${G.round}`);
        for (const seat of seats(ctx)) {
          G.tableau[seat].push(G.chosen[seat]!);
          G.chosen[seat] = null;
        }
        if (G.round < ROUNDS) {
          // Odd rounds pass to the left (the next seat), even rounds to the right.
          const to = G.round % 2 === 1 ? left : right;
          const before = { ...G.hands };
          for (const seat of seats(ctx)) G.hands[to(seat, ctx.numPlayers)] = before[seat];
        } else {
          for (const seat of seats(ctx)) G.discarded.push(...G.hands[seat].splice(0));
        }
        G.round++;
      },
      // Ends as soon as the picks are revealed. Not `() => true`: boardgame.io
      // checks a phase's endIf as soon as the phase is chosen, before its
      // onBegin, so a phase whose endIf is already true is skipped unbegun.
      endIf: ({ G }) => Object.values(G.chosen).every((c) => c === null),
      next: ({ G }) => (G.round > ROUNDS ? 'scoring' : 'pick'),
    },
    scoring: {
      onBegin: ({ G, ctx }) => {
        G.phaseLog.push('scoring');
        G.scores = Object.fromEntries(seats(ctx).map((seat) => [seat, score(G.tableau, seat)]));
      },
    },
  },
  endIf: ({ G }): DraftResult | undefined => {
    if (G.scores === null) return undefined;
    const best = Math.max(...Object.values(G.scores));
    return { scores: G.scores, winners: Object.keys(G.scores).filter((seat) => G.scores![seat] === best) };
  },
};

export default Draft;
