/**
 * The README's "Older boardgame.io games" examples, as printed there (with
 * loose types), and the values its comments promise.
 */
import { Client, Game, INVALID_MOVE, TurnOrder } from 'turnchart/legacy';

type G = any;
type Ctx = any;

test('a 0.2x Phases guide game: draw, play, then back to the previous phase', () => {
  const CardGame = Game({
    setup: () => ({ deck: 5, hand: 0 }),
    moves: {
      drawCard: (G: G) => {
        G.deck--;
        G.hand++;
      },
      playCard: (G: G) => {
        G.deck++;
        G.hand--;
      },
    },
    flow: {
      startingPhase: 'draw',
      phases: {
        draw: { allowedMoves: ['drawCard'], endPhaseIf: (G: G) => G.deck <= 0, next: 'play' },
        play: { allowedMoves: ['playCard'], endPhaseIf: (G: G) => G.hand <= 0 },
      },
    },
  });

  const client = Client({ game: CardGame, numPlayers: 1 });
  for (let i = 0; i < 5; i++) client.moves.drawCard();
  expect(client.getState()!.ctx.phase).toBe('play');
  for (let i = 0; i < 5; i++) client.moves.playCard();
  expect(client.getState()!.ctx.phase).toBe('draw');
  expect(client.getState()!.G).toEqual({ deck: 5, hand: 0 });
});

test('a 0.4x game: ONCE with moveLimit, then everyone shows once', () => {
  const Auction = {
    setup: (ctx: Ctx) => ({ lot: ctx.random.Die(10), bids: {}, shown: [] }),
    phases: {
      bidding: {
        start: true,
        next: 'showdown',
        turn: { order: TurnOrder.ONCE, moveLimit: 1 },
        moves: {
          bid: (G: G, ctx: Ctx, amount: number) => {
            if (!(amount >= 0)) return INVALID_MOVE;
            G.bids[ctx.playerID] = amount;
          },
        },
      },
      showdown: {
        turn: { activePlayers: { all: true, moveLimit: 1 } },
        moves: {
          show: (G: G, ctx: Ctx) => {
            G.shown.push(ctx.playerID);
          },
        },
      },
    },
    endIf: (G: G, ctx: Ctx) => G.shown.length === ctx.numPlayers && { bids: G.bids },
  };

  const match = Client({ game: Auction, numPlayers: 2 });
  match.moves.bid(3);
  match.moves.bid(5);
  expect(match.getState()!.ctx).toMatchObject({ phase: 'showdown', activePlayers: { 0: null, 1: null } });
  match.updatePlayerID('1');
  match.moves.show();
  match.updatePlayerID('0');
  match.moves.show();
  expect(match.getState()!.ctx.gameover).toEqual({ bids: { 0: 3, 1: 5 } });
  expect(match.getState()!.G.lot).toEqual(expect.any(Number));
});
