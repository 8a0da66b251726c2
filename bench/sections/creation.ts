import type { Game } from '../../src/index';
import { CardPhases } from '../../examples/card-phases/game';
import { Discard } from '../../examples/discard/game';
import { compare } from '../harness';
import { largeFlow } from '../large-flow';
import { creationWorkload, makers, retainedPerMatch } from '../match-creation';
import { ROUNDS, type AddRow, type Extra } from './section';

/** 4b. A match from a fresh, identical game object (match-creation.ts): time per match and the heap each keeps. */
export function creationSection(add: AddRow, extra: Extra): void {
  const creation: Record<string, unknown> = {};
  const creationCases: [string, Game, number][] = [
    ['discard', Discard, 4],
    ['card-phases', CardPhases, 2],
    ['large flow', largeFlow(), 6],
  ];
  for (const [name, game, numPlayers] of creationCases) {
    const make = makers(numPlayers);
    add(
      compare(
        `match from a fresh identical game object (${name}, ${numPlayers} seats)`,
        creationWorkload(game, make.turnchart, 200),
        creationWorkload(game, make.boardgameio, 200),
        ROUNDS,
      ),
    );
    if (name === 'discard') {
      add(
        compare(
          `  the same through turnchart/boardgameio's Client`,
          creationWorkload(game, make.turnchartClient, 200),
          creationWorkload(game, make.boardgameio, 200),
          ROUNDS,
        ),
      );
      // A chart actor needs the object's own machine: xstate builds its state nodes once per game object.
      add(
        compare(
          `  the same as a chart actor (createActor(createGameMachine))`,
          creationWorkload(game, make.turnchartActor, 50),
          creationWorkload(game, make.boardgameio, 50),
          ROUNDS,
        ),
      );
    }
    const kept = {
      turnchart: retainedPerMatch(game, make.turnchart, 500),
      turnchartClient: retainedPerMatch(game, make.turnchartClient, 500),
      boardgameio: retainedPerMatch(game, make.boardgameio, 500),
    };
    creation[`${name} at ${numPlayers} seats`] = kept;
    const kb = (bytes: number | undefined) =>
      bytes === undefined ? 'n/a (no --expose-gc)' : `${(bytes / 1024).toFixed(1)} KB`;
    process.stdout.write(
      `heap kept per match from a fresh identical game object, ${name} at ${numPlayers} seats: createGame ${kb(kept.turnchart)}, turnchart Client ${kb(kept.turnchartClient)}, boardgame.io Client ${kb(kept.boardgameio)}\n`,
    );
  }
  extra.retainedPerFreshMatch = creation;
}
