/**
 * A Dominion-like deck builder. Teaches stages within a turn: the current
 * player starts in the `action` stage (`turn.activePlayers: { currentPlayer:
 * 'action' }`), moves on to `buy` with `endStage` (the stage's `next`), and a
 * move ends the turn (`events.endTurn()` after the last buy). An attack card,
 * the Militia, sends every other seat into a `discard` stage for exactly one
 * move with `setActivePlayers({ others: 'discard', minMoves: 1, maxMoves: 1,
 * revert: true })`: while they discard the attacker waits, and when the last
 * of them has discarded, `revert` puts the attacker back in `action`.
 */
import { INVALID_MOVE, type Game, type RandomAPI } from 'turnchart';

export type CardName =
  'copper' | 'silver' | 'gold' | 'estate' | 'duchy' | 'province' | 'village' | 'smithy' | 'market' | 'militia';

export interface CardInfo {
  cost: number;
  coins?: number;
  points?: number;
  /** Only action cards can be played in the action stage. */
  action?: { cards?: number; actions?: number; buys?: number; coins?: number; attack?: boolean };
}

export const CARDS: Record<CardName, CardInfo> = {
  copper: { cost: 0, coins: 1 },
  silver: { cost: 3, coins: 2 },
  gold: { cost: 6, coins: 3 },
  estate: { cost: 2, points: 1 },
  duchy: { cost: 5, points: 3 },
  province: { cost: 8, points: 6 },
  village: { cost: 3, action: { cards: 1, actions: 2 } },
  smithy: { cost: 4, action: { cards: 3 } },
  market: { cost: 5, action: { cards: 1, actions: 1, buys: 1, coins: 1 } },
  militia: { cost: 4, action: { coins: 2, attack: true } },
};

export const SUPPLY: Record<CardName, number> = {
  copper: 30,
  silver: 20,
  gold: 12,
  estate: 8,
  duchy: 8,
  province: 6,
  village: 10,
  smithy: 10,
  market: 10,
  militia: 10,
};

export interface PlayerCards {
  /** Draw pile, top card first. */
  deck: CardName[];
  hand: CardName[];
  discard: CardName[];
  inPlay: CardName[];
}

export interface ActionBuyState {
  players: Record<string, PlayerCards>;
  supply: Record<CardName, number>;
  /** The current turn's budget. */
  actions: number;
  buys: number;
  /** Coins from action cards; treasures in hand add theirs when buying. */
  coins: number;
  spent: number;
}

export type ActionBuyResult = { scores: Record<string, number> } & ({ winner: string } | { draw: true });

export const HAND_SIZE = 5;
export const DISCARD_DOWN_TO = 3;
/** The game also ends after this many rounds. */
export const MAX_ROUNDS = 10;

export const STARTING_DECK: readonly CardName[] = [
  'copper',
  'copper',
  'copper',
  'copper',
  'copper',
  'copper',
  'copper',
  'estate',
  'estate',
  'estate',
];

function draw(cards: PlayerCards, count: number, random: RandomAPI): void {
  for (let i = 0; i < count; i++) {
    if (cards.deck.length === 0) {
      cards.deck = random.Shuffle(cards.discard);
      cards.discard = [];
    }
    const card = cards.deck.shift();
    if (card === undefined) return;
    cards.hand.push(card);
  }
}

/** What the current player can spend now: coins from actions plus every treasure in hand, less what was spent. */
export function budget(G: ActionBuyState, seat: string): number {
  return G.coins + G.players[seat].hand.reduce((total, card) => total + (CARDS[card].coins ?? 0), 0) - G.spent;
}

export function victoryPoints(cards: PlayerCards): number {
  return [...cards.deck, ...cards.hand, ...cards.discard, ...cards.inPlay].reduce(
    (total, card) => total + (CARDS[card].points ?? 0),
    0,
  );
}

export interface ActionBuySetupData {
  /** Stacked decks (top card first) instead of shuffled starting decks: for tutorials and tests. */
  decks?: Record<string, CardName[]>;
}

