/**
 * `turnchart diagram <game module>`: the game's chart as Mermaid, Stately
 * JSON or SVG, on stdout or into a file.
 */
import { extname } from 'node:path';
import { Option, type Command } from 'commander';
import { createGameMachine, GameStartError, type Game } from '../../../machines';
import { toJson, toMermaid, toSvg } from '../../diagram/index';
import type { ArgumentEdges } from '../../diagram/chart-graph-types';
import { reachedStates, type ReachedStates } from '../../diagram/reached';
import { chartUsage } from '../../diagram/chart-usage';
import type { Trace } from '../../qa/trace';
import { readTraces } from './qa-options';
import { CliError } from '../cli-error';
import type { CliContext } from '../context';
import { loadGame } from '../load-game';
import { exportOption, playersFor, playersOption, writeOutput } from './options';

export const DIAGRAM_FORMATS = ['mermaid', 'json', 'svg'] as const;
export type DiagramFormat = (typeof DIAGRAM_FORMATS)[number];

const FORMAT_BY_EXTENSION: Record<string, DiagramFormat> = {
  '.mmd': 'mermaid',
  '.mermaid': 'mermaid',
  '.md': 'mermaid',
  '.json': 'json',
  '.svg': 'svg',
};

interface DiagramOptions {
  players?: number;
  export?: string;
  format?: DiagramFormat;
  out?: string;
  /** `--argument-edges <how>`, or false for `--no-argument-edges`. */
  argumentEdges?: ArgumentEdges | false;
  moves: boolean;
  unfoldSeats?: boolean;
  /** false for `--no-explore`. */
  explore: boolean;
  jsonShape: 'config' | 'definition';
  /** Draw every rule of the chart, not only those the game uses. */
  all?: boolean;
  /** Recorded matches (turnchart-trace/1 files) whose play counts too. */
  trace?: string[];
}

const ARGUMENT_EDGES: readonly ArgumentEdges[] = ['fold', 'dashed', 'none'];

/** Image and document formats people ask for that turnchart does not write. */
const OTHER_IMAGE = /^\.(png|jpe?g|gif|webp|bmp|tiff?|pdf|avif|ico)$/;
const EXTENSIONS = '.mmd or .md (Mermaid), .json or .svg';
const FORMAT_NAMES: Record<DiagramFormat, string> = { mermaid: 'Mermaid', json: 'JSON', svg: 'SVG' };

/**
 * The format asked for, else the one the output file's extension names, else
 * Mermaid. An `--out` whose extension says another format than the one asked
 * for, names an image turnchart cannot draw (`.png`), or says nothing when no
 * format is asked for, is a usage error (CliError): nothing is written.
 */
export function diagramFormat(format: DiagramFormat | undefined, out: string | undefined): DiagramFormat {
  if (out === undefined) return format ?? 'mermaid';
  const extension = extname(out).toLowerCase();
  if (OTHER_IMAGE.test(extension)) {
    throw new CliError(
      `cannot write ${out}: turnchart draws Mermaid, JSON or SVG, not ${extension.slice(1).toUpperCase()} (write a .svg and convert it)`,
    );
  }
  const named = FORMAT_BY_EXTENSION[extension];
  if (format !== undefined) {
    if (named !== undefined && named !== format)
      throw new CliError(
        `--format ${format} does not match --out ${out}, which names ${FORMAT_NAMES[named]}: change one of them`,
      );
    return format;
  }
  if (named === undefined)
    throw new CliError(
      `cannot tell the format from --out ${out}: end it in ${EXTENSIONS}, or give --format mermaid, json or svg`,
    );
  return named;
}

