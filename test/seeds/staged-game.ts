/** The staged game of the stage seeds' tests: stages A -> B -> C -> A and a free one, and a helper to repeat a move. */
import type { Game } from 'turnchart';
import { note, type Log, type ScenarioMatch } from './scenario-match';

/** Stages A -> B -> C -> A (seed: `A: { next: 'B' }, ...`), each with its own move; `free` has no moves section. */
export const stagedGame = (extra: Partial<Game<Log>> = {}): Game<Log> => ({
  setup: () => ({ log: [] }),
  moves: { act: note('act') },
  ...extra,
  turn: {
    stages: {
      A: { moves: { inA: note('inA') }, next: 'B' },
      B: { moves: { inB: note('inB') }, next: 'C' },
      C: { moves: { inC: note('inC') }, next: 'A' },
      free: {},
    },
    ...extra.turn,
  },
});

/** The stage moves of stagedGame, by stage. */
export const MOVE_OF: Record<string, string> = { A: 'inA', B: 'inB', C: 'inC' };

export function times(m: ScenarioMatch<Log>, count: number, name: string, playerID: string): void {
  for (let i = 0; i < count; i++) m.move(name, playerID);
}
