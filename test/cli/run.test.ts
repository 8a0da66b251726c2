/**
 * The `turnchart` program in process, through `run(argv, context)`: help
 * texts, and the usage errors found before any module is loaded (each one
 * line on stderr, exit code 2). Choosing the game among a module's exports,
 * the seat count and the output format are checked on their own functions.
 * Loading real modules is in cli.e2e.test.ts, on the built executable.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GameConfigError, GameStartError, type Game } from 'turnchart';
import { describeError, CliError } from '../../src/adapters/cli/cli-error';
import { diagramFormat } from '../../src/adapters/cli/commands/diagram';
import { parsePlayers, playersFor } from '../../src/adapters/cli/commands/options';
import { looksLikeGame, pickGame } from '../../src/adapters/cli/load-game';
import { run } from '../../src/adapters/cli/run';

const FIXTURES = join(__dirname, 'fixtures');

async function cli(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    cwd: FIXTURES,
  });
  return { code, stdout, stderr };
}

/** A one-line error on stderr, nothing on stdout, exit code 2. */
function expectUsageError(result: { code: number; stdout: string; stderr: string }, pattern: RegExp) {
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr.endsWith('\n')).toBe(true);
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(pattern);
}

describe('turnchart --help', () => {
  test('lists the commands', async () => {
    const { code, stdout, stderr } = await cli('--help');
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^Usage: turnchart \[options\] \[command\]/);
    expect(stdout).toMatch(/diagram \[options\] <game module>/);
  });

  test('diagram --help names every option and gives examples', async () => {
    const { code, stdout } = await cli('diagram', '--help');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: turnchart diagram \[options\] <game module>/);
    for (const option of [
      '--players <n>',
      '--export <name>',
      '--format <format>',
      '--out <file>',
      '--no-argument-edges',
      '--no-moves',
      '--json-shape <shape>',
    ]) {
      expect(stdout).toContain(option);
    }
    expect(stdout).toContain('"mermaid", "json", "svg"');
    expect(stdout).toContain('$ turnchart diagram game.ts --players 3');
  });

  test('`help` and `help <command>` print the help and exit 0', async () => {
    const { code, stdout, stderr } = await cli('help', 'diagram');
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(/^Usage: turnchart diagram \[options\] <game module>/);
    expect((await cli('help')).code).toBe(0);
  });

  test('no command prints the help on stderr and exits 2', async () => {
    const { code, stdout, stderr } = await cli();
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^Usage: turnchart/);
  });

  test('--version prints the package version', async () => {
    const { code, stdout } = await cli('--version');
    expect(code).toBe(0);
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('turnchart diagram: errors before loading', () => {
  test('an unknown format', async () => {
    expectUsageError(
      await cli('diagram', 'card-game.ts', '--format', 'png'),
      /^turnchart: option '-f, --format <format>' argument 'png' is invalid\. Allowed choices are mermaid, json, svg\.$/m,
    );
  });

  test.each(['abc', '0', '-1', '1.5', ''])('a bad --players %j', async (players) => {
    expectUsageError(
      await cli('diagram', 'card-game.ts', '--players', players),
      /^turnchart: option '-p, --players <n>' argument '.*' is invalid\. --players must be a positive whole number\.$/m,
    );
  });

  test('a missing file', async () => {
    expectUsageError(await cli('diagram', 'no-such-game.ts'), /^turnchart: no such file: no-such-game\.ts$/m);
  });

  test('a folder, or a file that is not a module', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'turnchart-cli-'));
    try {
      writeFileSync(join(dir, 'notes.txt'), 'not a game');
      expectUsageError(await cli('diagram', dir), /^turnchart: not a file: /m);
      expectUsageError(
        await cli('diagram', join(dir, 'notes.txt')),
        /notes\.txt is not a JavaScript or TypeScript module \(expected \.js, \.mjs, \.cjs/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a missing argument or an unknown option', async () => {
    expectUsageError(await cli('diagram'), /^turnchart: missing required argument 'game module'$/m);
    const unknown = await cli('diagram', 'card-game.ts', '--colour', 'red');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^turnchart: unknown option '--colour'/);
  });
});

describe('choosing the game among the exports', () => {
  const game: Game = { moves: { a: () => {} } };
  const other: Game = { phases: { p: {} } };

  test('what looks like a game: an object with moves, phases, turn or setup', () => {
    expect(looksLikeGame(game)).toBe(true);
    expect(looksLikeGame({ setup: () => ({}) })).toBe(true);
    expect(looksLikeGame({ turn: {} })).toBe(true);
    for (const value of [null, undefined, 2, 'game', [], {}, { setup: 'x' }, { moves: null }, () => {}])
      expect(looksLikeGame(value)).toBe(false);
  });

  test('the default export first, else the only game', () => {
    expect(pickGame({ default: game, other }, 'm.js')).toEqual({ game, exportName: 'default' });
    expect(pickGame({ other, VERSION: 1 }, 'm.js')).toEqual({ game: other, exportName: 'other' });
    // A CommonJS module.exports = { chess } arrives as the default export.
    expect(pickGame({ default: { chess: game, n: 1 } }, 'm.cjs')).toEqual({ game, exportName: 'chess' });
    // The same game exported twice is one game.
    expect(pickGame({ a: game, b: game }, 'm.js').game).toBe(game);
  });

  test('--export names it', () => {
    expect(pickGame({ default: game, other }, 'm.js', 'other')).toEqual({ game: other, exportName: 'other' });
    expect(pickGame({ default: { chess: game } }, 'm.cjs', 'chess').game).toBe(game);
    expect(() => pickGame({ other }, 'm.js', 'nope')).toThrow(
      new CliError('m.js has no export named "nope" (its exports: other)'),
    );
    expect(() => pickGame({ other, VERSION: 1 }, 'm.js', 'VERSION')).toThrow(
      /^export "VERSION" of m\.js is not a game config/,
    );
  });

  test('no game, or several, is an error saying what to do', () => {
    expect(() => pickGame({ VERSION: 1 }, 'm.js')).toThrow(/^m\.js exports no game: export a game config/);
    expect(() => pickGame({ a: game, b: other }, 'm.js')).toThrow(
      new CliError('m.js exports several games (a, b): choose one with --export <name>'),
    );
  });
});

describe('seats and format', () => {
  test('--players is a positive whole number', () => {
    expect(parsePlayers('3')).toBe(3);
    expect(() => parsePlayers('3x')).toThrow('--players must be a positive whole number.');
  });

  test("the seat count defaults to the game's minPlayers, else 2, and must fit minPlayers..maxPlayers", () => {
    expect(playersFor({}, undefined)).toBe(2);
    expect(playersFor({ minPlayers: 3 }, undefined)).toBe(3);
    expect(playersFor({ maxPlayers: 1 }, undefined)).toBe(1);
    expect(playersFor({ minPlayers: 2, maxPlayers: 4 }, 4)).toBe(4);
    expect(() => playersFor({ minPlayers: 2, maxPlayers: 4 }, 5)).toThrow(
      'the game allows at most 4 players, --players is 5',
    );
    expect(() => playersFor({ minPlayers: 2 }, 1)).toThrow('the game needs at least 2 players, --players is 1');
  });

  test("the format is --format's, else the output file's extension's, else mermaid", () => {
    expect(diagramFormat('json', 'chart.json')).toBe('json');
    expect(diagramFormat('mermaid', 'chart.txt')).toBe('mermaid');
    expect(diagramFormat(undefined, 'chart.SVG')).toBe('svg');
    expect(diagramFormat(undefined, 'chart.json')).toBe('json');
    expect(diagramFormat(undefined, 'chart.mmd')).toBe('mermaid');
    expect(diagramFormat(undefined, 'chart.md')).toBe('mermaid');
    expect(diagramFormat('svg', undefined)).toBe('svg');
    expect(diagramFormat(undefined, undefined)).toBe('mermaid');
  });

  test('an --out whose extension says nothing, another format, or an image turnchart does not draw, is a usage error', () => {
    expect(() => diagramFormat(undefined, 'chart.txt')).toThrow(
      new CliError(
        'cannot tell the format from --out chart.txt: end it in .mmd or .md (Mermaid), .json or .svg, or give --format mermaid, json or svg',
      ),
    );
    expect(() => diagramFormat(undefined, 'chart')).toThrow(CliError);
    expect(() => diagramFormat('json', 'chart.svg')).toThrow(
      new CliError('--format json does not match --out chart.svg, which names SVG: change one of them'),
    );
    for (const out of ['chart.png', 'chart.JPG', 'chart.pdf'])
      expect(() => diagramFormat('svg', out)).toThrow(
        /^cannot write chart\.\w+: turnchart draws Mermaid, JSON or SVG, not (PNG|JPG|PDF) \(write a \.svg and convert it\)$/,
      );
  });
});

describe('error messages', () => {
  test('a GameConfigError is told with its location, exit 2', () => {
    expect(describeError(new GameConfigError('phases.draw.next', 'names a phase that does not exist: "x"'))).toEqual({
      message: 'invalid game config at phases.draw.next: names a phase that does not exist: "x"',
      exitCode: 2,
    });
  });

  test("a game that cannot start is the user's to fix: exit 2, the whole reason on one line", () => {
    const error = new GameStartError({
      code: 'USER_CODE_THREW',
      message: 'setup threw: no deck\nat all',
      location: 'setup',
    });
    expect(describeError(error)).toEqual({
      message: 'the game cannot start: USER_CODE_THREW (setup): setup threw: no deck at all',
      exitCode: 2,
    });
  });

  test("a usage error's message is kept whole, on one line", () => {
    expect(describeError(new CliError('cannot load g.mjs: no deck\nsecond line'))).toEqual({
      message: 'cannot load g.mjs: no deck second line',
      exitCode: 2,
    });
  });

  test('anything unexpected is an internal error (a bug in turnchart), exit 3, on one line', () => {
    expect(describeError(new TypeError('boom\n    at somewhere'))).toEqual({
      message: 'internal error: TypeError: boom',
      exitCode: 3,
    });
  });

  test('an unknown command: one line, with the suggestion', async () => {
    expectUsageError(
      await cli('diagrm', 'card-game.ts'),
      /^turnchart: unknown command 'diagrm' \(did you mean diagram\?\)$/m,
    );
  });
});