export async function renderDiagram(
  game: Game,
  numPlayers: number,
  format: DiagramFormat,
  options: Pick<DiagramOptions, 'argumentEdges' | 'moves' | 'jsonShape' | 'unfoldSeats' | 'all'> & {
    explore?: boolean;
    traces?: readonly Trace[];
  },
  warn: (text: string) => void = () => undefined,
): Promise<string> {
  const machine = createGameMachine(game, { numPlayers });
  const seats = options.unfoldSeats ? 'unfold' : 'fold';
  const argumentsShown = options.argumentEdges === false ? 'none' : options.argumentEdges;
  if (format === 'json') return toJson(machine, { shape: options.jsonShape, seats });
  // What the game uses, and the states no explored play reaches (drawn grey); exploring runs the game's code.
  let played: ReachedStates | undefined;
  if (options.explore) {
    try {
      played = reachedStates(game, { numPlayers, ...(options.traces ? { traces: options.traces } : {}) });
    } catch (error) {
      // A game that cannot start is an input error, as for every command (docs/errors.md); --no-explore draws it anyway.
      if (error instanceof GameStartError || (error as Error)?.name === 'GameStartError') throw error;
      warn(
        `turnchart: not greying unreached states: exploring the game failed (${error instanceof Error ? error.message.split('\n', 1)[0] : String(error)})\n`,
      );
    }
  }
  // --all, or an --argument-edges choice: every rule of the chart, argument-driven ones as asked.
  const all = options.all === true || options.argumentEdges !== undefined;
  const drawing = {
    arguments: argumentsShown,
    seats,
    moves: options.moves,
    usage: chartUsage(game, played),
    all,
    ...(played && all ? { reached: played.ids, reachedBy: played.description } : {}),
  } as const;
  return format === 'mermaid' ? toMermaid(machine, drawing) : toSvg(machine, drawing);
}

export function registerDiagram(program: Command, context: CliContext): void {
  program
    .command('diagram')
    .summary("draw a game's statechart (Mermaid, Stately JSON or SVG)")
    .description(
      "Draw the statechart of a game: its phases, the turn with one region per seat, each seat's stages, and the transitions that connect them, each labelled with its event and the rule that takes it.",
    )
    .argument('<game module>', 'a .js, .mjs, .cjs or .ts file exporting a game config')
    .addOption(playersOption())
    .addOption(exportOption())
    .addOption(
      new Option('-f, --format <format>', "output format (default: from --out's extension, else mermaid)").choices(
        DIAGRAM_FORMATS,
      ),
    )
    .option('-o, --out <file>', 'write to this file instead of stdout')
    .addOption(
      new Option(
        '--argument-edges <how>',
        'with --all, argument-driven edges (setPhase, setStage, setActivePlayers...): written in the box they leave (default), drawn dashed, or left out (mermaid, svg)',
      ).choices(ARGUMENT_EDGES),
    )
    .option('--no-argument-edges', 'the same as --argument-edges none')
    .option('--all', "draw every rule of the chart, not only those the game's code and play use (mermaid, svg)")
    .option(
      '--trace <file...>',
      'recorded matches (turnchart-trace/1) whose play counts too: their states are not grey, their calls are drawn',
    )
    .option('--unfold-seats', 'draw every seat\'s region, not identical ones once as "each player (×N)"')
    .option('--no-explore', 'do not play the game to grey out the states no play reaches (mermaid, svg)')
    .option('--no-moves', 'leave out the moves each state handles in place (mermaid, svg)')
    .addOption(
      new Option(
        '--json-shape <shape>',
        "json: the createMachine config Stately loads, or xstate's resolved definition",
      )
        .choices(['config', 'definition'])
        .default('config'),
    )
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  $ turnchart diagram game.ts --players 3',
        '  $ turnchart diagram game.mjs --export chess --format svg --out chart.svg',
        '  $ turnchart diagram game.js --format json > chart.json',
        '  $ turnchart diagram game.ts --players 4 --unfold-seats --all --argument-edges dashed',
      ].join('\n'),
    )
    .action(async (modulePath: string, options: DiagramOptions) => {
      const format = diagramFormat(options.format, options.out);
      const { game } = await loadGame(modulePath, { exportName: options.export, cwd: context.cwd });
      const numPlayers = playersFor(game, options.players);
      const traces = options.trace ? await readTraces(options.trace, context.cwd) : undefined;
      const text = await renderDiagram(game, numPlayers, format, { ...options, traces }, context.stderr);
      await writeOutput(context, options.out, text);
    });
}
