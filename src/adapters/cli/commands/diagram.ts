/**
 * `turnchart diagram <game module>`: the game's chart as Mermaid, Stately
 * JSON or SVG, on stdout or into a file.
 */
import { extname } from 'node:path';
import { Option, type Command } from 'commander';
import { createGameMachine, type Game } from '../../../index';
import { toJson, toMermaid, toSvg } from '../../diagram/index';
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
  argumentEdges: boolean;
  moves: boolean;
  jsonShape: 'config' | 'definition';
}

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
    throw new CliError(`cannot write ${out}: turnchart draws Mermaid, JSON or SVG, not ${extension.slice(1).toUpperCase()} (write a .svg and convert it)`);
  }
  const named = FORMAT_BY_EXTENSION[extension];
  if (format !== undefined) {
    if (named !== undefined && named !== format) throw new CliError(`--format ${format} does not match --out ${out}, which names ${FORMAT_NAMES[named]}: change one of them`);
    return format;
  }
  if (named === undefined) throw new CliError(`cannot tell the format from --out ${out}: end it in ${EXTENSIONS}, or give --format mermaid, json or svg`);
  return named;
}

export async function renderDiagram(game: Game, numPlayers: number, format: DiagramFormat, options: Pick<DiagramOptions, 'argumentEdges' | 'moves' | 'jsonShape'>): Promise<string> {
  const machine = createGameMachine(game, { numPlayers });
  switch (format) {
    case 'mermaid':
      return toMermaid(machine, { arguments: options.argumentEdges, moves: options.moves });
    case 'json':
      return toJson(machine, { shape: options.jsonShape });
    case 'svg':
      return toSvg(machine, { arguments: options.argumentEdges, moves: options.moves });
  }
}

export function registerDiagram(program: Command, context: CliContext): void {
  program
    .command('diagram')
    .summary('draw a game\'s statechart (Mermaid, Stately JSON or SVG)')
    .description(
      'Draw the statechart of a game: its phases, the turn with one region per seat, each seat\'s stages, and the transitions that connect them, each labelled with its event and the rule that takes it.',
    )
    .argument('<game module>', 'a .js, .mjs, .cjs or .ts file exporting a game config')
    .addOption(playersOption())
    .addOption(exportOption())
    .addOption(new Option('-f, --format <format>', 'output format (default: from --out\'s extension, else mermaid)').choices(DIAGRAM_FORMATS))
    .option('-o, --out <file>', 'write to this file instead of stdout')
    .option('--no-argument-edges', 'leave out the argument-driven (dashed) edges: setPhase, setStage, setActivePlayers... (mermaid, svg); big games read better')
    .option('--no-moves', 'leave out the moves each state handles in place (mermaid, svg)')
    .addOption(new Option('--json-shape <shape>', 'json: the createMachine config Stately loads, or xstate\'s resolved definition').choices(['config', 'definition']).default('config'))
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  $ turnchart diagram game.ts --players 3',
        '  $ turnchart diagram game.mjs --export chess --format svg --out chart.svg',
        '  $ turnchart diagram game.js --format json > chart.json',
      ].join('\n'),
    )
    .action(async (modulePath: string, options: DiagramOptions) => {
      const format = diagramFormat(options.format, options.out);
      const { game } = await loadGame(modulePath, { exportName: options.export, cwd: context.cwd });
      const numPlayers = playersFor(game, options.players);
      const text = await renderDiagram(game, numPlayers, format, options);
      await writeOutput(context, options.out, text);
    });
}
