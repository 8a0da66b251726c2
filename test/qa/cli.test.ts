/**
 * The QA commands of the built `turnchart` executable (tsup, into a scratch
 * folder) on real game modules: step (piped input, and once in a real
 * pseudo-terminal under tmux), replay, and "save trace" in `turnchart
 * inspect`, with their exit codes (0 fine, 1 found a problem, 2 bad input).
 * paths, coverage and check: cli-analysis.test.ts.
 */
import { spawn, spawnSync } from 'node:child_process';
import WebSocket from 'ws';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTrace } from '../../src/adapters/qa/index';
import { ROOT } from '../support/built-cli';
import { cardTrace, useQaCli } from './support/qa-cli';

const { built, turnchart, cli, writeTrace } = useQaCli('turnchart-qa-e2e');

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
    const file = join(built.scratch, 'stepped.json');
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
  });

  const tmux = spawnSync('tmux', ['-V'], { encoding: 'utf8' }).status === 0;
  (tmux ? test : test.skip)(
    'in a real terminal (tmux): the prompt, a choice by number, the new situation',
    async () => {
      const socket = `turnchart-qa-${process.pid}`;
      const tmuxRun = (...args: string[]) => spawnSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
      const screen = () => tmuxRun('capture-pane', '-p', '-t', 'step').stdout;
      // The terminal draws when the program writes: look again after each short pause, for as long as it takes.
      const shown = async (text: string) => {
        for (;;) {
          const now = screen();
          if (now.includes(text)) return now;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      const exitFile = join(built.scratch, 'tty-exit-code');
      // The session tells of the program's end on a tmux channel (remembered if signalled before anyone waits), then
      // stays until the test kills the server: tmux forgets the signal if its server exits with the last session.
      const command = `cd ${JSON.stringify(ROOT)} && ${JSON.stringify(process.execPath)} ${JSON.stringify(built.path)} step examples/discard/game.ts --players 3 --seed tty; echo $? > ${JSON.stringify(exitFile)}; tmux -L ${socket} wait-for -S step-ended; tmux -L ${socket} wait-for never`;
      expect(tmuxRun('new-session', '-d', '-s', 'step', '-x', '160', '-y', '60', command).status).toBe(0);
      try {
        await shown('player 2 may send: nothing');
        expect(screen()).toMatch(/^> *$/m);
        tmuxRun('send-keys', '-t', 'step', '1', 'Enter');
        const after = await shown('0 move.playCard: accepted');
        expect(after).toContain('seats: 0 idle · 1 discard · 2 discard');
        expect(after).toContain('G.hands["0"]: 5 → 4');
        tmuxRun('send-keys', '-t', 'step', 'quit', 'Enter');
        const ended = spawn('tmux', ['-L', socket, 'wait-for', 'step-ended'], { stdio: 'ignore' });
        expect(await new Promise((resolve) => ended.once('exit', resolve))).toBe(0);
        expect(readFileSync(exitFile, 'utf8').trim()).toBe('0');
      } finally {
        tmuxRun('kill-server');
      }
    },
  );
});

describe('turnchart replay', () => {
  // Nothing on stderr but progress, which a slow machine prints (one line a second).
  const PROGRESS_ONLY = /^(turnchart replay: .*\n)*$/;

  test('every state matches: exit 0 and a summary', async () => {
    const file = writeTrace('good.json', cardTrace());
    const result = await cli('replay', 'examples/card-phases/game.ts', file);
    expect(result).toEqual({
      code: 0,
      stdout: `${file}: 3 requests (1 refused, as recorded) replayed, every state matches\n`,
      stderr: expect.stringMatching(PROGRESS_ONLY),
    });
  });

  test('a divergence: exit 1 and where, for each trace that diverges', async () => {
    const bad = cardTrace();
    (bad.actions[2].state.ctx as { currentPlayer: string }).currentPlayer = '0';
    const good = writeTrace('good.json', cardTrace());
    const file = writeTrace('bad.json', bad);
    const result = await cli('replay', 'examples/card-phases/game.ts', good, file);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(PROGRESS_ONLY);
    expect(result.stdout).toBe(
      [
        `${good}: 3 requests (1 refused, as recorded) replayed, every state matches`,
        `${file}: diverges at request 2 (0 endTurn), after 2 matching requests`,
        '  at ctx.currentPlayer: expected "0", got "1"',
        '1 of 2 traces match',
        '',
      ].join('\n'),
    );
  });

  test('a trace of another chart: a warning, still exit 0 when the states match', async () => {
    const trace = cardTrace();
    trace.game.machineHash = '0000000000000000';
    const file = writeTrace('other-chart.json', trace);
    const result = await cli('replay', 'examples/card-phases/game.ts', file);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^.*other-chart\.json: warning: the chart changed since the trace was recorded \(machine hash 0000000000000000 then, [0-9a-f]{16} now\)\n/,
    );
  });

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
      const file = join(built.scratch, name);
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
    const file = join(built.scratch, 'words.json');
    expect((await cli('coverage', 'examples/card-phases/game.ts', file)).stderr).toBe(
      `turnchart: ${file} is not JSON: line 1, column 1: Unexpected token 'h'\n`,
    );
  });
});

describe('turnchart inspect: save trace', () => {
  test('the page links to /trace.json: the match up to the timeline position, as a trace that replays', async () => {
    const child = spawn(
      process.execPath,
      [
        built.path,
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
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const found = /^(http:\/\/127\.0\.0\.1:\d+\/)$/m.exec(output)?.[1];
          if (found) resolveUrl(found);
        };
        child.stdout!.on('data', onData);
        child.stderr!.on('data', onData);
        child.once('exit', (code) =>
          reject(new Error(`inspect exited with ${code} before printing its URL:\n${output}`)),
        );
      });
      const html = await (await fetch(url)).text();
      expect(html).toMatch(/<a id="save-trace" href="\/trace\.json" download [^>]*>save trace<\/a>/);

      const socket = new WebSocket(url.replace('http:', 'ws:') + 'ws');
      // The server's word that it stepped back: the timeline at 3 of 4 (only the step back leads there).
      const steppedBack = new Promise<void>((resolve) =>
        socket.on('message', (data) => {
          const message = JSON.parse(String(data));
          if (message.type === 'turnchart.timeline' && message.position === 3 && message.length === 4) resolve();
        }),
      );
      await new Promise((opened) => socket.once('open', opened));
      const send = (message: unknown) => socket.send(JSON.stringify(message));
      send({ type: 'send', request: { type: 'move.playCard', playerID: '0', args: [] } });
      send({ type: 'send', request: { type: 'move.discard', playerID: '2', args: [] } });
      send({ type: 'send', request: { type: 'move.discard', playerID: '0', args: [] } });
      send({ type: 'send', request: { type: 'move.discard', playerID: '1', args: [] } });
      send({ type: 'back' });
      await steppedBack;
      const response = await fetch(new URL('/trace.json', url));
      const trace = parseTrace(await response.json());
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
  });
});