export const ActionBuy: Game<ActionBuyState> = {
  name: 'action-buy',
  minPlayers: 3,
  maxPlayers: 4,
  setup: ({ ctx, random }, data?: ActionBuySetupData) => {
    const players: Record<string, PlayerCards> = {};
    for (let seat = 0; seat < ctx.numPlayers; seat++) {
      const cards: PlayerCards = {
        deck: data?.decks?.[seat] ? [...data.decks[seat]] : random.Shuffle([...STARTING_DECK]),
        hand: [],
        discard: [],
        inPlay: [],
      };
      draw(cards, HAND_SIZE, random);
      players[seat] = cards;
    }
    return { players, supply: { ...SUPPLY }, actions: 1, buys: 1, coins: 0, spent: 0 };
  },
  turn: {
    activePlayers: { currentPlayer: 'action' },
    onBegin: ({ G }) => {
      G.actions = 1;
      G.buys = 1;
      G.coins = 0;
      G.spent = 0;
    },
    // Clean-up: hand and played cards to the discard pile, draw a new hand.
    onEnd: ({ G, ctx, random }) => {
      const cards = G.players[ctx.currentPlayer];
      cards.discard.push(...cards.hand.splice(0), ...cards.inPlay.splice(0));
      draw(cards, HAND_SIZE, random);
    },
    stages: {
      action: {
        next: 'buy',
        moves: {
          /** Play an action card from the hand, by name (`playAction('militia')`). */
          playAction: ({ G, playerID, random, events }, card: CardName) => {
            const cards = G.players[playerID!];
            const handIndex = cards.hand.indexOf(card);
            const effect = CARDS[card]?.action;
            if (handIndex < 0 || !effect || G.actions < 1) return INVALID_MOVE;
            G.actions += (effect.actions ?? 0) - 1;
            G.buys += effect.buys ?? 0;
            G.coins += effect.coins ?? 0;
            cards.inPlay.push(...cards.hand.splice(handIndex, 1));
            draw(cards, effect.cards ?? 0, random);
            if (effect.attack) events.setActivePlayers({ others: 'discard', minMoves: 1, maxMoves: 1, revert: true });
          },
        },
      },
      buy: {
        moves: {
          buy: ({ G, playerID, events }, card: CardName) => {
            const info = CARDS[card];
            if (!info || G.supply[card] < 1 || G.buys < 1 || info.cost > budget(G, playerID!)) return INVALID_MOVE;
            G.supply[card]--;
            G.players[playerID!].discard.push(card);
            G.spent += info.cost;
            G.buys--;
            if (G.buys === 0) events.endTurn();
          },
        },
      },
      discard: {
        moves: {
          /** Discard the cards at these positions, keeping exactly three (or the whole hand if it is smaller). */
          discardDown: ({ G, playerID }, ...handIndices: number[]) => {
            const cards = G.players[playerID!];
            const distinct = new Set(handIndices);
            const valid = handIndices.every((i) => Number.isInteger(i) && i >= 0 && i < cards.hand.length);
            if (
              !valid ||
              distinct.size !== handIndices.length ||
              cards.hand.length - distinct.size !== Math.min(DISCARD_DOWN_TO, cards.hand.length)
            )
              return INVALID_MOVE;
            cards.discard.push(...cards.hand.filter((_, i) => distinct.has(i)));
            cards.hand = cards.hand.filter((_, i) => !distinct.has(i));
          },
        },
      },
    },
  },
  endIf: ({ G, ctx }): ActionBuyResult | undefined => {
    if (G.supply.province > 0 && ctx.turn <= MAX_ROUNDS * ctx.numPlayers) return undefined;
    const scores = Object.fromEntries(Object.entries(G.players).map(([seat, cards]) => [seat, victoryPoints(cards)]));
    const best = Math.max(...Object.values(scores));
    const leaders = Object.keys(scores).filter((seat) => scores[seat] === best);
    return leaders.length === 1 ? { scores, winner: leaders[0] } : { scores, draw: true };
  },
  // boardgame.io's list of moves for bots (turnchart's explorer plays them too): each action card in hand, each card
  // the seat can afford, and one way to discard down to three.
  ai: {
    enumerate: (G, ctx, playerID) => {
      const hand = G.players[playerID].hand;
      const stage = ctx.activePlayers?.[playerID];
      if (stage === 'action')
        return [
          ...[...new Set(hand.filter((card) => CARDS[card].action))].map((card) => ({
            move: 'playAction',
            args: [card],
          })),
          { event: 'endStage' },
        ];
      if (stage === 'buy')
        return [
          ...(Object.keys(CARDS) as CardName[])
            .filter((card) => G.supply[card] > 0 && CARDS[card].cost <= budget(G, playerID))
            .map((card) => ({ move: 'buy', args: [card] })),
          { event: 'endTurn' },
        ];
      if (stage === 'discard') {
        const extra = Math.max(0, hand.length - DISCARD_DOWN_TO);
        return [{ move: 'discardDown', args: hand.map((_, index) => index).slice(0, extra) }];
      }
      return [];
    },
  },
};

export default ActionBuy;
