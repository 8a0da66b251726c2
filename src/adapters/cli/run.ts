/**
 * The `turnchart` program: commander parses, each command lives in
 * commands/. `run(argv)` never exits the process: it returns the exit code
 * (cli-error.ts: 0 ok, 1 a finding, 2 bad usage or input, 3 a bug), writing
 * errors as one line `turnchart: <message>` on stderr.
 */
import { Command, CommanderError } from 'commander';
import { version } from '../../../package.json';
import { describeError, EXIT_OK, EXIT_USAGE, oneLine, ReportedFailure } from './cli-error';
import { COMMANDS } from './commands/index';
import { processContext, type CliContext } from './context';

export function createProgram(context: CliContext): Command {
  const program = new Command('turnchart')
    .description('See and check a boardgame.io-style game as an xstate statechart.')
    .version(version, '-v, --version')
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => context.stdout(text),
      writeErr: (text) => context.stderr(text),
      // One line: commander's suggestion ("(Did you mean diagram?)") joins the message.
      outputError: (text, write) =>
        write(`turnchart: ${oneLine(text.replace(/^error: /, '')).replace(/\(Did you mean/, '(did you mean')}\n`),
    });
  // Commands created after the settings above inherit them (exit override, output).
  for (const register of COMMANDS) register(program, context);
  return program;
}

/** Run the command line `argv` (without `node` and the script). Resolves to the exit code. */
export async function run(argv: readonly string[], context: CliContext = processContext()): Promise<number> {
  const program = createProgram(context);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT_OK;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has already written its message (or the help).
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT_OK;
      // `turnchart help [command]` asked for help (exit code 0); no command at all prints it as an error.
      if (error.code === 'commander.help') return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
      return EXIT_USAGE;
    }
    if (error instanceof ReportedFailure) return error.exitCode;
    const { message, exitCode } = describeError(error);
    context.stderr(`turnchart: ${message}\n`);
    return exitCode;
  }
}
