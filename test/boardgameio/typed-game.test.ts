/**
 * A typed boardgame.io 0.50 game file (typed-game/game.ts) compiles unchanged
 * once its imports point at `turnchart/boardgameio`: tsc --strict compiles it
 * as it is, against boardgame.io's own types, and migrated, against the types
 * it then imports from turnchart; and the migrated game plays as it does on
 * boardgame.io.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { bgioLib, expectSame, playBoth, type Act } from './support';
import { BOARDGAME_IO_IMPORT, migrate } from './typed-game/migrate';

const ROOT = join(__dirname, '..', '..');
const ORIGINAL = join(__dirname, 'typed-game', 'game.ts');
// Beside the original (same imports resolve the same way), never written to disk.
const MIGRATED = join(__dirname, 'typed-game', 'game.migrated.ts');
const source = readFileSync(ORIGINAL, 'utf8');
const migrated = migrate(source);

/** The repository's compiler options (strict, `turnchart/*` mapped to src/), one program for both files. */
function compile(): { program: ts.Program; diagnostics: Map<string, string[]> } {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('no tsconfig.json');
  const options: ts.CompilerOptions = { ...config.options, strict: true, noEmit: true };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => file === MIGRATED || fileExists.call(host, file);
  host.readFile = (file) => (file === MIGRATED ? migrated : readFile.call(host, file));
  host.getSourceFile = (file, language, ...rest) =>
    file === MIGRATED
      ? ts.createSourceFile(file, migrated, language)
      : getSourceFile.call(host, file, language, ...rest);
  const program = ts.createProgram([ORIGINAL, MIGRATED], options, host);
  const diagnostics = new Map<string, string[]>([ORIGINAL, MIGRATED].map((file) => [file, []]));
  for (const file of [ORIGINAL, MIGRATED]) {
    const sourceFile = program.getSourceFile(file)!;
    for (const d of [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)]) {
      const { line, character } = sourceFile.getLineAndCharacterOfPosition(d.start ?? 0);
      diagnostics
        .get(file)!
        .push(`${line + 1}:${character + 1} TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
    }
  }
  return { program, diagnostics };
}

/** Where each import of a file resolves, relative to the repository. */
function importsOf(program: ts.Program, file: string): string[] {
  const sourceFile = program.getSourceFile(file)!;
  return sourceFile.statements.filter(ts.isImportDeclaration).map((statement) => {
    const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
    const resolved = ts.resolveModuleName(specifier, file, program.getCompilerOptions(), ts.sys).resolvedModule;
    // node_modules may be a link: name a package's file from node_modules/ on.
    const name = (path: string) =>
      path.startsWith(`${ROOT}/src/`) ? path.slice(ROOT.length + 1) : path.slice(path.lastIndexOf('node_modules/'));
    return `${specifier} -> ${resolved ? name(resolved.resolvedFileName) : 'unresolved'}`;
  });
}

describe('a typed boardgame.io 0.50 game file, compiled with tsc --strict', () => {
  let compiled: ReturnType<typeof compile>;
  beforeAll(() => {
    compiled = compile();
  });

  test('the migration changes its imports and nothing else', () => {
    expect(source.match(BOARDGAME_IO_IMPORT)?.length).toBeGreaterThan(0);
    const lines = (text: string) => text.split('\n');
    const changed = lines(source).filter((line, i) => line !== lines(migrated)[i]);
    expect(changed.length).toBeGreaterThan(0);
    for (const line of changed) expect(line).toMatch(/^import .* from 'boardgame\.io(\/core)?';$/);
    expect(lines(migrated)).toHaveLength(lines(source).length);
  });

  test("as it is, it compiles against boardgame.io's own types", () => {
    expect(importsOf(compiled.program, ORIGINAL)).toEqual([
      'boardgame.io -> node_modules/boardgame.io/dist/types/src/types.d.ts',
      'boardgame.io/core -> node_modules/boardgame.io/dist/types/packages/core.d.ts',
    ]);
    expect(compiled.diagnostics.get(ORIGINAL)).toEqual([]);
  });

  test('migrated, it compiles against the types it imports from turnchart/boardgameio', () => {
    expect(importsOf(compiled.program, MIGRATED)).toEqual([
      'turnchart/boardgameio -> src/adapters/boardgameio/index.ts',
      'turnchart/boardgameio -> src/adapters/boardgameio/index.ts',
    ]);
    expect(compiled.diagnostics.get(MIGRATED)).toEqual([]);
  });
});

describe('the migrated game plays as it does on boardgame.io', () => {
  /** A fresh game object from the file, its imports from boardgame.io or (migrated) from turnchart/boardgameio, and that library. */
  function load(engine: 'bgio' | 'turnchart'): { game: any; lib: any } {
    let loaded: { game: any; lib: any } | undefined;
    jest.isolateModules(() => {
      if (engine === 'turnchart') jest.doMock('boardgame.io/core', () => jest.requireActual('turnchart/boardgameio'));
      loaded = { game: require('./typed-game/game').CardGame, lib: require('boardgame.io/core') };
      jest.dontMock('boardgame.io/core');
    });
    return loaded!;
  }

  test('the game object is built from the library it imports', () => {
    const bgio = load('bgio');
    const ours = load('turnchart');
    expect(bgio.lib.TurnOrder.DEFAULT).not.toBe(undefined);
    expect(bgio.game.turn.order).toBe(bgio.lib.TurnOrder.DEFAULT);
    expect(ours.game.turn.order).toBe(ours.lib.TurnOrder.DEFAULT);
    expect(ours.lib.Client).toBeInstanceOf(Function);
    expect(bgio.lib.Client).toBe(undefined);
  });

  test('draw, play with a response stage, an invalid move, the vote with every player once', () => {
    const draw: Act[] = ['0', '0', '1', '1', '2', '2'].map((id) => ({ as: id, move: 'drawCard' }));
    const script: Act[] = [
      ...draw,
      { as: '0', move: 'playCard', args: [5] },
      { as: '0', move: 'playCard', args: [1] },
      { as: '1', move: 'respond', args: [true] },
      { as: '2', move: 'respond', args: [false] },
      { as: '0', move: 'playCard', args: [0] },
      { as: '1', move: 'drawCard' },
      { as: '1', move: 'playCard', args: [0] },
      { as: '1', event: 'endTurn' },
      { as: '2', move: 'drawCard' },
      { as: '2', move: 'drawCard' },
      { as: '0', move: 'vote', args: [true] },
      { as: '1', move: 'vote', args: [false] },
      { as: '2', move: 'vote', args: [true] },
    ];
    const traces = playBoth((lib) => load(lib === bgioLib ? 'bgio' : 'turnchart').game, script, {
      numPlayers: 3,
      playerID: '0',
    });
    expectSame(traces, script);
    expect(traces.turnchart.output[6]).toEqual(['error ERROR: invalid move: playCard args: 5']);
    // Every part of the file ran: the stage, onMove (by the mover), turn.onBegin / onEnd, phase onEnd, the vote.
    expect(traces.turnchart.states[8].ctx.activePlayers).toEqual({ 0: null, 1: 'respond', 2: 'respond' });
    const last = traces.turnchart.states.at(-1);
    expect(last.ctx.phase).toBe('vote');
    expect(last.G.lastMover).toBe('2');
    expect(last.G.turnsTaken).toEqual({ 0: 1, 1: 1, 2: 1 });
    expect(last.G.log).toEqual(
      expect.arrayContaining([
        'everyone drew',
        '1 moved: 1 cards left',
        'end of turn 4',
        '0 votes yes',
        '1 votes no',
        '2 votes yes',
      ]),
    );
  });
});
