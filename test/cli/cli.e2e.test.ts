/**
 * The `turnchart` executable end to end: built by tsup (test/support/built-cli.ts),
 * then spawned on the example game modules in fixtures/: a TypeScript default
 * export, an ES module with two named games, a CommonJS module with an
 * invalid config. Checks the output of each format and every error a user can
 * make, each a single line with exit code 2.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { parseMermaid } from '../diagram/support/mermaid';
import { expectUsageError, ROOT, useBuiltCli } from '../support/built-cli';
import { HUNG_MS } from '../support/hung';

const FIXTURES = join(__dirname, 'fixtures');
const built = useBuiltCli('turnchart-cli-e2e', FIXTURES);
const CLI = built.path;
const turnchart = (args: string[], cwd = FIXTURES) => built.run(args, { cwd });

describe('the built turnchart executable', () => {
  test('is cli.js with a node shebang, executable, and runs on its own', () => {
    const text = readFileSync(CLI, 'utf8');
    expect(text.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(statSync(CLI).mode & 0o111).not.toBe(0);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.bin).toEqual({ turnchart: './dist/cli.js' });
    const direct = spawnSync(CLI, ['--version'], { encoding: 'utf8' });
    expect(direct.status).toBe(0);
    expect(direct.stdout.trim()).toBe(pkg.version);
  });

  test('draws a TypeScript game as Mermaid that the mermaid parser accepts', () => {
    const result = turnchart(['diagram', 'card-game.ts', '--players', '3']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^---\n[^]*?\n---\nstateDiagram-v2\n/);
    // The three seats are identical: drawn once, in their turn's and phase's box.
    for (const line of ['state "draw cards · turn · each player (×3)', 'state "main-phase · turn · each player (×3)']) {
      expect(result.stdout).toContain(line);
    }
    // Only setStage reaches the stage: players do not send it (QA's defaults) and the game's code never calls it,
    // so no play reaches it and it is left out; --all draws it, as not reached.
    expect(result.stdout).not.toContain('discard (optional)');
    const all = turnchart(['diagram', 'card-game.ts', '--players', '3', '--all']);
    expect(all.code).toBe(0);
    expect(all.stdout).toContain('state "discard (optional) (not reached)" as');
    expect(all.stdout).toContain(': move.discard');
    expect(result.stdout).not.toContain('"player1"');
    const [parsed] = parseMermaid([result.stdout]);
    expect(parsed.ok).toBe(true);
  });

  test('binds `turnchart` imports to itself, even for a module where Node could not resolve the package', () => {
    const file = join(built.scratch, 'outside.ts');
    writeFileSync(
      file,
      "import { TurnOrder, type Game } from 'turnchart';\n" +
        "const bound = typeof TurnOrder.ONCE.first === 'function' ? 'bound' : 'unbound';\n" +
        'const game: Game = { moves: { a: () => {} }, turn: { order: TurnOrder.ONCE, stages: { [bound]: {} } } };\n' +
        'export default game;\n',
    );
    const result = turnchart(['diagram', file, '--format', 'json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const config = JSON.parse(result.stdout);
    expect(
      Object.keys(config.states.phases.states['(no phase)'].states.turn.states['each player (×2)'].states),
    ).toEqual(['idle', 'active', 'bound']);
  });

  test('--export chooses a game; --out writes the file and prints nothing; --unfold-seats keeps every seat', () => {
    const out = join(built.scratch, 'yahtzee.json');
    const result = turnchart([
      'diagram',
      'dice-games.mjs',
      '--export',
      'yahtzee',
      '--format',
      'json',
      '--out',
      out,
      '--unfold-seats',
    ]);
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
    const config = JSON.parse(readFileSync(out, 'utf8'));
    expect(config.id).toBe('turnchart');
    const seat = config.states.phases.states['(no phase)'].states.turn.states.player1;
    expect(Object.keys(seat.states)).toEqual(['idle', 'active', 'scoring']);
  });

  test("the format follows --out's extension: an SVG file, well-formed, with the states and labels", () => {
    const out = join(built.scratch, 'chart.svg');
    const result = turnchart(['diagram', 'card-game.ts', '--out', out, '--no-argument-edges']);
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
    const svg = readFileSync(out, 'utf8');
    const doc = new new JSDOM('').window.DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const states = Array.from(doc.querySelectorAll('g.state')).map((g) => g.getAttribute('data-key'));
    expect(states).toEqual(
      expect.arrayContaining(['draw cards', 'main-phase', '(no phase)', 'discard (optional)', 'gameover']),
    );
    expect(doc.querySelectorAll('g.transition-argument')).toHaveLength(0);
    expect(doc.querySelectorAll('g.transition-flow').length).toBeGreaterThan(0);
    expect(svg).toContain('endGame');
  });

  test('leaves no temporary bundle behind', () => {
    expect(readdirSync(FIXTURES).filter((name) => name.startsWith('.'))).toEqual([]);
    expect(readdirSync(built.scratch).filter((name) => name.includes('.turnchart-'))).toEqual([]);
  });
});

describe('the built turnchart executable: errors', () => {
  test('a module with several games and no --export', () => {
    expectUsageError(
      turnchart(['diagram', 'dice-games.mjs']),
      /^turnchart: dice-games\.mjs exports several games \(pig, yahtzee\): choose one with --export <name>$/,
    );
  });

  test('an --export that is missing, or not a game', () => {
    expectUsageError(
      turnchart(['diagram', 'dice-games.mjs', '--export', 'chess']),
      /^turnchart: dice-games\.mjs has no export named "chess" \(its exports: VERSION, pig, yahtzee\)$/,
    );
    expectUsageError(
      turnchart(['diagram', 'dice-games.mjs', '--export', 'VERSION']),
      /^turnchart: export "VERSION" of dice-games\.mjs is not a game config/,
    );
  });

  test('an invalid game config, with its location (a CommonJS module)', () => {
    expectUsageError(
      turnchart(['diagram', 'broken-config.cjs']),
      /^turnchart: invalid game config at phases\.draw\.next: names a phase that does not exist: "nowhere"$/,
    );
  });

  test('a module without a game', () => {
    writeFileSync(
      join(built.scratch, 'no-game.mjs'),
      'export const answer = 42;\nexport default { title: "not a game" };\n',
    );
    expectUsageError(
      turnchart(['diagram', join(built.scratch, 'no-game.mjs')]),
      /no-game\.mjs exports no game: export a game config/,
    );
  });

  test('a module that does not compile, or throws while loading', () => {
    writeFileSync(join(built.scratch, 'syntax.ts'), 'export default { moves: { a( } };\n');
    expectUsageError(
      turnchart(['diagram', join(built.scratch, 'syntax.ts')]),
      /^turnchart: cannot load .*syntax\.ts: .*syntax\.ts:1:\d+: /,
    );
    writeFileSync(join(built.scratch, 'throws.mjs'), 'throw new Error("no deck\\nsecond line");\n');
    // The whole message, on one line.
    expectUsageError(
      turnchart(['diagram', join(built.scratch, 'throws.mjs')]),
      /^turnchart: cannot load .*throws\.mjs: no deck second line$/,
    );
  });

  test('a missing file, a bad --players, a seat count the game does not allow, an unknown format', () => {
    expectUsageError(turnchart(['diagram', 'missing.ts']), /^turnchart: no such file: missing\.ts$/);
    expectUsageError(
      turnchart(['diagram', 'card-game.ts', '--players', 'three']),
      /--players must be a positive whole number\.$/,
    );
    expectUsageError(
      turnchart(['diagram', 'card-game.ts', '--players', '9']),
      /^turnchart: the game allows at most 4 players, --players is 9$/,
    );
    expectUsageError(
      turnchart(['diagram', 'card-game.ts', '--format', 'png']),
      /Allowed choices are mermaid, json, svg\.$/,
    );
    expect(existsSync(join(FIXTURES, 'missing.ts'))).toBe(false);
  });

  test('an --out the format cannot be told from, or an image turnchart does not draw: nothing written', () => {
    const png = join(built.scratch, 'chart.png');
    expectUsageError(
      turnchart(['diagram', 'card-game.ts', '--out', png]),
      /^turnchart: cannot write .*chart\.png: turnchart draws Mermaid, JSON or SVG, not PNG \(write a \.svg and convert it\)$/,
    );
    expectUsageError(turnchart(['diagram', 'card-game.ts', '--format', 'svg', '--out', png]), /not PNG/);
    expect(existsSync(png)).toBe(false);
    expectUsageError(
      turnchart(['diagram', 'card-game.ts', '--out', join(built.scratch, 'chart.txt')]),
      /^turnchart: cannot tell the format from --out .*chart\.txt: end it in \.mmd or \.md \(Mermaid\), \.json or \.svg, or give --format mermaid, json or svg$/,
    );
    expectUsageError(
      turnchart(['diagram', 'card-game.ts', '--format', 'json', '--out', join(built.scratch, 'chart.svg')]),
      /^turnchart: --format json does not match --out .*chart\.svg, which names SVG: change one of them$/,
    );
    // A format given names what an unknown extension holds.
    expect(
      turnchart(['diagram', 'card-game.ts', '--format', 'mermaid', '--out', join(built.scratch, 'chart.txt')]),
    ).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
  });

  test('a game that cannot start (its setup throws): every command that runs it says so in one line, no stack trace, exit 2', () => {
    const game = join(built.scratch, 'setup-throws.mjs');
    writeFileSync(
      game,
      'export default { moves: { a: () => {} }, setup: () => { throw new Error("no deck\\nat all"); } };\n',
    );
    const commands = [
      ['check'],
      ['paths'],
      ['coverage', '--playouts', '2'],
      ['inspect', '--port', '0'],
      ['diagram'],
      ['diagram', '--format', 'svg'],
    ];
    for (const command of commands) {
      const result = turnchart([command[0], game, ...command.slice(1)]);
      expect({ command, ...result }).toEqual({
        command,
        code: 2,
        stdout: '',
        stderr: 'turnchart: the game cannot start: USER_CODE_THREW (setup): setup threw: no deck at all\n',
      });
    }
    // The chart itself does not run the game: drawn without exploring it.
    expect(turnchart(['diagram', game, '--no-explore'])).toMatchObject({
      code: 0,
      stderr: '',
      stdout: expect.stringMatching(/^---\n[^]*?\n---\nstateDiagram-v2\n/),
    });
    const step = spawnSync(process.execPath, [CLI, 'step', join(built.scratch, 'setup-throws.mjs')], {
      cwd: FIXTURES,
      encoding: 'utf8',
      input: 'quit\n',
      timeout: HUNG_MS,
    });
    expectUsageError(
      { code: step.status, stdout: step.stdout, stderr: step.stderr },
      /^turnchart: the game cannot start: /,
    );
  });

  test('output piped into a reader that stops early (| head): a quiet exit, no EPIPE crash', () => {
    const piped = (command: string) =>
      spawnSync(
        'bash',
        [
          '-c',
          `set -o pipefail; ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} ${command} | head -c 1 > /dev/null`,
        ],
        { cwd: FIXTURES, encoding: 'utf8', timeout: HUNG_MS },
      );
    for (const command of [
      'help diagram',
      'diagram card-game.ts --players 4 --format svg',
      `diagram ${JSON.stringify(join(ROOT, 'examples', 'large-flow', 'game.ts'))} --players 6 --format json`,
    ]) {
      const result = piped(command);
      expect({ command, code: result.status, stderr: result.stderr }).toEqual({ command, code: 0, stderr: '' });
    }
  });
});
