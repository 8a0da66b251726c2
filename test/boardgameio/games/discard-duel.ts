/**
 * A card game in plain boardgame.io style, with phases and a stage.
 *
 * - `draw` (the first phase): each turn a player draws one or two cards
 *   (`minMoves: 1, maxMoves: 2`); once every player has drawn twice in the
 *   phase, `play` begins.
 * - `play`: the current player plays a card. An odd card ends the turn; an
 *   even card sends every other player to the `discard` stage
 *   (`setActivePlayers({ others: 'discard', minMoves: 1, maxMoves: 1 })`),
 *   where each must discard one card before the current player goes on.
 *   After four cards on the pile, the game goes back to `draw`.
 * - The first player to have played six cards wins; an empty deck is a draw.
 *
 * It also uses what boardgame.io games use around the flow: a seeded shuffle
 * and dice, `log.setMetadata`, long-form moves (`undoable: false`,
 * `noLimit`, `redact`), and phase and turn hooks.
 */
import type { BoardgameLib } from './lib';

export interface DuelState {
  deck: number[];
  hands: Record<string, number[]>;
  pile: number[];
  drawsThisPhase: number;
  drawPhases: number;
  discarded: Record<string, number>;
  played: Record<string, number>;
  rolls: number[];
  turnsBegun: number;
  phasesPlayed: number;
}

type Context = {
  G: DuelState;
  ctx: { playOrder: string[]; numPlayers: number; phase: string | null; currentPlayer: string };
  playerID: string;
  events: any;
  random: any;
  log: { setMetadata(metadata: unknown): void };
};

export function discardDuel({ INVALID_MOVE, TurnOrder }: BoardgameLib, seed = 'discard-duel') {
  const drawCard = ({ G, playerID }: Context) => {
    if (G.deck.length === 0) return INVALID_MOVE;
    G.hands[playerID].push(G.deck.pop()!);
    G.drawsThisPhase += 1;
  };

  return {
    name: 'discard-duel',
    seed,
    setup: ({ ctx, random }: Pick<Context, 'ctx' | 'random'>): DuelState => {
      const deck = random.Shuffle(Array.from({ length: 30 }, (_, i) => i + 1));
      const hands: Record<string, number[]> = {};
      for (const player of ctx.playOrder) hands[player] = [];
      return {
        deck,
        hands,
        pile: [],
        drawsThisPhase: 0,
        drawPhases: 0,
        discarded: {},
        played: {},
        rolls: [],
        turnsBegun: 0,
        phasesPlayed: 0,
      };
    },

    phases: {
      draw: {
        start: true,
        next: 'play',
        onBegin: ({ G }: Context) => {
          G.drawPhases += 1;
        },
        // Reset here, not in onBegin: a phase's endIf is checked before its onBegin runs (bgio-quirks 4).
        onEnd: ({ G }: Context) => {
          G.drawsThisPhase = 0;
          G.phasesPlayed += 1;
        },
        endIf: ({ G, ctx }: Context) => G.drawsThisPhase >= ctx.numPlayers * 2,
        turn: { order: TurnOrder.RESET, minMoves: 1, maxMoves: 2 },
        moves: { drawCard },
      },

      play: {
        next: 'draw',
        endIf: ({ G }: Context) => G.pile.length >= 4,
        onEnd: ({ G }: Context) => {
          G.pile = [];
          G.phasesPlayed += 1;
        },
        turn: {
          onBegin: ({ G }: Context) => {
            G.turnsBegun += 1;
          },
          stages: {
            discard: {
              moves: {
                discard: ({ G, playerID }: Context, index: number) => {
                  const hand = G.hands[playerID];
                  if (hand.length === 0) return; // nothing left to give up
                  if (!(index >= 0 && index < hand.length)) return INVALID_MOVE;
                  hand.splice(index, 1);
                  G.discarded[playerID] = (G.discarded[playerID] ?? 0) + 1;
                },
              },
            },
          },
        },
        moves: {
          playCard: ({ G, playerID, events, log }: Context, index: number) => {
            const hand = G.hands[playerID];
            if (!(index >= 0 && index < hand.length)) return INVALID_MOVE;
            const [card] = hand.splice(index, 1);
            G.pile.push(card);
            G.played[playerID] = (G.played[playerID] ?? 0) + 1;
            log.setMetadata({ card });
            if (card % 2 === 0) events.setActivePlayers({ others: 'discard', minMoves: 1, maxMoves: 1 });
            else events.endTurn();
          },
          drawCard: { move: drawCard, undoable: false },
          rollDie: {
            move: ({ G, random }: Context) => {
              G.rolls.push(random.D6());
            },
            noLimit: true,
            redact: ({ G }: Context) => G.rolls.length % 2 === 0,
          },
        },
      },
    },

    endIf: ({ G, ctx }: Context) => {
      const winner = ctx.playOrder.find((player) => (G.played[player] ?? 0) >= 6);
      if (winner !== undefined) return { winner };
      if (G.deck.length === 0) return { draw: true };
    },
  };
}
