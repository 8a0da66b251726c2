/** A 4-phase, 5-stage flow for build-time and inspector-scale measurements (6+ seats). */
import { ActivePlayers, type Game } from '../src/index';

export function largeFlow(): Game {
  const stage = (next?: string) => ({
    moves: {
      act: ({ G }: any) => {
        G.acts++;
      },
      skip: ({ events }: any) => events.endStage(),
    },
    ...(next ? { next } : {}),
  });
  const stages = { scout: stage('trade'), trade: stage('build'), build: stage(), defend: stage(), vote: stage() };
  return {
    setup: () => ({ acts: 0 }),
    moves: {
      act: ({ G }) => {
        G.acts++;
      },
    },
    phases: {
      setup: {
        start: true,
        next: 'main',
        endIf: ({ G }) => G.acts >= 6,
        turn: { activePlayers: ActivePlayers.ALL_ONCE, stages },
      },
      main: { next: 'crisis', turn: { stages, minMoves: 1 } },
      crisis: { next: 'scoring', turn: { activePlayers: { others: 'defend' }, stages } },
      scoring: { next: 'main', turn: { activePlayers: { all: 'vote', minMoves: 1, maxMoves: 1 }, stages } },
    },
  };
}
