/**
 * Every example's exact transition set (issue "The chart carries the
 * rules"): each line is one edge of the machine definition — source, event,
 * guard (the rule that takes it), target — for seat 0's region and
 * everything above the seats; every other seat's region has the same edges.
 * The expected lines live beside each game in `transitions.txt`, to be read
 * against the game's rules. After a deliberate change of the chart, write
 * them again with `UPDATE_TRANSITIONS=1 npx jest examples/transitions` and
 * review the diff.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGameMachine } from 'turnchart';
import { seatsAlike, transitionSet } from '../test/support/transition-set';
import CardPhases from './card-phases/game';
import Discard from './discard/game';
import { EXAMPLES } from './charts';

test.each(EXAMPLES.map((e) => [e.name, e.game, e.numPlayers] as const))(
  '%s: the machine has exactly the transitions in transitions.txt',
  (name, game, numPlayers) => {
    const machine = createGameMachine(game, { numPlayers });
    const lines = transitionSet(machine, 0);
    const file = join(__dirname, name, 'transitions.txt');
    if (process.env.UPDATE_TRANSITIONS) writeFileSync(file, `${lines.join('\n')}\n`);
    expect(existsSync(file)).toBe(true);
    expect(lines).toEqual(readFileSync(file, 'utf8').trimEnd().split('\n'));
    expect(seatsAlike(machine, numPlayers)).toBe(true);
  },
);

describe('card-phases reads as its rules', () => {
  const lines = transitionSet(createGameMachine(CardPhases, { numPlayers: 2 }), 0);
  const between = (from: string, to: string) =>
    lines.filter((l) => l.startsWith(`phases.${from} --`) && l.endsWith(`--> phases.${to}`));

  test('draw → play and play → draw on the declared next, and after endIf', () => {
    expect(between('draw', 'play')).toEqual([
      'phases.draw --endPhase [phases.draw.next]--> phases.play',
      'phases.draw --endPhase [phases.draw.endIf]--> phases.play',
      'phases.draw --endPhase [phases.draw.endIf({ next })]--> phases.play',
      'phases.draw --pass [phases.draw.next]--> phases.play',
      'phases.draw --setPhase [setPhase(phase)]--> phases.play',
    ]);
    expect(between('play', 'draw')).toEqual([
      'phases.play --endPhase [phases.play.next]--> phases.draw',
      'phases.play --endPhase [phases.play.endIf]--> phases.draw',
      'phases.play --endPhase [phases.play.endIf({ next })]--> phases.draw',
      'phases.play --pass [phases.play.next]--> phases.draw',
      'phases.play --setPhase [setPhase(phase)]--> phases.draw',
    ]);
  });

  test('no phase is entered only by the loop stop; an endTurn never changes the phase (the turn order is round-robin)', () => {
    expect(lines.filter((l) => l.endsWith('--> phases.(no phase)') && !l.startsWith('phases.(no phase)'))).toEqual([
      'phases.draw --endPhase [phases.draw.endIf (loop stop)]--> phases.(no phase)',
      'phases.play --endPhase [phases.play.endIf (loop stop)]--> phases.(no phase)',
    ]);
    expect(lines.filter((l) => /^phases\.\w+ --endTurn/.test(l))).toEqual([]);
  });
});

describe('discard reads as its rules', () => {
  const lines = transitionSet(createGameMachine(Discard, { numPlayers: 4 }), 1);
  const seat = 'phases.(no phase).turn.player1';

  test('a discarding seat leaves discard to idle (or to active when the set empties and it is the current player)', () => {
    expect(lines.filter((l) => l.startsWith(`${seat}.discard --`))).toEqual([
      `${seat}.discard --move.discard [turn.stages.discard.moves]--> (stays)`,
      `${seat}.discard --endStage [endStage]--> ${seat}.idle`,
      `${seat}.discard --endStage [activePlayers.emptied]--> ${seat}.active`,
      `${seat}.discard --maxMoves [maxMoves]--> ${seat}.idle`,
      `${seat}.discard --maxMoves [activePlayers.emptied]--> ${seat}.active`,
    ]);
  });

  test('only setStage and setActivePlayers (arguments) may put a seat into discard', () => {
    expect(lines.filter((l) => l.endsWith(`--> ${seat}.discard`))).toEqual([
      `${seat} --setStage [setStage(stage)]--> ${seat}.discard`,
      `${seat} --setActivePlayers [setActivePlayers(set)]--> ${seat}.discard`,
    ]);
  });
});
