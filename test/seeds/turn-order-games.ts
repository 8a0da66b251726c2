/** The games and helpers of the turn-order tests: a one-stage game, two phases, passing turns. */
import type { Game, TurnConfig } from 'turnchart';
import { note, type Log as Moves, type ScenarioMatch } from './scenario-match';

export interface Log extends Moves {
  order?: string[];
}

export const act = note('act');

export const simpleGame = (turn?: TurnConfig<Log>): Game<Log> => ({
  setup: () => ({ log: [] }),
  moves: { act },
  turn: { ...turn, stages: { myStage: {} } },
});

/** Phase A (the game's default turn order) then phase B with `order`. */
export const twoPhases = (order: TurnConfig<Log>['order']): Game<Log> => ({
  setup: () => ({ log: [], order: ['3', '1'] }),
  moves: { act, setOrder: ({ G }, order: string[]) => void (G.order = order) },
  phases: { A: { start: true, next: 'B' }, B: { turn: { order } } },
});

/** endTurn by whoever is current, `count` times; returns who played, in order. */
export function passTurns(m: ScenarioMatch<Log>, count: number): string[] {
  const players: string[] = [];
  for (let i = 0; i < count; i++) {
    m.event('endTurn', m.ctx().currentPlayer);
    players.push(m.ctx().currentPlayer);
  }
  return players;
}
