/**
 * A boardgame.io 0.50 TypeScript game, written as boardgame.io's docs write
 * one: `Game<MyState>`, `Move<MyState>`, moves that index G by `playerID`,
 * `INVALID_MOVE`, `Ctx` in helpers, hooks, turn orders, stages and active
 * players. It imports boardgame.io; typed-game.test.ts compiles it under
 * `strict` as it is and with its imports pointed at `turnchart/boardgameio`
 * (the migration), and plays it on turnchart.
 */
import type { Ctx, FnContext, Game, LongFormMove, Move, PlayerID, TurnOrderConfig } from 'boardgame.io';
import { ActivePlayers, INVALID_MOVE, Stage, TurnOrder } from 'boardgame.io/core';

export interface Player {
  hand: number[];
  score: number;
}

export interface MyState {
  deck: number[];
  pile: number[];
  players: { [id: string]: Player };
  lastMover: PlayerID | null;
  turnsTaken: Record<PlayerID, number>;
  log: string[];
}

function leader(G: MyState, ctx: Ctx): PlayerID {
  return ctx.playOrder.reduce(
    (best, id) => (G.players[id].score > G.players[best].score ? id : best),
    ctx.playOrder[0],
  );
}

const drawCard: Move<MyState> = ({ G, playerID }) => {
  const card = G.deck.pop();
  if (card === undefined) return INVALID_MOVE;
  G.players[playerID].hand.push(card);
};

const playCard: Move<MyState> = ({ G, ctx, playerID, events }, index: number) => {
  const hand = G.players[playerID].hand;
  if (index < 0 || index >= hand.length) return INVALID_MOVE;
  const [card] = hand.splice(index, 1);
  G.pile.push(card);
  G.players[playerID].score += card;
  if (card % 2 === 0 && ctx.numPlayers > 1)
    events.setActivePlayers({ currentPlayer: Stage.NULL, others: 'respond', minMoves: 1, maxMoves: 1 });
};

const respond: LongFormMove<MyState> = {
  move: ({ G, playerID }, discard: boolean) => {
    const hand = G.players[playerID].hand;
    if (discard && hand.length > 0) G.pile.push(hand.pop()!);
  },
  client: false,
};

const countTurn = ({ G, ctx }: FnContext<MyState>) => {
  G.turnsTaken[ctx.currentPlayer] = (G.turnsTaken[ctx.currentPlayer] ?? 0) + 1;
};

const deckRunsLow = ({ G }: FnContext<MyState>) => G.deck.length < 12;

const everyoneOnce: TurnOrderConfig<MyState> = {
  first: () => 0,
  next: ({ ctx }) => (ctx.playOrderPos + 1 < ctx.numPlayers ? ctx.playOrderPos + 1 : undefined),
};

export const CardGame: Game<MyState> = {
  name: 'card-game',
  seed: 'card-game',
  minPlayers: 2,
  maxPlayers: 4,

  setup: ({ ctx, random }) => ({
    deck: random.Shuffle(Array.from({ length: 20 }, (_, i) => i + 1)),
    pile: [],
    players: Object.fromEntries(ctx.playOrder.map((id) => [id, { hand: [], score: 0 }])),
    lastMover: null,
    turnsTaken: {},
    log: [],
  }),

  turn: {
    minMoves: 1,
    order: TurnOrder.DEFAULT,
    onBegin: countTurn,
    onMove: ({ G, playerID }) => {
      G.lastMover = playerID;
      G.log.push(`${playerID} moved: ${G.players[playerID].hand.length} cards left`);
    },
    onEnd: ({ G, ctx }) => {
      G.log.push(`end of turn ${ctx.turn}`);
    },
    endIf: ({ G, ctx }) => G.players[ctx.currentPlayer].hand.length === 0,
    stages: {
      respond: { moves: { respond } },
    },
  },

  phases: {
    draw: {
      start: true,
      moves: { drawCard },
      turn: { order: everyoneOnce, minMoves: 2, maxMoves: 2 },
      next: 'play',
      onEnd: ({ G }) => {
        G.log.push('everyone drew');
      },
    },
    play: {
      moves: { playCard, drawCard },
      endIf: deckRunsLow,
      next: 'vote',
    },
    vote: {
      moves: {
        vote: ({ G, playerID }, yes: boolean) => {
          G.log.push(`${playerID} votes ${yes ? 'yes' : 'no'}`);
        },
      },
      turn: { order: TurnOrder.ONCE, activePlayers: ActivePlayers.ALL_ONCE },
    },
  },

  endIf: ({ G, ctx }) => {
    if (Object.values(G.players).some((player) => player.score >= 30)) return { winner: leader(G, ctx) };
    if (G.deck.length === 0 && G.pile.length >= 20) return { draw: true };
  },

  onEnd: ({ G }) => {
    G.log.push('game over');
  },

  playerView: ({ G, playerID }) => ({
    ...G,
    deck: G.deck.length,
    players: Object.fromEntries(
      Object.entries(G.players).map(([id, player]) => [
        id,
        id === playerID ? player : { ...player, hand: player.hand.map(() => 0) },
      ]),
    ),
  }),

  ai: {
    enumerate: (G, ctx, playerID) => {
      if (ctx.phase === 'draw') return [{ move: 'drawCard' }];
      return G.players[playerID].hand.map((_, index) => ({ move: 'playCard', args: [index] }));
    },
  },
};
