/**
 * `turnchart step <game module>`: play a match in the terminal, one request
 * at a time, choosing from what each player may send now. The logic is the
 * Stepper of turnchart/qa; this is its readline loop.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { createGameMachine } from '../../../machines';
import { Stepper, type EventChoice } from '../../qa/index';
import { observedStart } from '../../qa/observed-transition';
import type { CliContext } from '../context';
import { loadGame } from '../load-game';
import { exportOption, playersFor, playersOption } from './options';
import { chosenEvents, eventsOption, movesOnlyOption, seedOption } from './qa-options';

interface StepOptions {
  players?: number;
  export?: string;
  seed?: string;
  events?: EventChoice;
  movesOnly?: boolean;
}

export function registerStep(program: Command, context: CliContext): void {
  program
    .command('step')
    .summary('play a match in the terminal, one request at a time; save it as a trace')
    .description(
      'An interactive stepper: shows the phase, turn, current player and each seat\'s state in the chart, and a numbered list of the moves and flow events each player may send now (worked out by the machine; the events a player sends from a client, endTurn, pass and endStage, unless --events says otherwise; "send" sends anything). Type a number to send one (followed by JSON arguments if you like), "undo" to take it back, "save <file>" to write the session as a trace for `turnchart replay`, "help" for the rest.',
    )
    .argument('<game module>', 'a .js, .mjs, .cjs or .ts file exporting a game config')
    .addOption(playersOption())
    .addOption(exportOption())
    .addOption(seedOption('a new one'))
    .addOption(eventsOption('that are listed'))
    .addOption(movesOnlyOption())
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  $ turnchart step game.ts --players 3 --seed demo',
        '  $ turnchart step game.ts < commands.txt',
      ].join('\n'),
    )
    .action(async (modulePath: string, options: StepOptions) => {
      const { game } = await loadGame(modulePath, { exportName: options.export, cwd: context.cwd });
      const numPlayers = playersFor(game, options.players);
      const events = chosenEvents(game, options);
      const seed = options.seed ?? `step-${Date.now().toString(36)}`;
      // A game that cannot start (its setup throws) is the user's to fix: one line, exit 2, before any actor runs.
      observedStart(createGameMachine(game, { numPlayers }), { seed });
      const stepper = new Stepper({
        game,
        numPlayers,
        seed,
        candidates: { events },
        writeFile: (path, text) => writeFileSync(resolve(context.cwd, path), text),
      });
      const lines = createInterface({
        input: process.stdin,
        output: process.stdout,
        terminal: process.stdin.isTTY === true,
      });
      context.stdout(stepper.start());
      lines.setPrompt(stepper.prompt);
      lines.prompt();
      for await (const line of lines) {
        const output = stepper.input(line);
        if (output) context.stdout(output);
        if (stepper.done) break;
        lines.setPrompt(stepper.prompt);
        lines.prompt();
      }
      lines.close();
      if (!process.stdin.isTTY) context.stdout('\n');
    });
}
