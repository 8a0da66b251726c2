/** The QA commands' end-to-end tests: the built executable run from the project's root, and traces written for it. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordTrace } from '../../../src/adapters/qa/index';
import { CardPhases } from '../../../examples/card-phases/game';
import { useBuiltCli } from '../../support/built-cli';

/** For one test file: the executable built before its tests (into a folder named `name`), with its scratch folder. */
export function useQaCli(name: string) {
  const built = useBuiltCli(name);
  const turnchart = (args: string[], input?: string) => built.run(args, { input });
  return {
    built,
    turnchart,
    cli: async (...argv: string[]) => turnchart(argv),
    /** Writes `trace` as JSON into the scratch folder; returns its path. */
    writeTrace(name: string, trace: unknown): string {
      const file = join(built.scratch, name);
      writeFileSync(file, JSON.stringify(trace, null, 2));
      return file;
    },
  };
}

/** A short card-phases trace: a draw, a play and an endTurn by player 0. */
export const cardTrace = () =>
  recordTrace(CardPhases, { numPlayers: 2, seed: 'cli' }, [
    { type: 'move.drawCard', playerID: '0', args: [] },
    { type: 'move.playCard', playerID: '0', args: [] },
    { type: 'endTurn', playerID: '0', args: [] },
  ]);
