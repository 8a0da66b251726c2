/**
 * The QA commands of the built `turnchart` executable (tsup, into a scratch
 * folder) on real game modules: step (piped input, and once in a real
 * pseudo-terminal under tmux), replay, paths (text and jest), coverage and
 * check, with their exit codes (0 fine, 1 found a problem, 2 bad input) and
 * progress lines on stderr; and "save trace" in `turnchart inspect`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import WebSocket from 'ws';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseTrace, recordTrace } from '../../src/adapters/qa/index';
import { CardPhases } from '../../examples/card-phases/game';
import { Discard } from '../../examples/discard/game';

const ROOT = join(__dirname, '..', '..');
// node_modules may be shared by several checkouts (git worktrees): one build folder per checkout.
const BUILD = join(
  ROOT,
  'node_modules',
  '.cache',
  `turnchart-qa-e2e-${createHash('sha1').update(ROOT).digest('hex').slice(0, 8)}`,
);
const CLI = join(BUILD, 'cli.js');
let scratch: string;

function turnchart(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
    ...(input !== undefined ? { input } : {}),
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function cli(...argv: string[]) {
  return turnchart(argv);
}

function writeTrace(name: string, trace: unknown): string {
  const file = join(scratch, name);
  writeFileSync(file, JSON.stringify(trace, null, 2));
  return file;
}

const cardTrace = () =>
  recordTrace(CardPhases, { numPlayers: 2, seed: 'cli' }, [
    { type: 'move.drawCard', playerID: '0', args: [] },
    { type: 'move.playCard', playerID: '0', args: [] },
    { type: 'endTurn', playerID: '0', args: [] },
  ]);

beforeAll(() => {
  mkdirSync(BUILD, { recursive: true });
  const build = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules', 'tsup', 'dist', 'cli-default.js'), '--out-dir', BUILD, '--no-dts', '--silent'],
    { cwd: ROOT, encoding: 'utf8', timeout: 120_000 },
  );
  if (build.status !== 0) throw new Error(`tsup build failed: ${build.stderr}${build.stdout}`);
  scratch = mkdtempSync(join(tmpdir(), 'turnchart-qa-cli-'));
}, 120_000);

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

test('--help lists the QA commands', async () => {
  const { code, stdout } = await cli('--help');
  expect(code).toBe(0);
  for (const command of [
    'step [options] <game module>',
    'replay [options] <game module> <trace...>',
    'paths [options] <game module>',
    'coverage [options] <game module> [trace...]',
    'check [options] <game module>',
  ]) {
    expect(stdout).toContain(command);
  }
});

describe('turnchart step', () => {
  test('with piped input: choose by number, see the changes, undo, save a trace that replays', () => {
    const file = join(scratch, 'stepped.json');
    const input = ['1', '1', 'undo', '2', 'send 1 move.playCard', `save ${file}`, 'quit', ''].join('\n');
    const result = turnchart(['step', 'examples/card-phases/game.ts', '--seed', 'piped'], input);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('card-phases: 2 players, seed "piped".');
    expect(result.stdout).toContain(
      'phase draw · turn 1 · current player 0 · after 0 requests\nseats: 0 active · 1 idle\nplayer 0 may send:\n   1  move.drawCard\n   2  endTurn\n   3  pass\nplayer 1 may send: nothing\n',
    );
    expect(result.stdout).toContain(
      '0 move.drawCard: accepted\n  G.deck: 5 → 4\n  G.hand: 0 → 1\n  ctx.numMoves: 0 → 1\n',
    );
    expect(result.stdout).toContain('undid 0 move.drawCard\n');
    expect(result.stdout).toContain('1 move.playCard: refused, MOVE_NOT_ALLOWED: ');
    expect(result.stdout).toContain(`saved 3 requests to ${file}\n`);
    const trace = parseTrace(JSON.parse(readFileSync(file, 'utf8')));
    expect(
      trace.actions.map((action) => `${action.request.playerID} ${action.request.type} ${action.rejection ?? 'ok'}`),
    ).toEqual(['0 move.drawCard ok', '0 endTurn ok', '1 move.playCard MOVE_NOT_ALLOWED']);
    expect(turnchart(['replay', 'examples/card-phases/game.ts', file])).toMatchObject({
      code: 0,
      stdout: `${file}: 3 requests (1 refused, as recorded) replayed, every state matches\n`,
    });
  }, 30_000);

  const tmux = spawnSync('tmux', ['-V'], { encoding: 'utf8' }).status === 0;
  (tmux ? test : test.skip)(
    'in a real terminal (tmux): the prompt, a choice by number, the new situation',
    () => {
      const socket = `turnchart-qa-${process.pid}`;
      const tmuxRun = (...args: string[]) => spawnSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
      const screen = () => tmuxRun('capture-pane', '-p', '-t', 'step').stdout;
      const waitFor = (text: string) => {
        const until = Date.now() + 15_000;
        while (Date.now() < until) {
          if (screen().includes(text)) return screen();
          spawnSync('sleep', ['0.1']);
        }
        throw new Error(`the terminal never showed "${text}":\n${screen()}`);
      };
      const command = `cd ${JSON.stringify(ROOT)} && ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} step examples/discard/game.ts --players 3 --seed tty`;
      expect(tmuxRun('new-session', '-d', '-s', 'step', '-x', '160', '-y', '60', command).status).toBe(0);
      try {
        waitFor('player 2 may send: nothing');
        expect(screen()).toMatch(/^> *$/m);
        tmuxRun('send-keys', '-t', 'step', '1', 'Enter');
        const after = waitFor('0 move.playCard: accepted');
        expect(after).toContain('seats: 0 idle · 1 discard · 2 discard');
        expect(after).toContain('G.hands["0"]: 5 → 4');
        tmuxRun('send-keys', '-t', 'step', 'quit', 'Enter');
        const until = Date.now() + 10_000;
        while (Date.now() < until && tmuxRun('has-session', '-t', 'step').status === 0) spawnSync('sleep', ['0.1']);
        expect(tmuxRun('has-session', '-t', 'step').status).not.toBe(0);
      } finally {
        tmuxRun('kill-server');
      }
    },
    30_000,
  );
});

describe('turnchart replay', () => {
  test('every state matches: exit 0 and a summary', async () => {
    const file = writeTrace('good.json', cardTrace());
    const result = await cli('replay', 'examples/card-phases/game.ts', file);
    expect(result).toEqual({
      code: 0,
      stdout: `${file}: 3 requests (1 refused, as recorded) replayed, every state matches\n`,
      stderr: '',
    });
  }, 20_000);

  test('a divergence: exit 1 and where, for each trace that diverges', async () => {
    const bad = cardTrace();
    (bad.actions[2].state.ctx as { currentPlayer: string }).currentPlayer = '0';
    const good = writeTrace('good.json', cardTrace());
    const file = writeTrace('bad.json', bad);
    const result = await cli('replay', 'examples/card-phases/game.ts', good, file);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      [
        `${good}: 3 requests (1 refused, as recorded) replayed, every state matches`,
        `${file}: diverges at request 2 (0 endTurn), after 2 matching requests`,
        '  at ctx.currentPlayer: expected "0", got "1"',
        '1 of 2 traces match',
        '',
      ].join('\n'),
    );
  }, 20_000);

  test('a trace of another chart: a warning, still exit 0 when the states match', async () => {
    const trace = cardTrace();
    trace.game.machineHash = '0000000000000000';
    const file = writeTrace('other-chart.json', trace);
    const result = await cli('replay', 'examples/card-phases/game.ts', file);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^.*other-chart\.json: warning: the chart changed since the trace was recorded \(machine hash 0000000000000000 then, [0-9a-f]{16} now\)\n/,
    );
  }, 20_000);

  test('no such file, or not a trace: one line, exit 2', async () => {
    const missing = await cli('replay', 'examples/card-phases/game.ts', 'nope.json');
    expect(missing).toEqual({ code: 2, stdout: '', stderr: 'turnchart: no such file: nope.json\n' });
    const notTrace = writeTrace('not-a-trace.json', { hello: 1 });
    const wrong = await cli('replay', 'examples/card-phases/game.ts', notTrace);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toBe(
      `turnchart: ${notTrace}: not a turnchart trace: format is undefined, expected "turnchart-trace/1"\n`,
    );
  });

  test("a trace that is not JSON: one line naming the file, the place and the fault, whatever the file's lines", async () => {
    const notJson = (name: string, text: string) => {
      const file = join(scratch, name);
      writeFileSync(file, text);
      return file;
    };
    const cases: [string, string, string][] = [
      ['words.json', 'hello\nworld\n', "line 1, column 1: Unexpected token 'h'"],
      ['bare.json', '{"a": [1,\n 2,\n hello]\n}\n', "line 3, column 2: Unexpected token 'h'"],
      [
        'key.json',
        '{\n  "format": "turnchart-trace/1",\n  oops\n}\n',
        'line 3, column 3: Expected double-quoted property name',
      ],
      ['two.json', '{"a":1}\n{"b":2}\n', 'line 2, column 1: Unexpected non-whitespace character after JSON'],
      ['cut.json', '{"format": "turnchart-trace/1", "actions": [\n', 'line 1, column 45: the text ends too early'],
      ['empty.json', '', 'the file is empty'],
    ];
    for (const [name, text, fault] of cases) {
      const file = notJson(name, text);
      expect(await cli('replay', 'examples/card-phases/game.ts', file)).toEqual({
        code: 2,
        stdout: '',
        stderr: `turnchart: ${file} is not JSON: ${fault}\n`,
      });
    }
    const file = join(scratch, 'words.json');
    expect((await cli('coverage', 'examples/card-phases/game.ts', file)).stderr).toBe(
      `turnchart: ${file} is not JSON: line 1, column 1: Unexpected token 'h'\n`,
    );
  }, 20_000);
});

describe('turnchart paths', () => {
  test('text: phases, configurations with their paths, transitions never taken', async () => {
    const result = await cli('paths', 'examples/discard/game.ts', '--players', '3', '--depth', '3');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^discard: 3 players, seed "turnchart-paths", states told apart by state value\nexplored \d+ states \(stopped at the depth limit \(3\)\)\n/,
    );
    expect(result.stdout).toMatch(/^ {2}\(no phase\) \[0:idle 1:idle 2:discard\] +0 move\.playCard, 1 move\.discard$/m);
    expect(result.stdout).toMatch(/^ {2}\(no phase\) \[0:idle 1:active 2:idle\] +0 endTurn$/m);
    // Players do not send endGame: the game ends only by its endIf, deeper than 3 requests.
    expect(result.stdout).toContain('  gameover    not reached\n');
    // Transitions never taken, each named by its rule and listed under its config location.
    expect(result.stdout).toMatch(/^ {2}endIf\n {4}phases --endGame \[endIf\]--> gameover$/m);
    expect(result.stdout).toMatch(
      /^ {2}turn\n {4}phases\.\(no phase\)\.turn --endTurn \[endTurn\(\{ next \}\)\]--> phases\.\(no phase\)\.turn$/m,
    );
    expect(result.stdout).toMatch(
      /^ {4}phases\.\(no phase\)\.turn\.player\* --setStage \[setStage\(stage\)\]--> phases\.\(no phase\)\.turn\.player\*\.active$/m,
    );
    const all = await cli('paths', 'examples/discard/game.ts', '--players', '3', '--depth', '3', '--events', 'all');
    expect(all.stdout).toContain('  gameover    1 request: 0 endGame\n');
  }, 20_000);

  test('jest: a test file written where asked, importing the game relative to it; progress on stderr', async () => {
    const out = join(scratch, 'generated', 'card.paths.test.ts');
    mkdirSync(join(scratch, 'generated'), { recursive: true });
    const result = await cli(
      'paths',
      'examples/card-phases/game.ts',
      '--dedupe',
      'value+G',
      '--depth',
      '3',
      '--events',
      'all',
      '--format',
      'jest',
      '--out',
      out,
      '--progress-ms',
      '0',
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^turnchart paths: 1 states expanded, 1 seen, depth 0\n/);
    expect(result.stderr).toMatch(/turnchart paths: done: \d+ states expanded\n$/);
    const text = readFileSync(out, 'utf8');
    expect(text).toContain(
      ' * Generated by `turnchart paths examples/card-phases/game.ts --players 2 --dedupe value+G --events all --depth 3 --format jest`.',
    );
    expect(text).toMatch(/^import game from "\.\.\/.*examples\/card-phases\/game";$/m);
    expect(text).toContain("test('enters play', () => {");
  }, 20_000);

  test('--events: a name that is no flow event, or one the game disables, is a usage error', async () => {
    expect(await cli('paths', 'examples/card-phases/game.ts', '--events', 'endTurn,fly')).toEqual({
      code: 2,
      stdout: '',
      stderr: `turnchart: option '--events <list>' argument 'endTurn,fly' is invalid. "fly" is not a flow event. Give a comma-separated list of endTurn, pass, endStage, setStage, endPhase, setPhase, endGame, setActivePlayers; or player, all or none.\n`,
    });
    expect(await cli('paths', 'test/qa/fixtures/one-way.ts', '--events', 'endTurn,endPhase')).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'turnchart: --events: the game disables endPhase (events: { endPhase: false }), so no player can send it\n',
    });
    expect((await cli('paths', 'examples/card-phases/game.ts', '--events', 'none', '--moves-only')).stderr).toBe(
      "turnchart: option '--moves-only' cannot be used with option '--events <list>'\n",
    );
  }, 20_000);
});

describe('turnchart coverage', () => {
  test('the shares and what was never exercised, grouped by number of players', async () => {
    const two = writeTrace(
      'd3.json',
      recordTrace(Discard, { numPlayers: 3, seed: 'a' }, [{ type: 'move.playCard', playerID: '0', args: [] }]),
    );
    const four = writeTrace('d4.json', recordTrace(Discard, { numPlayers: 4, seed: 'b' }, []));
    const result = await cli('coverage', 'examples/discard/game.ts', two, four);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^discard, 3 players: 1 trace, 1 action\n {2}states {7}\d+ of 17 \(\d+\.\d%\)\n {2}transitions {2}\d+ of 56 \(\d+\.\d%\) \(the chart's edges: each one a rule of the game can take\)\n/,
    );
    expect(result.stdout).toMatch(/\ndiscard, 4 players: 1 trace, 0 actions\n/);
    expect(result.stdout).toMatch(/\nStates never active: \d+\n(  .*\n)*  gameover\n/);
    expect(result.stdout).toContain('\n  phases --endGame [endIf]--> gameover  (endIf)\n');
    // --all: every state and transition with its hit count; --missed (the old flag) is the default.
    const all = await cli('coverage', 'examples/discard/game.ts', two, '--all');
    expect(all.stdout).toContain('\nTransitions\n     hits  transition  (config location)\n');
    expect(all.stdout).toContain(
      '        1  phases.(no phase).turn.player0.active --move.playCard [moves]--> (stays)  (moves.playCard)\n',
    );
    expect((await cli('coverage', 'examples/discard/game.ts', two, '--missed')).stdout).toBe(
      (await cli('coverage', 'examples/discard/game.ts', two)).stdout,
    );
  }, 20_000);

  test('random play: seeded playouts, alone or joined to the traces of their number of players', async () => {
    const alone = await cli(
      'coverage',
      'examples/discard/game.ts',
      '--players',
      '3',
      '--playouts',
      '20',
      '--seed',
      'cov',
    );
    expect(alone.code).toBe(0);
    expect(alone.stdout).toMatch(
      /^discard, 3 players: 20 random playouts \(players send moves and endTurn, pass, endStage\), \d+ actions\n {2}states {7}17 of 17 \(100\.0%\)\n/,
    );
    expect(alone.stdout).toContain('\nStates never active: none\n');
    // The same seed plays the same games.
    expect(
      (await cli('coverage', 'examples/discard/game.ts', '--players', '3', '--playouts', '20', '--seed', 'cov')).stdout,
    ).toBe(alone.stdout);
    const three = writeTrace(
      'r3.json',
      recordTrace(Discard, { numPlayers: 3, seed: 'a' }, [{ type: 'move.playCard', playerID: '0', args: [] }]),
    );
    const joined = await cli('coverage', 'examples/discard/game.ts', three, '--playouts', '5', '--events', 'endTurn');
    expect(joined.stdout).toMatch(
      /^discard, 3 players: 1 trace, 1 action; 5 random playouts \(players send moves and endTurn\), \d+ actions\n/,
    );
    const nothing = await cli('coverage', 'examples/discard/game.ts');
    expect(nothing).toEqual({
      code: 2,
      stdout: '',
      stderr: 'turnchart: give trace files, or --playouts for random play\n',
    });
  }, 30_000);

  test('--format json: one report per number of players', async () => {
    const three = writeTrace(
      'j3.json',
      recordTrace(Discard, { numPlayers: 3, seed: 'a' }, [{ type: 'move.playCard', playerID: '0', args: [] }]),
    );
    const result = await cli('coverage', 'examples/discard/game.ts', three, '--playouts', '5', '--format', 'json');
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json).toMatchObject({ format: 'turnchart-coverage/1', game: 'discard' });
    expect(json.reports).toHaveLength(1);
    expect(json.reports[0]).toMatchObject({
      numPlayers: 3,
      traces: [three],
      actions: 1,
      playouts: 5,
      playoutEvents: ['endTurn', 'pass', 'endStage'],
      states: { total: 17 },
      transitions: { total: 56 },
    });
    expect(json.reports[0].neverTaken).toContain('phases --endGame [endGame(result)]--> gameover');
  }, 20_000);
});

describe('turnchart check', () => {
  test('a stuck game: the report, exit 1', async () => {
    const result = await cli('check', 'test/qa/fixtures/dead-end.ts', '--playouts', '5', '--search-states', '100');
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('Deadlocks (no seat may send anything, and the game is not over): 1\n');
    expect(result.stdout).toContain('       3. 0 move.take\n');
  }, 20_000);

  test('a game no explored path ends: a finding, exit 1, with the longest path and how far it searched', async () => {
    const result = await cli('check', 'examples/card-phases/game.ts', '--playouts', '5', '--max-actions', '30');
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^card-phases: 2 players, seed "turnchart-check"; players send moves and endTurn, pass, endStage\n/,
    );
    expect(result.stdout).toMatch(
      /\nEnds of the game: no explored path ends the game\n {2}searched every reachable game state \(\d+\), 5 random playouts of up to 30 actions, and \d+ configurations of the abstraction \(all of them\)\n {2}the longest path found: 30 requests \(a playout\), ending in /,
    );
    // Players who may end the game do end it.
    const ended = await cli(
      'check',
      'examples/card-phases/game.ts',
      '--playouts',
      '5',
      '--max-actions',
      '30',
      '--events',
      'endTurn,endGame',
    );
    expect(ended.stdout).toContain(
      '\nEnds of the game: reached; the shortest path found takes 1 request (found by search)\n',
    );
  }, 20_000);

  test('--format json: the same findings as data, and the same exit code', async () => {
    const result = await cli('check', 'test/qa/fixtures/dead-end.ts', '--playouts', '5', '--format', 'json');
    expect(result.code).toBe(1);
    const json = JSON.parse(result.stdout);
    expect(json).toMatchObject({
      format: 'turnchart-check/1',
      game: 'dead-end',
      numPlayers: 2,
      events: [],
      problems: true,
      gameOver: { reached: false },
    });
    expect(json.deadlocks[0].path).toEqual([
      { type: 'move.take', playerID: '0', args: [] },
      { type: 'move.take', playerID: '1', args: [] },
      { type: 'move.take', playerID: '0', args: [] },
    ]);
    const healthy = await cli('check', 'test/qa/fixtures/healthy.ts', '--playouts', '5', '--format', 'json');
    expect(healthy.code).toBe(0);
    expect(JSON.parse(healthy.stdout)).toMatchObject({
      problems: false,
      deadlocks: [],
      traps: [],
      gameOver: { reached: true },
    });
  }, 20_000);

  test('a healthy game: nothing found, exit 0; progress on stderr for long work', async () => {
    const result = await cli(
      'check',
      'test/qa/fixtures/healthy.ts',
      '--playouts',
      '10',
      '--search-states',
      '50',
      '--progress-ms',
      '0',
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^healthy: 2 players, seed "turnchart-check"; players send moves and endTurn, pass, endStage\n {2}search {7}50 game states \(stopped at its state budget\)\n {2}playouts {5}10 \(/,
    );
    expect(result.stdout).toContain(
      'Phases and stages that can be entered but never left (not even by the end of the game): none\n',
    );
    expect(result.stdout).toMatch(
      /\nEnds of the game: reached; the shortest path found takes \d+ requests \(found by search\)\n$/,
    );
    expect(result.stderr).toContain('turnchart check: search: 1 states\n');
    expect(result.stderr).toContain('turnchart check: playouts: 10 of 10\n');
    expect(result.stderr).toMatch(/turnchart check: abstraction: \d+ configurations\n/);
    expect(result.stderr).toMatch(/turnchart check: done\n$/);
  }, 20_000);

  test('bad numbers are usage errors', async () => {
    const result = await cli('check', 'test/qa/fixtures/healthy.ts', '--playouts', 'many');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--playouts must be a whole number/);
  });
});

describe('turnchart inspect: save trace', () => {
  test('the page links to /trace.json: the match up to the timeline position, as a trace that replays', async () => {
    const child = spawn(
      process.execPath,
      [
        CLI,
        'inspect',
        'examples/discard/game.ts',
        '--players',
        '3',
        '--seed',
        'inspected',
        '--port',
        '0',
        '--host',
        '127.0.0.1',
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    try {
      const url = await new Promise<string>((resolveUrl, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL printed:\n${output}`)), 30_000);
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const found = /^(http:\/\/127\.0\.0\.1:\d+\/)$/m.exec(output)?.[1];
          if (found) {
            clearTimeout(timer);
            resolveUrl(found);
          }
        };
        child.stdout!.on('data', onData);
        child.stderr!.on('data', onData);
      });
      const html = await (await fetch(url)).text();
      expect(html).toMatch(/<a id="save-trace" href="\/trace\.json" download [^>]*>save trace<\/a>/);

      const socket = new WebSocket(url.replace('http:', 'ws:') + 'ws');
      await new Promise((opened) => socket.once('open', opened));
      const send = (message: unknown) => socket.send(JSON.stringify(message));
      send({ type: 'send', request: { type: 'move.playCard', playerID: '0', args: [] } });
      send({ type: 'send', request: { type: 'move.discard', playerID: '2', args: [] } });
      send({ type: 'send', request: { type: 'move.discard', playerID: '0', args: [] } });
      send({ type: 'send', request: { type: 'move.discard', playerID: '1', args: [] } });
      send({ type: 'back' });
      const traceAt = async () => {
        const response = await fetch(new URL('/trace.json', url));
        return { response, trace: parseTrace(await response.json()) };
      };
      const until = Date.now() + 10_000;
      let { response, trace } = await traceAt();
      while (trace.actions.length !== 3 && Date.now() < until) ({ response, trace } = await traceAt());
      socket.close();
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="discard-trace.json"');
      expect(trace.meta).toEqual({ recordedBy: 'inspector' });
      expect(trace.game).toMatchObject({ name: 'discard', numPlayers: 3, seed: 'inspected' });
      // Four requests sent, one stepped back over: three in the trace, the refused one as refused.
      expect(
        trace.actions.map((action) => `${action.request.playerID} ${action.request.type} ${action.rejection ?? 'ok'}`),
      ).toEqual(['0 move.playCard ok', '2 move.discard ok', '0 move.discard MOVE_NOT_ALLOWED']);
      const file = writeTrace('inspected.json', trace);
      expect(turnchart(['replay', 'examples/discard/game.ts', file])).toMatchObject({
        code: 0,
        stdout: `${file}: 3 requests (1 refused, as recorded) replayed, every state matches\n`,
      });
    } finally {
      child.kill('SIGTERM');
    }
  }, 60_000);
});
