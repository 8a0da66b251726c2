/**
 * Ambush: turnchart's opt-in extensions in one small game.
 *
 * - Stage hooks: entering `brace` gives a player an alert token (`onBegin`),
 *   leaving it writes a line to the log (`onEnd`).
 * - A stage `endIf`: a player who has no health left is out of `brace` at once.
 * - Per-stage limits: `brace` allows exactly one move (`minMoves`/`maxMoves`
 *   in the stage's config; the `ambush` move does not repeat them).
 * - `ordering: 'events-first'`: the turn ends when nobody is bracing any more,
 *   and `turn.endIf` sees the set the ambush just made (with boardgame.io's
 *   order it would run before the ambush's queued event and end the turn at once).
 */
import type { Game } from 'turnchart';

export interface AmbushState {
  health: Record<string, number>;
  alerts: Record<string, number>;
  ambushes: number;
  log: string[];
}

const living = (G: AmbushState) => Object.keys(G.health).filter((id) => G.health[id] > 0);

export const Ambush: Game<AmbushState> = {
  name: 'ambush',
  ordering: 'events-first',
  setup: ({ ctx }) => {
    const seats = ctx.playOrder;
    return {
      health: Object.fromEntries(seats.map((id) => [id, 2])),
      alerts: Object.fromEntries(seats.map((id) => [id, 0])),
      ambushes: 0,
      log: [],
    };
  },
  moves: {
    ambush: ({ G, events }) => {
      G.ambushes++;
      events.setActivePlayers({ others: 'brace' });
    },
    rest: ({ events }) => events.endTurn(),
  },
  turn: {
    // A player out of health is skipped.
    order: {
      first: ({ ctx }) => ctx.playOrderPos,
      next: ({ G, ctx }) => {
        for (let step = 1; step <= ctx.playOrder.length; step++) {
          const pos = (ctx.playOrderPos + step) % ctx.playOrder.length;
          if (G.health[ctx.playOrder[pos]] > 0) return pos;
        }
        return ctx.playOrderPos;
      },
    },
    // After an ambush, the turn is over once nobody braces any more.
    endIf: ({ G, ctx }) =>
      ctx.activePlayers === null &&
      (ctx.numMoves ?? 0) > 0 &&
      G.ambushes > 0 &&
      G.log.length > 0 &&
      G.log[G.log.length - 1].startsWith('braced'),
    stages: {
      brace: {
        minMoves: 1,
        maxMoves: 1,
        onBegin: ({ G, playerID }) => {
          G.alerts[playerID!]++;
        },
        onEnd: ({ G, playerID }) => {
          G.log.push(`braced:${playerID}`);
        },
        endIf: ({ G, playerID }) => G.health[playerID] <= 0,
        moves: {
          dodge: ({ G, playerID }) => {
            // A dodge works only with an alert token to spend.
            if (G.alerts[playerID!] > 1) G.alerts[playerID!] -= 2;
            else G.health[playerID!]--;
          },
          takeHit: ({ G, playerID }) => {
            G.health[playerID!]--;
          },
        },
      },
    },
  },
  endIf: ({ G }) => {
    const left = living(G);
    return left.length === 1 ? { winner: left[0] } : undefined;
  },
};

export default Ambush;
